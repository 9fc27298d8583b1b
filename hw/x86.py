"""x86 hardware library (exo.platforms.x86): AVX2 and AVX-512 registers and intrinsics.

Every instruction is an `@instr` proc. The string is the C code that replaces a call
(Python `str.format` over the arguments: `{x_data}` is the element or register a
window argument points at, `{N}` a size argument, `{{`/`}}` literal braces); the body
is what the intrinsic computes, written as object code, so `replace` can find loops
that do the same thing. The preconditions say what the C relies on: register and
memory operands are unit-stride vectors (`stride(x, 0) == 1`), masks and prefixes fit
in a register.

Names, argument names, types, memories and C strings are those of upstream Exo's
`exo.platforms.x86`: programs and their expected output depend on them. Where an
intrinsic differs from its stated semantics that is noted at the definition.

Sections: prefetch; AVX2 f32/f64 (8 x f32, 4 x f64 per __m256/__m256d); AVX2 ui16
(16 lanes of __m256i); whole-register helpers (select, reductions, negation, copies);
AVX2 prefix (lane < bound) forms; f32 -> f64 conversion; AVX-512 f32 (16 lanes of
__m512, including the `(1 << N) - 1` masked forms).
"""
from __future__ import annotations

from exo import instr, DRAM
from exo.libs.memories import AVX2, AVX512, AMX_TILE
from exo.libs.externs import relu, select


# ----------------------------------------------------------------------------------
# Prefetch: a hint only, so its semantics change nothing.
# ----------------------------------------------------------------------------------


@instr("_mm_prefetch(&{A_data}, {locality_hint});")
def prefetch(A: [R][1] @ DRAM, locality_hint: size):
    # _MM_HINT_* values are 0..7
    assert 0 <= locality_hint
    assert locality_hint < 8
    pass


# ----------------------------------------------------------------------------------
# AVX2, 256-bit float registers: zero, load, store, broadcast.
# ----------------------------------------------------------------------------------


@instr("{dst_data} = _mm256_setzero_ps();")
def mm256_setzero_ps(dst: [f32][8] @ AVX2):
    assert stride(dst, 0) == 1
    for i in seq(0, 8):
        dst[i] = 0.0


@instr("{dst_data} = _mm256_setzero_pd();")
def mm256_setzero_pd(dst: [f64][4] @ AVX2):
    assert stride(dst, 0) == 1
    for i in seq(0, 4):
        dst[i] = 0.0


@instr("{out_data} = _mm256_xor_ps({out_data}, {out_data});")
def avx2_set0_ps(out: [f32][8] @ AVX2):
    # x ^ x clears every bit, i.e. +0.0 in each lane
    assert stride(out, 0) == 1
    for i in seq(0, 8):
        out[i] = 0.0


@instr("{dst_data} = _mm256_loadu_ps(&{src_data});")
def mm256_loadu_ps(dst: [f32][8] @ AVX2, src: [f32][8] @ DRAM):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 8):
        dst[i] = src[i]


@instr("{dst_data} = _mm256_loadu_pd(&{src_data});")
def mm256_loadu_pd(dst: [f64][4] @ AVX2, src: [f64][4] @ DRAM):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 4):
        dst[i] = src[i]


@instr("_mm256_storeu_ps(&{dst_data}, {src_data});")
def mm256_storeu_ps(dst: [f32][8] @ DRAM, src: [f32][8] @ AVX2):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 8):
        dst[i] = src[i]


@instr("_mm256_storeu_pd(&{dst_data}, {src_data});")
def mm256_storeu_pd(dst: [f64][4] @ DRAM, src: [f64][4] @ AVX2):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 4):
        dst[i] = src[i]


@instr("{out_data} = _mm256_broadcast_ss(&{val_data});")
def mm256_broadcast_ss(out: [f32][8] @ AVX2, val: [f32][1]):
    assert stride(out, 0) == 1
    for i in seq(0, 8):
        out[i] = val[0]


@instr("{out_data} = _mm256_broadcast_sd(&{val_data});")
def mm256_broadcast_sd(out: [f64][4] @ AVX2, val: [f64][1]):
    assert stride(out, 0) == 1
    for i in seq(0, 4):
        out[i] = val[0]


# The `_scalar` forms take the value itself; the argument is passed as a pointer
# to the scalar, which is what the broadcast intrinsics read from.
@instr("{out_data} = _mm256_broadcast_ss({val_data});")
def mm256_broadcast_ss_scalar(out: [f32][8] @ AVX2, val: f32):
    assert stride(out, 0) == 1
    for i in seq(0, 8):
        out[i] = val


