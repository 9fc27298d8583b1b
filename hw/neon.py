"""Arm Neon hardware library (exo.platforms.neon): the 128-bit Neon registers and
intrinsics on them.

`Neon` is the memory of a Neon register: a buffer's innermost dimension is one
register (4 x f32 -> float32x4_t, 2 x f64 -> float64x2_t, 8 x f16 -> float16x8_t);
outer dimensions, which must be constant, make a C array of registers. Registers are
only accessed through instructions (`can_read` is False).

Each instruction is an `@instr` proc: the string is the C that replaces a call
(`{x_data}` is the element or register a window argument points at, `{lane}` an
index argument), the body is what the intrinsic computes, in object code, for
`replace` to match. Names, argument names, types, memories and C strings are those of
upstream Exo's `exo.platforms.neon`.

Sections: f32 (4 lanes), f16 (8 lanes), f64 (2 lanes), f32 -> f64 conversion.
"""
from __future__ import annotations

from exo import DRAM, instr
from exo.libs.memories import VectorRegisters


class Neon(VectorRegisters):
    _name = "Neon"
    _header = "#include <arm_neon.h>"
    # Neon (ASIMD) is part of AArch64's base ISA: no target features, one architecture.
    target_arch = "aarch64"
    _registers = {
        "float": (4, "float32x4_t"),
        "double": (2, "float64x2_t"),
        "_Float16": (8, "float16x8_t"),
    }

    @classmethod
    def type_error(cls, prim_type):
        return "Neon vectors must be f32/f64 (for now)"


# ----------------------------------------------------------------------------------
# f32, 4 lanes (float32x4_t)
# ----------------------------------------------------------------------------------


@instr("{dst_data} = vld1q_f32(&{src_data});")
def neon_vld_4xf32(dst: [f32][4] @ Neon, src: [f32][4] @ DRAM):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 4):
        dst[i] = src[i]


@instr("vst1q_f32(&{dst_data}, {src_data});")
def neon_vst_4xf32(dst: [f32][4] @ DRAM, src: [f32][4] @ Neon):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 4):
        dst[i] = src[i]


# vld1q_dup: one value loaded into every lane.
@instr("{dst_data} = vld1q_dup_f32(&{src_data});")
def neon_broadcast_4xf32(dst: [f32][4] @ Neon, src: [f32][1] @ DRAM):
    assert stride(dst, 0) == 1
    for i in seq(0, 4):
        dst[i] = src[0]


# A scalar argument is passed to the C as a pointer, which vld1q_dup reads.
@instr("{dst_data} = vld1q_dup_f32({src_data});")
def neon_broadcast_4xf32_scalar(dst: [f32][4] @ Neon, src: f32 @ DRAM):
    assert stride(dst, 0) == 1
    for i in seq(0, 4):
        dst[i] = src


@instr("{dst_data} = vmovq_n_f32(0.0f);")
def neon_zero_4xf32(dst: [f32][4] @ Neon):
    assert stride(dst, 0) == 1
    for i in seq(0, 4):
        dst[i] = 0.0


