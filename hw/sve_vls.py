"""Arm SVE with a vector length fixed at compile time (exo.platforms.sve_vls).

`SVE_VLS(bits)` builds, for one vector length (128..2048 bits, a multiple of 128):
  .Vector         the memory of an SVE register (`svfloat32_vls_t` /
                  `svfloat64_vls_t`, typedefs with `arm_sve_vector_bits(bits)`);
                  a buffer's innermost dimension (bits/32 f32 or bits/64 f64 lanes)
                  is one register, outer dimensions a C array of registers;
  .svld1_f32, .svst1_f32, .svmla_n_f32_x
                  full-width instructions (all-true predicate) on f32 registers.
Names, argument names and C strings follow upstream Exo's `exo.platforms.sve_vls`.
"""
from __future__ import annotations

from exo import DRAM, instr
from exo.libs.memories import VectorRegisters


def _vector_memory(bits):
    """A Memory class for SVE registers of `bits` bits (a class per vector length,
    since the lane counts and the typedefs depend on it)."""
    registers = {"float": (bits // 32, "svfloat32_vls_t"), "double": (bits // 64, "svfloat64_vls_t")}

    class SVE_VLS(VectorRegisters):
        _name = "SVE"
        _header = ("#include <arm_sve.h>\n"
                   f"typedef svfloat32_t svfloat32_vls_t __attribute__((arm_sve_vector_bits({bits})));\n"
                   f"typedef svfloat64_t svfloat64_vls_t __attribute__((arm_sve_vector_bits({bits})));")
        _registers = registers

    return SVE_VLS, registers["float"][0]


class SVE_VLS:
    def __init__(self, sve_vector_bits):
        assert 128 <= sve_vector_bits <= 2048 and sve_vector_bits % 128 == 0
        Vector, f32_lanes = _vector_memory(sve_vector_bits)
        self.Vector = Vector

        # The bodies refer to Vector and f32_lanes from this scope: each instance
        # gets instructions of its own width and memory.
        @instr("{dst_data} = svld1_f32(svptrue_b32(), &{src_data});")
        def svld1_f32(dst: [f32][f32_lanes] @ Vector, src: [f32][f32_lanes] @ DRAM):
            assert stride(src, 0) == 1
            assert stride(dst, 0) == 1
            for i in seq(0, f32_lanes):
                dst[i] = src[i]

        @instr("svst1_f32(svptrue_b32(), &{dst_data}, {src_data});")
        def svst1_f32(dst: [f32][f32_lanes] @ DRAM, src: [f32][f32_lanes] @ Vector):
            assert stride(src, 0) == 1
            assert stride(dst, 0) == 1
            for i in seq(0, f32_lanes):
                dst[i] = src[i]

        # dst += src1 * src2 in every lane; src2 is a scalar passed by pointer.
        @instr("{dst_data} = svmla_n_f32_x(svptrue_b32(), {dst_data}, {src1_data}, *{src2_data});")
        def svmla_n_f32_x(dst: [f32][f32_lanes] @ Vector, src1: [f32][f32_lanes] @ Vector,
                          src2: f32):
            assert stride(src1, 0) == 1
            assert stride(dst, 0) == 1
            for i in seq(0, f32_lanes):
                dst[i] += src1[i] * src2

        self.svld1_f32 = svld1_f32
        self.svst1_f32 = svst1_f32
        self.svmla_n_f32_x = svmla_n_f32_x
