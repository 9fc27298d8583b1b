# A kernel both hosts can run: its C must be byte-identical whichever host built it.
from __future__ import annotations

from exo import proc
from exo.libs.memories import DRAM
from exo.stdlib.scheduling import divide_loop, rename, simplify


@proc
def axpy(n: size, a: f32, x: f32[n] @ DRAM, y: f32[n] @ DRAM):
    for i in seq(0, n):
        y[i] += a * x[i]


axpy_split = rename(simplify(divide_loop(axpy, "i", 8, ["io", "ii"], tail="cut_and_guard")), "axpy_split")
__all__ = ["axpy", "axpy_split"]
