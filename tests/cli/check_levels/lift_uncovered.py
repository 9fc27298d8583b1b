# lift_alloc of a buffer that an iteration may read before writing it: after the lift,
# that read sees the previous iteration's value. exocc checks this (upstream's lift_alloc
# checks only the allocation's size): refused at the strict level, a warning at the
# upstream level (add_exo_library's, where ExoBLAS's gemm and syrk need it).
from __future__ import annotations

from exo import proc
from exo.stdlib.scheduling import lift_alloc


@proc
def carry(n: size, x: f32[n]):
    for i in seq(0, n):
        t: f32
        if i % 2 == 0:
            t = x[i]
        x[i] = t


lifted = lift_alloc(carry, "t")
print(lifted)
__all__ = ["lifted"]
