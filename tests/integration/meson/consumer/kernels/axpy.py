from __future__ import annotations
from exo import *
from common import *


@proc
def axpy(n: size, a: f32, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        y[i] += a * x[i]
