# One proc, no library imports: what every exocc run pays at the least.
from __future__ import annotations
from exo import proc
@proc
def scale(n: size, x: f32[n], a: f32):
    for i in seq(0, n):
        x[i] = a * x[i]
