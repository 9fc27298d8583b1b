# Schedules for axpy.py: a function (proc, **params) -> proc.
from __future__ import annotations


def schedule_axpy(p, N, **params):
    """Specializes axpy to the manifest's N (the C function loses its n argument)."""
    return p.partial_eval(N)
