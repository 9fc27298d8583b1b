# Uses the same AVX2 instructions as copy8.py, the other kernel of shared.toml.
from __future__ import annotations

from exo import *
from exo.platforms.x86 import mm256_loadu_ps, mm256_storeu_ps, AVX2


@proc
def copy16(x: f32[16], y: f32[16]):
    for i in seq(0, 2):
        v: f32[8] @ AVX2
        mm256_loadu_ps(v[0:8], x[8 * i : 8 * i + 8])
        mm256_storeu_ps(y[8 * i : 8 * i + 8], v[0:8])