@instr("{dst_data} = vaddq_f32({lhs_data}, {rhs_data});")
def neon_vadd_4xf32(dst: [f32][4] @ Neon, lhs: [f32][4] @ Neon, rhs: [f32][4] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    for i in seq(0, 4):
        dst[i] = lhs[i] + rhs[i]


# Accumulate: dst += src in every lane.
@instr("{dst_data} = vaddq_f32({src_data}, {dst_data});")
def neon_reduce_vadd_4xf32(dst: [f32][4] @ Neon, src: [f32][4] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 4):
        dst[i] += src[i]


# vaddvq: sum across the lanes (a pairwise tree, so equal up to reassociation).
@instr("*{result} += vaddvq_f32({x_data});")
def neon_assoc_reduce_add_instr_4xf32(result: f32 @ DRAM, x: [f32][4] @ Neon):
    for i in seq(0, 4):
        result += x[i]


@instr("{dst_data} = vmulq_f32({lhs_data}, {rhs_data});")
def neon_vmul_4xf32(dst: [f32][4] @ Neon, lhs: [f32][4] @ Neon, rhs: [f32][4] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    for i in seq(0, 4):
        dst[i] = lhs[i] * rhs[i]


# Note: the C multiplies dst (not lhs) by rhs; it agrees with the semantics when
# dst and lhs are the same register, which is how it is used.
@instr("{dst_data} = vmulq_f32({dst_data}, {rhs_data});")
def neon_vmul2_4xf32(dst: [f32][4] @ Neon, lhs: [f32][4] @ Neon, rhs: [f32][4] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    for i in seq(0, 4):
        dst[i] = lhs[i] * rhs[i]


# vfmaq_laneq_f32(a, b, v, lane) = a + b * v[lane] (fused).
@instr("{dst_data} = vfmaq_laneq_f32({dst_data}, {lhs_data}, {rhs_data}, {lane});")
def neon_vfmla_4xf32_4xf32(dst: [f32][4] @ Neon, lhs: [f32][4] @ Neon, rhs: [f32][4] @ Neon,
                           lane: index):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    assert lane >= 0
    assert lane < 4
    for i in seq(0, 4):
        dst[i] += lhs[i] * rhs[lane]


# The same with a separate addend b, so dst need not be initialised first.
@instr("{dst_data} = vfmaq_laneq_f32({b_data}, {lhs_data}, {rhs_data}, {lane});")
def neon_vfmla2_4xf32_4xf32(dst: [f32][4] @ Neon, b: [f32][4] @ Neon, lhs: [f32][4] @ Neon,
                            rhs: [f32][4] @ Neon, lane: index):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    assert stride(b, 0) == 1
    assert lane >= 0
    assert lane < 4
    for i in seq(0, 4):
        dst[i] = b[i] + lhs[i] * rhs[lane]


# vmlaq_f32(a, b, c) = a + b * c (multiply, then add: not fused).
@instr("{dst_data} = vmlaq_f32({dst_data}, {lhs_data}, {rhs_data});")
def neon_vfmadd_4xf32_4xf32(dst: [f32][4] @ Neon, lhs: [f32][4] @ Neon, rhs: [f32][4] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    for i in seq(0, 4):
        dst[i] += lhs[i] * rhs[i]


@instr("{dst_data} = vmlaq_f32({res_data}, {lhs_data}, {rhs_data});")
def neon_vfmadd_ex_4xf32_4xf32(dst: [f32][4] @ Neon, res: [f32][4] @ Neon,
                               lhs: [f32][4] @ Neon, rhs: [f32][4] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(res, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    for i in seq(0, 4):
        dst[i] = res[i] + lhs[i] * rhs[i]


# vmlaq_n_f32(a, b, s) = a + b * s with a scalar s.
@instr("{dst_data} = vmlaq_n_f32({dst_data}, {lhs_data}, {rhs_data});")
def neon_vfmadd_4xf32_1xf32(dst: [f32][4] @ Neon, lhs: [f32][4] @ Neon, rhs: [f32][1] @ DRAM):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    for i in seq(0, 4):
        dst[i] += lhs[i] * rhs[0]


@instr("{dst_data} = vmlaq_n_f32({dst_data}, {rhs_data}, {lhs_data});")
def neon_vfmadd_1xf32_4xf32(dst: [f32][4] @ Neon, lhs: [f32][1] @ DRAM, rhs: [f32][4] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    for i in seq(0, 4):
        dst[i] += lhs[0] * rhs[i]


@instr("{dst_data} = {src_data};")
def neon_reg_copy_4xf32(dst: [f32][4] @ Neon, src: [f32][4] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 4):
        dst[i] = src[i]


@instr("{dst_data} = vnegq_f32({src_data});")
def neon_vneg_4xf32(dst: [f32][4] @ Neon, src: [f32][4] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 4):
        dst[i] = -src[i]


# ----------------------------------------------------------------------------------
# f16, 8 lanes (float16x8_t; needs the FP16 arithmetic extension). Memory operands
# are _Float16 in C, cast to the intrinsics' float16_t pointers.
# ----------------------------------------------------------------------------------


@instr("{dst_data} = vld1q_f16((float16_t *)&{src_data});")
def neon_vld_8xf16(dst: [f16][8] @ Neon, src: [f16][8] @ DRAM):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 8):
        dst[i] = src[i]


@instr("vst1q_f16((float16_t *)&{dst_data}, {src_data});")
def neon_vst_8xf16(dst: [f16][8] @ DRAM, src: [f16][8] @ Neon):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 8):
        dst[i] = src[i]


@instr("{dst_data} = vld1q_dup_f16((float16_t *)&{src_data});")
def neon_broadcast_8xf16(dst: [f16][8] @ Neon, src: [f16][1] @ DRAM):
    assert stride(dst, 0) == 1
    for i in seq(0, 8):
        dst[i] = src[0]


@instr("{dst_data} = vmovq_n_f16(0.0f);")
def neon_zero_8xf16(dst: [f16][8] @ Neon):
    assert stride(dst, 0) == 1
    for i in seq(0, 8):
        dst[i] = 0.0


@instr("{dst_data} = vaddq_f16({lhs_data}, {rhs_data});")
def neon_vadd_8xf16(dst: [f16][8] @ Neon, lhs: [f16][8] @ Neon, rhs: [f16][8] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    for i in seq(0, 8):
        dst[i] = lhs[i] + rhs[i]


@instr("{dst_data} = vmulq_f16({lhs_data}, {rhs_data});")
def neon_vmul_8xf16(dst: [f16][8] @ Neon, lhs: [f16][8] @ Neon, rhs: [f16][8] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    for i in seq(0, 8):
        dst[i] = lhs[i] * rhs[i]


@instr("{dst_data} = vfmaq_laneq_f16({dst_data}, {lhs_data}, {rhs_data}, {lane});")
def neon_vfmla_8xf16_8xf16(dst: [f16][8] @ Neon, lhs: [f16][8] @ Neon, rhs: [f16][8] @ Neon,
                           lane: index):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    assert lane >= 0
    assert lane < 8
    for i in seq(0, 8):
        dst[i] += lhs[i] * rhs[lane]


# vfmaq_f16(a, b, c) = a + b * c (fused).
@instr("{dst_data} = vfmaq_f16({dst_data}, {lhs_data}, {rhs_data});")
def neon_vfmadd_8xf16_8xf16(dst: [f16][8] @ Neon, lhs: [f16][8] @ Neon, rhs: [f16][8] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    for i in seq(0, 8):
        dst[i] += lhs[i] * rhs[i]


@instr("{dst_data} = vfmaq_f16({res_data}, {lhs_data}, {rhs_data});")
def neon_vfmadd_ex_8xf16_8xf16(dst: [f16][8] @ Neon, res: [f16][8] @ Neon,
                               lhs: [f16][8] @ Neon, rhs: [f16][8] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(res, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    for i in seq(0, 8):
        dst[i] = res[i] + lhs[i] * rhs[i]


@instr("{dst_data} = vfmaq_n_f16({dst_data}, {lhs_data}, {rhs_data});")
def neon_vfmadd_8xf16_1xf16(dst: [f16][8] @ Neon, lhs: [f16][8] @ Neon, rhs: [f16][1] @ DRAM):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    for i in seq(0, 8):
        dst[i] += lhs[i] * rhs[0]


@instr("{dst_data} = vfmaq_n_f16({dst_data}, {rhs_data}, {lhs_data});")
def neon_vfmadd_1xf16_8xf16(dst: [f16][8] @ Neon, lhs: [f16][1] @ DRAM, rhs: [f16][8] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    for i in seq(0, 8):
        dst[i] += lhs[0] * rhs[i]


# ----------------------------------------------------------------------------------
# f64, 2 lanes (float64x2_t)
# ----------------------------------------------------------------------------------


@instr("{dst_data} = vld1q_f64(&{src_data});")
def neon_vld_2xf64(dst: [f64][2] @ Neon, src: [f64][2] @ DRAM):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 2):
        dst[i] = src[i]


@instr("vst1q_f64(&{dst_data}, {src_data});")
def neon_vst_2xf64(dst: [f64][2] @ DRAM, src: [f64][2] @ Neon):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 2):
        dst[i] = src[i]


@instr("{dst_data} = vld1q_dup_f64(&{src_data});")
def neon_broadcast_2xf64(dst: [f64][2] @ Neon, src: [f64][1] @ DRAM):
    assert stride(dst, 0) == 1
    for i in seq(0, 2):
        dst[i] = src[0]


@instr("{dst_data} = vld1q_dup_f64({src_data});")
def neon_broadcast_2xf64_scalar(dst: [f64][2] @ Neon, src: f64 @ DRAM):
    assert stride(dst, 0) == 1
    for i in seq(0, 2):
        dst[i] = src


@instr("{dst_data} = vmovq_n_f64(0.0f);")
def neon_zero_2xf64(dst: [f64][2] @ Neon):
    assert stride(dst, 0) == 1
    for i in seq(0, 2):
        dst[i] = 0.0


@instr("{dst_data} = vaddq_f64({lhs_data}, {rhs_data});")
def neon_vadd_2xf64(dst: [f64][2] @ Neon, lhs: [f64][2] @ Neon, rhs: [f64][2] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    for i in seq(0, 2):
        dst[i] = lhs[i] + rhs[i]


@instr("{dst_data} = vaddq_f64({src_data}, {dst_data});")
def neon_reduce_vadd_2xf64(dst: [f64][2] @ Neon, src: [f64][2] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 2):
        dst[i] += src[i]


@instr("*{result} += vaddvq_f64({x_data});")
def neon_assoc_reduce_add_instr_2xf64(result: f64 @ DRAM, x: [f64][2] @ Neon):
    for i in seq(0, 2):
        result += x[i]


@instr("{dst_data} = vmulq_f64({lhs_data}, {rhs_data});")
def neon_vmul_2xf64(dst: [f64][2] @ Neon, lhs: [f64][2] @ Neon, rhs: [f64][2] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    for i in seq(0, 2):
        dst[i] = lhs[i] * rhs[i]


@instr("{dst_data} = vmlaq_f64({dst_data}, {lhs_data}, {rhs_data});")
def neon_vfmadd_2xf64_2xf64(dst: [f64][2] @ Neon, lhs: [f64][2] @ Neon, rhs: [f64][2] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    assert stride(rhs, 0) == 1
    for i in seq(0, 2):
        dst[i] += lhs[i] * rhs[i]


@instr("{dst_data} = {src_data};")
def neon_reg_copy_2xf64(dst: [f64][2] @ Neon, src: [f64][2] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 2):
        dst[i] = src[i]


@instr("{dst_data} = vnegq_f64({src_data});")
def neon_vneg_2xf64(dst: [f64][2] @ Neon, src: [f64][2] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 2):
        dst[i] = -src[i]


# ----------------------------------------------------------------------------------
# f32 -> f64: the low (lanes 0, 1) or high (lanes 2, 3) half of a 4 x f32 register,
# widened to 2 x f64.
# ----------------------------------------------------------------------------------


@instr("{dst_data} = vcvt_f64_f32(vget_low_f32({src_data}));")
def neon_convert_f32_lower_to_f64(dst: [f64][2] @ Neon, src: [f32][4] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 2):
        dst[i] = src[i]


@instr("{dst_data} = vcvt_f64_f32(vget_high_f32({src_data}));")
def neon_convert_f32_upper_to_f64(dst: [f64][2] @ Neon, src: [f32][4] @ Neon):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 2):
        dst[i] = src[2 + i]