@instr("{out_data} = _mm256_broadcast_sd({val_data});")
def mm256_broadcast_sd_scalar(out: [f64][4] @ AVX2, val: f64):
    assert stride(out, 0) == 1
    for i in seq(0, 4):
        out[i] = val


# ----------------------------------------------------------------------------------
# AVX2 float arithmetic: out = x OP y lane by lane; fused multiply-add.
# ----------------------------------------------------------------------------------


@instr("{out_data} = _mm256_add_ps({x_data}, {y_data});")
def mm256_add_ps(out: [f32][8] @ AVX2, x: [f32][8] @ AVX2, y: [f32][8] @ AVX2):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    for i in seq(0, 8):
        out[i] = x[i] + y[i]


@instr("{out_data} = _mm256_add_pd({x_data}, {y_data});")
def mm256_add_pd(out: [f64][4] @ AVX2, x: [f64][4] @ AVX2, y: [f64][4] @ AVX2):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    for i in seq(0, 4):
        out[i] = x[i] + y[i]


@instr("{out_data} = _mm256_sub_ps({x_data}, {y_data});")
def mm256_sub_ps(out: [f32][8] @ AVX2, x: [f32][8] @ AVX2, y: [f32][8] @ AVX2):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    for i in seq(0, 8):
        out[i] = x[i] - y[i]


@instr("{out_data} = _mm256_sub_pd({x_data}, {y_data});")
def mm256_sub_pd(out: [f64][4] @ AVX2, x: [f64][4] @ AVX2, y: [f64][4] @ AVX2):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    for i in seq(0, 4):
        out[i] = x[i] - y[i]


@instr("{out_data} = _mm256_mul_ps({x_data}, {y_data});")
def mm256_mul_ps(out: [f32][8] @ AVX2, x: [f32][8] @ AVX2, y: [f32][8] @ AVX2):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    for i in seq(0, 8):
        out[i] = x[i] * y[i]


@instr("{out_data} = _mm256_mul_pd({x_data}, {y_data});")
def mm256_mul_pd(out: [f64][4] @ AVX2, x: [f64][4] @ AVX2, y: [f64][4] @ AVX2):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    for i in seq(0, 4):
        out[i] = x[i] * y[i]


@instr("{out_data} = _mm256_div_ps({x_data}, {y_data});")
def mm256_div_ps(out: [f32][8] @ AVX2, x: [f32][8] @ AVX2, y: [f32][8] @ AVX2):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    for i in seq(0, 8):
        out[i] = x[i] / y[i]


@instr("{out_data} = _mm256_div_pd({x_data}, {y_data});")
def mm256_div_pd(out: [f64][4] @ AVX2, x: [f64][4] @ AVX2, y: [f64][4] @ AVX2):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    for i in seq(0, 4):
        out[i] = x[i] / y[i]


# _mm256_fmadd_ps(a, b, c) = a * b + c
@instr("{dst_data} = _mm256_fmadd_ps({src1_data}, {src2_data}, {dst_data});", target_features=["fma"])
def mm256_fmadd_ps(dst: [f32][8] @ AVX2, src1: [f32][8] @ AVX2, src2: [f32][8] @ AVX2):
    assert stride(src1, 0) == 1
    assert stride(src2, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 8):
        dst[i] += src1[i] * src2[i]


@instr("{dst_data} = _mm256_fmadd_pd({src1_data}, {src2_data}, {dst_data});", target_features=["fma"])
def mm256_fmadd_pd(dst: [f64][4] @ AVX2, src1: [f64][4] @ AVX2, src2: [f64][4] @ AVX2):
    assert stride(src1, 0) == 1
    assert stride(src2, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 4):
        dst[i] += src1[i] * src2[i]


# The C string is upstream's, kept for compatibility, but it is not a faithful
# implementation: _mm256_fmadd_ps(a, b, c) is a * b + c, so it computes
# dst * lhs + rhs and passes the scalar rhs where a __m256 is expected.
@instr("{dst_data} = _mm256_fmadd_ps({dst_data}, {lhs_data}, {rhs_data});", target_features=["fma"])
def mm256_fmadd_ps_broadcast(dst: [f32][8] @ AVX2, lhs: [f32][8] @ AVX2, rhs: [f32][1] @ DRAM):
    assert stride(dst, 0) == 1
    assert stride(lhs, 0) == 1
    for i in seq(0, 8):
        dst[i] += lhs[i] * rhs[0]


