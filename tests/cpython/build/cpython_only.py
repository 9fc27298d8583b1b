# A kernel only the CPython host can run: its schedule asks sympy for the split factor.
from __future__ import annotations

import sympy

from exo import proc
from exo.libs.memories import DRAM
from exo.stdlib.scheduling import divide_loop


@proc
def scale(n: size, x: f32[n] @ DRAM):
    for i in seq(0, n):
        x[i] = x[i] * 2.0


factor = int(sympy.Rational(16, 4))
scale_split = divide_loop(scale, "i", factor, ["io", "ii"], tail="cut")
__all__ = ["scale_split"]
