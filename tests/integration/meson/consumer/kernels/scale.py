from __future__ import annotations
from exo import *


@proc
def scale(n: size, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        y[i] = 2.0 * x[i]