# dst += val where dst is in memory: loaded, added (as 1 * dst + val), stored back.
@instr("\n{{\n"
       "  __m256 ones = {{ 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f }};\n"
       "  __m256 dst = _mm256_loadu_ps(&{dst_data});\n"
       "  _mm256_storeu_ps(&{dst_data}, _mm256_fmadd_ps(ones, dst, {val_data}));\n"
       "}}\n", target_features=["fma"])
def avx2_fmadd_memu_ps(dst: [f32][8] @ DRAM, val: [f32][8] @ AVX2):
    assert stride(dst, 0) == 1
    assert stride(val, 0) == 1
    for i in seq(0, 8):
        dst[i] += val[i]


# ----------------------------------------------------------------------------------
# AVX2, 16 x ui16 in a __m256i.
# ----------------------------------------------------------------------------------


@instr("{dst_data} = _mm256_loadu_si256((const __m256i *) &{src_data});")
def mm256_loadu_si256(dst: [ui16][16] @ AVX2, src: [ui16][16] @ DRAM):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 16):
        dst[i] = src[i]


@instr("_mm256_storeu_si256((__m256i *) &{dst_data}, {src_data});")
def mm256_storeu_si256(dst: [ui16][16] @ DRAM, src: [ui16][16] @ AVX2):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 16):
        dst[i] = src[i]


# The intrinsic saturates at 65535 where the stated semantics wrap; they agree
# whenever the sum fits in 16 bits.
@instr("{out_data} = _mm256_adds_epu16({x_data}, {y_data});")
def mm256_add_epi16(out: [ui16][16] @ AVX2, x: [ui16][16] @ AVX2, y: [ui16][16] @ AVX2):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    for i in seq(0, 16):
        out[i] = x[i] + y[i]


# x / 3 for 16-bit unsigned x: (x * 43691) >> 17, as a high multiply then a shift by 1.
@instr("\n    {{\n"
       "        {out_data} = _mm256_mulhi_epu16({x_data}, _mm256_set1_epi16(43691));\n"
       "        {out_data} = _mm256_srli_epi16({out_data}, 1);\n"
       "    }}\n    ")
def avx2_ui16_divide_by_3(out: [ui16][16] @ AVX2, x: [ui16][16] @ AVX2):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    for i in seq(0, 16):
        out[i] = x[i] / 3.0


# ----------------------------------------------------------------------------------
# AVX2 whole-register operations: select, horizontal sums, negation, accumulate,
# register copies, masked store.
# ----------------------------------------------------------------------------------


# select(x, v, y, z) = y if x < v else z. The compare is done in the lane type
# (f32 for _ps), while the scalar select computes in double.
@instr("\n{out_data} = _mm256_blendv_ps ({z_data}, {y_data}, \n"
       "_mm256_cmp_ps ({x_data}, {v_data}, _CMP_LT_OQ));\n")
def avx2_select_ps(out: [f32][8] @ AVX2, x: [f32][8] @ AVX2, v: [f32][8] @ AVX2,
                   y: [f32][8] @ AVX2, z: [f32][8] @ AVX2):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(v, 0) == 1
    assert stride(y, 0) == 1
    assert stride(z, 0) == 1
    for i in seq(0, 8):
        out[i] = select(x[i], v[i], y[i], z[i])


@instr("\n{out_data} = _mm256_blendv_pd ({z_data}, {y_data},\n"
       "_mm256_cmp_pd ({x_data}, {v_data}, _CMP_LT_OQ));\n")
def avx2_select_pd(out: [f64][4] @ AVX2, x: [f64][4] @ AVX2, v: [f64][4] @ AVX2,
                   y: [f64][4] @ AVX2, z: [f64][4] @ AVX2):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(v, 0) == 1
    assert stride(y, 0) == 1
    assert stride(z, 0) == 1
    for i in seq(0, 4):
        out[i] = select(x[i], v[i], y[i], z[i])


