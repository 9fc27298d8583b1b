# delete_pass keeps a cursor on its own statement: the statements after a deleted
# `pass` move up, and a cursor to one of them follows it (upstream forwards this way;
# ExoBLAS's trsv schedule depends on it).
from __future__ import annotations
from exo import *
from exo.stdlib.scheduling import *


@proc
def k(x: f32[8], y: f32[8]):
    pass
    for i in seq(0, 8):
        x[i] = 1.0
    for j in seq(0, 8):
        if j < 3:
            pass
        y[j] = 2.0
        pass


loop_i = k.find_loop("i")
write_y = k.find("y[_] = _")
loop_j = k.find_loop("j")
k2 = delete_pass(k)
print(k2)
print(k2.forward(loop_i))
print(k2.forward(write_y))
print(k2.forward(loop_j))
