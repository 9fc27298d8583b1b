from __future__ import annotations
from exo import proc

@proc
def scale(n: size, a: f32, x: f32[n]):
    for i in seq(0, n):
        x[i] = a * x[i]

@proc
def _hidden(n: size, x: f32[n]):
    pass