# result += x[0] + ... + x[7]. The C adds the lanes pairwise (hadd), so the sum is
# only equal up to reassociation of floating-point addition.
@instr("\n    {{\n"
       "        __m256 tmp = _mm256_hadd_ps({x_data}, {x_data});\n"
       "        tmp = _mm256_hadd_ps(tmp, tmp);\n"
       "        __m256 upper_bits = _mm256_castps128_ps256(_mm256_extractf128_ps(tmp, 1));\n"
       "        tmp = _mm256_add_ps(tmp, upper_bits);\n"
       "        *{result} += _mm256_cvtss_f32(tmp);\n"
       "    }}\n    ")
def avx2_assoc_reduce_add_ps(x: [f32][8] @ AVX2, result: f32):
    assert stride(x, 0) == 1
    for i in seq(0, 8):
        result += x[i]


@instr("\n    {{\n"
       "        __m256d tmp = _mm256_hadd_pd({x_data}, {x_data});\n"
       "        __m256d upper_bits = _mm256_castpd128_pd256(_mm256_extractf128_pd (tmp, 1));\n"
       "        tmp = _mm256_add_pd(tmp, upper_bits);\n"
       "        *{result} += _mm256_cvtsd_f64(tmp);\n"
       "    }}\n    ")
def avx2_assoc_reduce_add_pd(x: [f64][4] @ AVX2, result: f64):
    assert stride(x, 0) == 1
    for i in seq(0, 4):
        result += x[i]


# Negation as a multiplication by -1.
@instr("{dst_data} = _mm256_mul_ps({src_data}, _mm256_set1_ps(-1.0f));")
def avx2_sign_ps(dst: [f32][8] @ AVX2, src: [f32][8] @ AVX2):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 8):
        dst[i] = -src[i]


@instr("{dst_data} = _mm256_mul_pd({src_data}, _mm256_set1_pd(-1.0f));")
def avx2_sign_pd(dst: [f64][4] @ AVX2, src: [f64][4] @ AVX2):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 4):
        dst[i] = -src[i]


# Vector accumulate: dst += src in every lane.
@instr("{dst_data} = _mm256_add_ps({src_data}, {dst_data});")
def avx2_reduce_add_wide_ps(dst: [f32][8] @ AVX2, src: [f32][8] @ AVX2):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 8):
        dst[i] += src[i]


@instr("{dst_data} = _mm256_add_pd({src_data}, {dst_data});")
def avx2_reduce_add_wide_pd(dst: [f64][4] @ AVX2, src: [f64][4] @ AVX2):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 4):
        dst[i] += src[i]


# Register-to-register copies (a C assignment of the vector value).
@instr("{dst_data} = {src_data};")
def avx2_reg_copy_ps(dst: [f32][8] @ AVX2, src: [f32][8] @ AVX2):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 8):
        dst[i] = src[i]


@instr("{dst_data} = {src_data};")
def avx2_reg_copy_pd(dst: [f64][4] @ AVX2, src: [f64][4] @ AVX2):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 4):
        dst[i] = src[i]


# Stores the first N lanes. Note: the C builds the lane mask with
# _mm256_set1_epi8((1 << N) - 1) (upstream's text); _mm256_maskstore_ps looks at the
# top bit of each 32-bit lane, so prefer mm256_prefix_store_ps for new code.
@instr("__m256i opaque = _mm256_set1_epi8((1<<{N}) - 1);\n"
       "_mm256_maskstore_ps(&{dst_data}, opaque, {src_data});")
def avx2_mask_storeu_ps(N: size, dst: [f32][N] @ DRAM, src: [f32][8] @ AVX2):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    assert N <= 8
    for i in seq(0, 8):
        if i < N:
            dst[i] = src[i]


# ----------------------------------------------------------------------------------
# AVX2 prefix forms: only lanes i < bound are read or written. The C compares the
# lane numbers 0..7 with `bound` to get a per-lane mask, then uses a masked load or
# store, or blends the full-width result into `out` (other lanes keep their value).
# ----------------------------------------------------------------------------------


def _with_prefix_mask(use_mask):
    return ("\n{{\n"
            "__m256i indices = _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0);\n"
            "__m256i prefix = _mm256_set1_epi32({bound});\n"
            "__m256i cmp = _mm256_cmpgt_epi32(prefix, indices);\n"
            + use_mask +
            "}}\n")


def _blend_into_out(var, computed):
    return _with_prefix_mask(
        f"__m256 {var} = {computed};\n"
        f"{{out_data}} = _mm256_blendv_ps ({{out_data}}, {var}, _mm256_castsi256_ps(cmp));\n")


