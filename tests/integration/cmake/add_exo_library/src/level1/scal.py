from __future__ import annotations

from exo import *

from blaslib import *


@proc
def scal(n: size, alpha: f32, x: f32[n]):
    for i in seq(0, n):
        x[i] = alpha * x[i]


scal = optimize_level_1(scal, "i")
