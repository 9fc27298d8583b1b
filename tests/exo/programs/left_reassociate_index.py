# left_reassociate_expr of index arithmetic: the new inner operation is index arithmetic
# too, so the proc still passes the precision check and compiles (upstream types it R).
from __future__ import annotations
from exo import proc, compile_procs_to_strings
from exo.stdlib.scheduling import *


@proc
def shifted(x: f32[8], y: f32[8]):
    for i in seq(0, 6):
        y[1 + (i + 1)] = x[i]


p = left_reassociate_expr(shifted, shifted.find("1 + (i + 1)"))
print(p)
c, h = compile_procs_to_strings([p], "shifted.h")
print([line.strip() for line in c.splitlines() if line.strip().startswith("y[")])
