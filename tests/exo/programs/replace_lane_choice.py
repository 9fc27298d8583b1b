# When `rhs[lane]` can be matched several ways (the window may start anywhere and the
# lane make up the difference), replace picks a window at the start of the buffer and
# puts the loop index in the lane argument, as upstream does.
from __future__ import annotations
from exo import proc, instr, DRAM
from exo.stdlib.scheduling import *


@instr("{dst_data} = fma_lane({dst_data}, {lhs_data}, {rhs_data}, {lane});")
def fma_lane(dst: [f32][4] @ DRAM, lhs: [f32][4] @ DRAM, rhs: [f32][4] @ DRAM, lane: index):
    assert lane >= 0
    assert lane < 4
    for i in seq(0, 4):
        dst[i] += lhs[i] * rhs[lane]


@proc
def outer(C: f32[4] @ DRAM, A: f32[4] @ DRAM, B: f32[4] @ DRAM):
    for l in seq(0, 4):
        for i in seq(0, 4):
            C[i] += A[i] * B[l]


@proc
def rows(C: f32[4] @ DRAM, A: f32[4] @ DRAM, B: f32[3, 4] @ DRAM):
    for k in seq(0, 3):
        for l in seq(0, 4):
            for i in seq(0, 4):
                C[i] += A[i] * B[k, l]


print(simplify(replace(outer, "for i in _: _", fma_lane)))
print(simplify(replace(rows, "for i in _: _", fma_lane)))
