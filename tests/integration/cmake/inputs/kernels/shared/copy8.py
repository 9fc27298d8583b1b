# Uses the same AVX2 instructions as copy16.py, the other kernel of shared.toml.
from __future__ import annotations

from exo import *
from exo.platforms.x86 import mm256_loadu_ps, mm256_storeu_ps, AVX2


@proc
def copy8(x: f32[8], y: f32[8]):
    v: f32[8] @ AVX2
    mm256_loadu_ps(v[0:8], x[0:8])
    mm256_storeu_ps(y[0:8], v[0:8])