@instr(_with_prefix_mask("{dst_data} = _mm256_maskload_ps(&{src_data}, cmp);\n"))
def mm256_prefix_load_ps(dst: [f32][8] @ AVX2, src: [f32][8] @ DRAM, bound: size):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    assert bound <= 8
    for i in seq(0, 8):
        if i < bound:
            dst[i] = src[i]


@instr(_with_prefix_mask("_mm256_maskstore_ps(&{dst_data}, cmp, {src_data});\n"))
def mm256_prefix_store_ps(dst: [f32][8] @ DRAM, src: [f32][8] @ AVX2, bound: size):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    assert bound <= 8
    for i in seq(0, 8):
        if i < bound:
            dst[i] = src[i]


@instr(_blend_into_out("add", "_mm256_add_ps({x_data}, {y_data})"))
def mm256_prefix_add_ps(out: [f32][8] @ AVX2, x: [f32][8] @ AVX2, y: [f32][8] @ AVX2, bound: size):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    assert bound <= 8
    for i in seq(0, 8):
        if i < bound:
            out[i] = x[i] + y[i]


@instr(_blend_into_out("mul", "_mm256_mul_ps({x_data}, {y_data})"))
def mm256_prefix_mul_ps(out: [f32][8] @ AVX2, x: [f32][8] @ AVX2, y: [f32][8] @ AVX2, bound: size):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    assert bound <= 8
    for i in seq(0, 8):
        if i < bound:
            out[i] = x[i] * y[i]


@instr(_blend_into_out("sub", "_mm256_sub_ps({x_data}, {y_data})"))
def mm256_prefix_sub_ps(out: [f32][8] @ AVX2, x: [f32][8] @ AVX2, y: [f32][8] @ AVX2, bound: size):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    assert bound <= 8
    for i in seq(0, 8):
        if i < bound:
            out[i] = x[i] - y[i]


@instr(_blend_into_out("div", "_mm256_div_ps({x_data}, {y_data})"))
def mm256_prefix_div_ps(out: [f32][8] @ AVX2, x: [f32][8] @ AVX2, y: [f32][8] @ AVX2, bound: size):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    assert bound <= 8
    for i in seq(0, 8):
        if i < bound:
            out[i] = x[i] / y[i]


@instr(_blend_into_out("bc", "_mm256_broadcast_ss(&{val_data})"))
def mm256_prefix_broadcast_ss(out: [f32][8] @ AVX2, val: [f32][1], bound: size):
    assert stride(out, 0) == 1
    assert bound <= 8
    for i in seq(0, 8):
        if i < bound:
            out[i] = val[0]


# ----------------------------------------------------------------------------------
# f32 -> f64: the low (lanes 0..3) or high (lanes 4..7) half of an 8 x f32 register,
# widened to 4 x f64.
# ----------------------------------------------------------------------------------


@instr("{dst_data} = _mm256_cvtps_pd(_mm256_extractf128_ps({src_data}, 0));")
def avx2_convert_f32_lower_to_f64(dst: [f64][4] @ AVX2, src: [f32][8] @ AVX2):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 4):
        dst[i] = src[i]


@instr("{dst_data} = _mm256_cvtps_pd(_mm256_extractf128_ps({src_data}, 1));")
def avx2_convert_f32_upper_to_f64(dst: [f64][4] @ AVX2, src: [f32][8] @ AVX2):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 4):
        dst[i] = src[4 + i]


# ----------------------------------------------------------------------------------
# AVX-512, 16 x f32 in a __m512. Masked forms act on lanes i < N, with the mask
# (1 << N) - 1.
# ----------------------------------------------------------------------------------


@instr("{dst_data} = _mm512_setzero_ps();")
def mm512_setzero_ps(dst: [f32][16] @ AVX512):
    assert stride(dst, 0) == 1
    for i in seq(0, 16):
        dst[i] = 0.0


@instr("{dst_data} = _mm512_loadu_ps(&{src_data});")
def mm512_loadu_ps(dst: [f32][16] @ AVX512, src: [f32][16] @ DRAM):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    for i in seq(0, 16):
        dst[i] = src[i]


@instr("_mm512_storeu_ps(&{dst_data}, {src_data});")
def mm512_storeu_ps(dst: [f32][16] @ DRAM, src: [f32][16] @ AVX512):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 16):
        dst[i] = src[i]


