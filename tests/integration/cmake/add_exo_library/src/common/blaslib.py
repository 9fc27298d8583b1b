# Scheduling shared by the kernel files (found through PYTHONPATH only).
from __future__ import annotations

from exo.stdlib.scheduling import divide_loop

from mini_config import Machine


def optimize_level_1(proc, loop):
    """Splits `loop` by the machine's vector width, guarding the tail."""
    return divide_loop(proc, loop, Machine.vec_width, ["io", "ii"], tail="cut")
