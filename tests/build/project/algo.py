from __future__ import annotations

from exo import *
from exo.build import params

from scratch import SCRATCH

WIDTH = params["WIDTH"]


@instr("{dst_data} = {src_data};")
def copy1(dst: [f32][1] @ DRAM, src: [f32][1] @ SCRATCH):
    for i in seq(0, 1):
        dst[i] = src[i]


@proc
def blend(n: size, a: f32[n, WIDTH], b: f32[n, WIDTH], out: f32[n, WIDTH]):
    tmp: f32[WIDTH] @ SCRATCH
    for i in seq(0, n):
        for j in seq(0, WIDTH):
            tmp[j] = 0.5 * (a[i, j] + b[i, j])
        for j in seq(0, WIDTH):
            copy1(out[i, j:j + 1], tmp[j:j + 1])


@proc
def accumulate(n: size, x: f32[n], acc: f32):
    for i in seq(0, n):
        acc += x[i]