# dst += src where dst is in memory: the write-back of an accumulator that was staged
# from zero (stage_mem(..., accum=True)), so that no arithmetic waits on loading dst.
@instr("_mm512_storeu_ps(&{dst_data}, _mm512_add_ps(_mm512_loadu_ps(&{dst_data}), {src_data}));")
def mm512_add_memu_ps(dst: [f32][16] @ DRAM, src: [f32][16] @ AVX512):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 16):
        dst[i] += src[i]


# Zero-masking load: lanes i >= N become 0 in the register (the semantics leave them
# unspecified) and memory past src[N - 1] is not touched.
@instr("{dst_data} = _mm512_maskz_loadu_ps(((1 << {N}) - 1), &{src_data});")
def mm512_maskz_loadu_ps(N: size, dst: [f32][16] @ AVX512, src: [f32][N] @ DRAM):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    assert N <= 16
    for i in seq(0, 16):
        if i < N:
            dst[i] = src[i]


@instr("_mm512_mask_storeu_ps(&{dst_data}, ((1 << {N}) - 1), {src_data});")
def mm512_mask_storeu_ps(N: size, dst: [f32][N] @ DRAM, src: [f32][16] @ AVX512):
    assert stride(src, 0) == 1
    assert stride(dst, 0) == 1
    assert N <= 16
    for i in seq(0, 16):
        if i < N:
            dst[i] = src[i]


@instr("{dst_data} = _mm512_set1_ps({src_data});")
def mm512_set1_ps(dst: [f32][16] @ AVX512, src: [f32][1]):
    assert stride(dst, 0) == 1
    for i in seq(0, 16):
        dst[i] = src[0]


# Same C as mm512_set1_ps: writing every lane is allowed since the register's lanes
# i >= N are dead in the programs that use it (a stand-in for overcompute).
@instr("{dst_data} = _mm512_set1_ps({src_data});")
def mm512_mask_set1_ps(N: size, dst: [f32][16] @ AVX512, src: [f32][1]):
    assert N >= 1
    assert N <= 16  # upstream says N < 16; at N == 16 the C above is exact
    assert stride(dst, 0) == 1
    for i in seq(0, 16):
        if i < N:
            dst[i] = src[0]


@instr("{out_data} = _mm512_add_ps({x_data}, {y_data});")
def mm512_add_ps(out: [f32][16] @ AVX512, x: [f32][16] @ AVX512, y: [f32][16] @ AVX512):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    for i in seq(0, 16):
        out[i] = x[i] + y[i]


# Merge-masking: lanes i >= N keep out's value.
@instr("{out_data} = _mm512_mask_add_ps({out_data}, ((1 << {N}) - 1), {x_data}, {y_data});")
def mm512_mask_add_ps(N: size, out: [f32][16] @ AVX512, x: [f32][16] @ AVX512, y: [f32][16] @ AVX512):
    assert stride(out, 0) == 1
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    for i in seq(0, 16):
        if i < N:
            out[i] = x[i] + y[i]


@instr("{C_data} = _mm512_fmadd_ps({A_data}, {B_data}, {C_data});")
def mm512_fmadd_ps(A: [f32][16] @ AVX512, B: [f32][16] @ AVX512, C: [f32][16] @ AVX512):
    assert stride(A, 0) == 1
    assert stride(B, 0) == 1
    assert stride(C, 0) == 1
    for i in seq(0, 16):
        C[i] += A[i] * B[i]


# _mm512_mask_fmadd_ps(a, k, b, c): a * b + c where k is set, a elsewhere. Lanes
# i >= N are therefore overwritten with A's; only lanes i < N are specified here.
@instr("{C_data} = _mm512_mask_fmadd_ps({A_data}, ((1 << {N}) - 1), {B_data}, {C_data});")
def mm512_mask_fmadd_ps(N: size, A: [f32][16] @ AVX512, B: [f32][16] @ AVX512, C: [f32][16] @ AVX512):
    assert N >= 1
    assert N <= 16  # upstream says N < 16; N == 16 is the full mask (1 << 16) - 1, exact
    assert stride(A, 0) == 1
    assert stride(B, 0) == 1
    assert stride(C, 0) == 1
    for i in seq(0, 16):
        if i < N:
            C[i] += A[i] * B[i]


# relu(x) = max(x, 0), against an all-zero register.
@instr("{dst_data} = _mm512_max_ps({src_data}, (__m512){{0}});")
def mm512_relu_ps(dst: [f32][16] @ AVX512, src: [f32][16] @ AVX512):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 16):
        dst[i] = relu(src[i])
