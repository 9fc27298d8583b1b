from __future__ import annotations

from exo import *

from blaslib import *


@proc
def axpy(n: size, alpha: f32, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        y[i] += alpha * x[i]


axpy = optimize_level_1(axpy, "i")
