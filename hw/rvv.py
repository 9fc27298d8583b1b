"""RISC-V Vector hardware library (exo.platforms.rvv): f32 vectors in LMUL=1 registers.

`RVV` is the memory of a vector register group (`vfloat32m1_t`), modelled as four f32
lanes: a buffer's innermost dimension is one register, outer (constant) dimensions make
a C array of registers. Registers are only touched by instructions (`can_read` False).

Every instruction takes an active vector length `vl` (0 <= vl <= 4): the body is
the loop over the first `vl` lanes, so `replace` also matches loops that process
fewer than four elements, and the C passes `vl` on to the intrinsic. Names,
argument names and C strings follow upstream Exo's `exo.platforms.rvv`.
"""
from __future__ import annotations

from exo import DRAM, instr
from exo.libs.memories import VectorRegisters


class RVV(VectorRegisters):
    _name = "RVV"
    _header = "#include <riscv_vector.h>"
    _registers = {"float": (4, "vfloat32m1_t")}
    _partial_lanes = True  # a register may hold fewer lanes than it can (vl < 4)

    @classmethod
    def type_error(cls, prim_type):
        return "RVV vectors must be f32 (for now)"


# ----------------------------------------------------------------------------------
# Loads, stores, broadcasts (vle32 / vse32 / vfmv.v.f)
# ----------------------------------------------------------------------------------


@instr("{dst_data} = __riscv_vle32_v_f32m1(&{src_data},{vl});")
def rvv_vld_4xf32(dst: [f32][4] @ RVV, src: [f32][4] @ DRAM, vl: size):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    assert vl >= 0
    assert vl <= 4
    for i in seq(0, vl):
        dst[i] = src[i]


@instr("__riscv_vse32_v_f32m1(&{dst_data}, {src_data},{vl});")
def rvv_vst_4xf32(dst: [f32][4] @ DRAM, src: [f32][4] @ RVV, vl: size):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    assert vl >= 0
    assert vl <= 4
    for i in seq(0, vl):
        dst[i] = src[i]


# The one-element window is passed by value: {src_data} is the element itself.
@instr("{dst_data} = __riscv_vfmv_v_f_f32m1({src_data},{vl});")
def rvv_broadcast_4xf32(dst: [f32][4] @ RVV, src: [f32][1] @ DRAM, vl: size):
    assert stride(dst, 0) == 1
    assert vl >= 0
    assert vl <= 4
    for i in seq(0, vl):
        dst[i] = src[0]


# A scalar argument compiles to a pointer, so {src_data} is that pointer here, as in
# upstream (the C needs a dereference to be valid; kept for identical output).
@instr("{dst_data} = __riscv_vfmv_v_f_f32m1({src_data},{vl});")
def rvv_broadcast_4xf32_scalar(dst: [f32][4] @ RVV, src: f32 @ DRAM, vl: size):
    assert stride(dst, 0) == 1
    assert vl >= 0
    assert vl <= 4
    for i in seq(0, vl):
        dst[i] = src


@instr("{dst_data} = __riscv_vfmv_v_f_f32m1(0.0f,{vl});")
def rvv_broadcast_4xf32_0(dst: [f32][4] @ RVV, vl: size):
    assert stride(dst, 0) == 1
    assert vl >= 0
    assert vl <= 4
    for i in seq(0, vl):
        dst[i] = 0.0


# ----------------------------------------------------------------------------------
# Multiply-accumulate (vfmacc: vd += vs1 * vs2, or vd += f * vs2)
# ----------------------------------------------------------------------------------


@instr("{dst_data} = __riscv_vfmacc_vv_f32m1({dst_data}, {lhs_data}, {rhs_data},{vl});")
def rvv_vfmacc_4xf32_4xf32(dst: [f32][4] @ RVV, lhs: [f32][4] @ RVV, rhs: [f32][4] @ RVV,
                           vl: size):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    assert vl >= 0
    assert vl <= 4
    for i in seq(0, vl):
        dst[i] += lhs[i] * rhs[i]


# vfmacc.vf takes the scalar first. Upstream's string lacks the opening parenthesis
# after the intrinsic name (its C cannot compile); exocc emits the call correctly.
@instr("{dst_data} = __riscv_vfmacc_vf_f32m1({dst_data}, {rhs_data}, {lhs_data},{vl});")
def rvv_vfmacc_4xf32_1xf32(dst: [f32][4] @ RVV, lhs: [f32][4] @ RVV, rhs: [f32][1] @ DRAM,
                           vl: size):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    assert vl >= 0
    assert vl <= 4
    for i in seq(0, vl):
        dst[i] += lhs[i] * rhs[0]


@instr("{dst_data} = __riscv_vfmacc_vf_f32m1({dst_data}, {lhs_data}, {rhs_data},{vl});")
def rvv_vfmacc_1xf32_4xf32(dst: [f32][4] @ RVV, lhs: [f32][1] @ DRAM, rhs: [f32][4] @ RVV,
                           vl: size):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    assert vl >= 0
    assert vl <= 4
    for i in seq(0, vl):
        dst[i] += lhs[0] * rhs[i]
