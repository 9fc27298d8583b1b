# exo.platforms.rvv, sve_vls, sve_vla and gemmini (hw/*.py): kernels scheduled onto
# their instructions with `replace`, the C, and the memories' errors.
from __future__ import annotations

from exo import proc, compile_procs_to_strings
from exo.core.memory import MemGenError
from exo.platforms.rvv import *
from exo.platforms.sve_vla import svmla_n_f32_x_vla
from exo.platforms.sve_vls import SVE_VLS
from exo.platforms.gemmini import (GEMM_SCRATCH, GEMM_ACCUM, acc_scale, clamp, relu, ld_i8,
                                   zero_acc_i32, matmul_acc_i8, st_acc_i8, ld_i8_id1_v2)
from exo.stdlib.scheduling import *


def show_c(p):
    c, h = compile_procs_to_strings([p], "test.h")
    start = c.index("void " + p.name() + "(")
    print(c[start:c.index("\n}\n", start) + 3], end="")


# RVV: c[i] += a[i] * b[i] in registers of 4 lanes, with a vector length argument.
@proc
def vfmacc(n: size, c: f32[n] @ DRAM, a: f32[n] @ DRAM, b: f32[n] @ DRAM):
    assert n % 4 == 0
    for i in seq(0, n):
        c[i] += a[i] * b[i]


p = divide_loop(vfmacc, "i", 4, ["io", "ii"], perfect=True)
p = stage_mem(p, "for ii in _: _", "c[4 * io:4 * io + 4]", "cv")
for buf in ["a", "b"]:
    p = bind_expr(p, f"{buf}[_]", f"{buf}v")
    p = expand_dim(p, f"{buf}v", 4, "ii")
    p = lift_alloc(p, f"{buf}v")
    p = autofission(p, p.find(f"{buf}v[_] = _").after())
for buf in ["cv", "av", "bv"]:
    p = set_memory(p, buf, RVV)
p = simplify(replace_all(p, [rvv_vld_4xf32, rvv_vst_4xf32, rvv_vfmacc_4xf32_4xf32]))
print(p)
show_c(p)

# A register holds at most 4 f32 lanes, and only f32.
for typ in ["f32", "f64"]:
    @proc
    def wide(x: f32[8] @ DRAM):
        t: f32[8] @ RVV
        for i in seq(0, 8):
            x[i] = 0.0
    wide = set_memory(set_precision(wide, "t", typ), "t", RVV)
    try:
        compile_procs_to_strings([wide], "test.h")
        print("compiled", typ)
    except MemGenError as e:
        print("MemGenError:", str(e).split(": ", 1)[1])


# SVE with 256-bit vectors: 8 lanes of f32.
SVE256 = SVE_VLS(256)


@proc
def svmla8(c: f32[8] @ DRAM, a: f32[8] @ DRAM, s: f32):
    for i in seq(0, 8):
        c[i] += a[i] * s


p = stage_mem(svmla8, "for i in _: _", "c[0:8]", "cv")
p = stage_mem(p, "for i in _: _", "a[0:8]", "av")
p = set_memory(set_memory(p, "cv", SVE256.Vector), "av", SVE256.Vector)
p = simplify(replace_all(p, [SVE256.svld1_f32, SVE256.svst1_f32, SVE256.svmla_n_f32_x]))
print(p)
c, h = compile_procs_to_strings([p], "test.h")
print(c[c.index("#include <arm_sve.h>"):c.index("/* relying")], end="")

# SVE, any vector length: the whole loop is one instruction.
@proc
def svmla_n(n: size, c: f32[n] @ DRAM, a: f32[n] @ DRAM, s: f32):
    for i in seq(0, n):
        c[i] += a[i] * s


print(replace(svmla_n, "for i in _: _", svmla_n_f32_x_vla))


# Gemmini: one 16 x 16 x 16 int8 tile, loaded, multiplied on the array, stored.
@proc
def tile_matmul(scale: f32, act: bool, A: i8[16, 16] @ DRAM, B: i8[16, 16] @ DRAM,
                C: i8[16, 16] @ DRAM):
    a: i8[16, 16] @ GEMM_SCRATCH
    b: i8[16, 16] @ GEMM_SCRATCH
    res: i32[16, 16] @ GEMM_ACCUM
    for i in seq(0, 16):
        for j in seq(0, 16):
            a[i, j] = A[i, j]
    for i in seq(0, 16):
        for j in seq(0, 16):
            b[i, j] = B[i, j]
    for i in seq(0, 16):
        for j in seq(0, 16):
            res[i, j] = 0.0
    for i in seq(0, 16):
        for j in seq(0, 16):
            for k in seq(0, 16):
                a2: i32
                b2: i32
                a2 = a[i, k]
                b2 = b[k, j]
                res[i, j] += a2 * b2
    for i in seq(0, 16):
        for j in seq(0, 16):
            src_tmp: i32
            src_tmp = res[i, j]
            tmp: f32
            acc_scale(src_tmp, tmp, scale)
            tmp2: i8
            clamp(tmp, tmp2)
            if act == True:
                tmp2 = relu(tmp2)
            C[i, j] = tmp2


p = tile_matmul
for instruction in [ld_i8, ld_i8, zero_acc_i32, matmul_acc_i8, st_acc_i8]:
    p = replace(p, "for i in _: _", instruction)
print(p)
show_c(p)

# The _v2 form of a load is its config instruction then its do_ instruction.
print(ld_i8_id1_v2)
# The scratchpad needs rows of exactly 16.
bad = set_memory(rename(tile_matmul, "bad_rows"), "a", GEMM_SCRATCH)
bad = divide_dim(bad, "a", 1, 8)
try:
    compile_procs_to_strings([bad], "test.h")
    print("compiled rows of 8")
except MemGenError as e:
    print("MemGenError:", str(e).split(": ", 1)[1])
