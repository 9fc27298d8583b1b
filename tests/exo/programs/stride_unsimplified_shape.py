# The strides of an allocation follow from its shape even when the shape is written as
# an unsimplified constant expression (stage_mem produces `8 - 0`), so a callee's
# stride precondition can be proven without simplifying first.
from __future__ import annotations
from exo import proc, instr, DRAM
from exo.stdlib.scheduling import *


@instr("copy8({dst_data}, {src_data});")
def copy8(dst: [f32][8, 8] @ DRAM, src: [f32][8, 8] @ DRAM):
    assert stride(dst, 0) == 8
    for i in seq(0, 8):
        for j in seq(0, 8):
            dst[i, j] = src[i, j]


@proc
def f(w: f32[8, 8] @ DRAM):
    t: f32[8 - 0, 4 * 2] @ DRAM
    for i in seq(0, 8 - 0):
        for j in seq(0, 8 - 0):
            t[i, j] = w[i, j]


@proc
def g(w: f32[8, 8] @ DRAM):
    t: f32[8, 16 - 2] @ DRAM
    for i in seq(0, 8):
        for j in seq(0, 8):
            t[i, j] = w[i, j]


print(replace(f, "for i in _: _", copy8))
try:
    replace(g, "for i in _: _", copy8)
except SchedulingError as e:
    print("rejected: stride(t, 0) is", "14" if "t_stride_0 = 14" in str(e) else "unknown")
