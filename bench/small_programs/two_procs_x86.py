# Two procs and a split, importing the x86 platform and the scheduling library, as a
# typical small kernel file does.
from __future__ import annotations
from exo import proc
from exo.platforms.x86 import *
from exo.stdlib.scheduling import *

@proc
def scale(n: size, x: f32[n], a: f32):
    for i in seq(0, n):
        x[i] = a * x[i]

@proc
def axpy(n: size, x: f32[n], y: f32[n], a: f32):
    for i in seq(0, n):
        y[i] += a * x[i]

axpy = divide_loop(axpy, "i", 8, ["io", "ii"], tail="cut")
