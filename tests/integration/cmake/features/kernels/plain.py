from __future__ import annotations

from exo import *


@proc
def plain(x: f32[4]):
    for i in seq(0, 4):
        x[i] = x[i] + 1.0
