# Single-precision GEMM, C += A * B (row-major), scheduled for AVX-512 and AVX2.
#
# The structure is the classic one of BLIS and OpenBLAS, written as Exo procs:
#   sgemm_*,        K is cut into slices of KC; for each, panel_* packs A's slice once
#   panel_*,        and cuts N into panels of NC columns; block_* packs B's panel and
#   block_*:        cuts M into blocks of MC rows for macro_*. pack_a transposes A's rows
#                   into k-major steps, 6 x 16 (or 6 x 8) at a time with
#                   transpose_6x16_avx512 (transpose_6x8_avx2), instructions defined in
#                   this file: on AVX-512 that halved pack_a's share of a GEMM at
#                   n = 512 (4.8% to 2.4%).
#   macro_*:        walks the packed block in MR x NR tiles, a row of tiles at a time, so
#                   that one MR-row panel of A stays in L1 while B's packed panel streams
#                   from L2 and C is read and written row-sequentially; a ragged last row
#                   or column of tiles goes through edge_tile_*, which computes a full tile
#                   from the zero-padded packing into a local buffer and adds back what
#                   belongs.
#   ukernel_*:      the register-blocked micro-kernel. It starts as the plain loop nest
#                   `ukernel_spec` and is scheduled onto vector instructions by
#                   schedule_ukernel below: the tile of C is accumulated in registers from
#                   zero over the whole K loop and added to C at the end, so no FMA waits
#                   for C to arrive from memory; each step loads one row of packed B,
#                   broadcasts MR values of A and prefetches the row of B four steps on.
#                   pack_a stores A's panel k-major, the step's MR values side by side, so
#                   the broadcasts read one pointer at fixed offsets: with MR row pointers
#                   their address arithmetic took issue slots from the AVX2 kernel's FMAs.
# Every call, window and packing index is bounds-checked by exocc; the instructions'
# unit-stride asserts become preconditions that the callers are checked against.
from __future__ import annotations

from exo import DRAM, instr, proc
from exo.libs.memories import DRAM_STACK
from exo.build import params
from exo.platforms.x86 import *
from exo.stdlib.scheduling import *

MR = 6  # rows of C per micro-tile
KC = 512  # depth of a packed panel: each tile adds KC products to C, so C is read and
#           written K / KC times, and each call's fixed work (zeroing the tile, adding it
#           to C) is spread over KC steps; an MR x KC panel of A (12 KiB) stays in L1.
#           Measured against KC = 256 (with NC = 512): 2-3% faster at n = 1024 and 2048
MC = 96  # rows of C per call of macro_*
NC = 256  # columns per packed panel of B (KC * NC floats, 512 KiB, stay in L2)


class DRAM_STACK_LINE(DRAM_STACK):
    """DRAM_STACK starting on a 64-byte cache line. The micro-kernel reads packed B a
    vector at a time, and a C array on the stack is only 16-byte aligned: a vector that
    straddles two lines costs two accesses. With B's panel 16 bytes off a line boundary,
    the AVX-512 GEMM measured 7% slower at n = 1024."""

    @classmethod
    def alloc(cls, new_name, prim_type, shape, srcinfo):
        return "_Alignas(64) " + super().alloc(new_name, prim_type, shape, srcinfo)


def ukernel_spec(NR):
    @proc
    def ukernel_spec(K: size, A: [f32][K, MR], B: [f32][K, NR], C: [f32][MR, NR]):
        assert stride(A, 1) == 1
        assert stride(B, 1) == 1
        for i in seq(0, MR):
            for j in seq(0, NR):
                for k in seq(0, K):
                    C[i, j] += A[k, i] * B[k, j]

    return ukernel_spec


def schedule_ukernel(NR, name, VW, mem, zero, load, add_to_mem, bcast, fmadd):
    """Registers for C (from zero, added back), a vector load of B per VW columns and a
    broadcast per row of A; `zero`, `load`, `add_to_mem`... are the ISA's instructions."""
    p = rename(ukernel_spec(NR), name)
    p = reorder_loops(p, "j k")
    p = reorder_loops(p, "i k")
    p = stage_mem(p, "for k in _:_", f"C[0:{MR}, 0:{NR}]", "C_reg", accum=True)
    p = stage_mem(p, "for i in _:_", f"B[k, 0:{NR}]", "B_reg")
    p = simplify(p)
    p = divide_loop(p, "for j in _:_", VW, ["jo", "ji"], perfect=True)
    p = bind_expr(p, "A[k, i]", "a_vec")
    p = expand_dim(p, "a_vec", VW, "ji")
    p = lift_alloc(p, "a_vec", n_lifts=2)
    p = fission(p, p.find("a_vec[_] = _").after(), n_lifts=2)
    p = remove_loop(p, "for jo in _:_ #0")
    p = divide_dim(p, "C_reg", 1, VW)
    p = divide_dim(p, "B_reg", 0, VW)
    for loop in ["for i1 in _:_", "for i0 in _:_ #1", "for i1 in _:_"]:
        p = divide_loop(p, loop, VW, ["vo", "vi"], perfect=True)
    for buf in ["C_reg", "B_reg", "a_vec"]:
        p = set_memory(p, buf, mem)
    p = simplify(p)
    for instr in [zero, load, add_to_mem, bcast, fmadd]:
        p = replace_all(p, instr)
    for loop in ["vo", "jo", "i", "i0"]:
        p = repeat(unroll_loop)(p, loop)
    return prefetch_b_ahead(simplify(p))


def prefetch_b_ahead(p, rows_ahead=4):
    """Each step of k prefetches into L1 the start of the row of B that step
    k + rows_ahead loads. B's panel streams from L2 (the tile loop keeps A's panel in L1
    instead), and the hardware prefetchers alone leave part of that latency exposed;
    prefetching a row's first line was measured to be enough for the rest of it, and
    costs one slot where prefetching every line costs four. The guard keeps the window
    inside B; a prefetch is a call of a proc whose body is `pass`, so it cannot change
    what the kernel computes."""
    p = insert_pass(p, p.find_loop("k").body()[0].before())
    p = specialize(p, p.find("pass"), [f"k + {rows_ahead} < K"])
    p = insert_noop_call(p, p.find("pass").before(), prefetch, [f"B[k + {rows_ahead}, 0:1]", "3"])
    return delete_pass(p)


def _transpose_6x16_c():
    """C for transpose_6x16_avx512: six rows of 16 floats are loaded, interleaved in
    pairs (rows 0 and 1, 2 and 3, 4 and 5) by two-source permutes, and each of the six
    output vectors is then gathered from the three pairs by one more two-source permute
    and one masked permute. The permute indices are worked out here from the layout."""

    def ints(values):
        return "_mm512_setr_epi32(" + ", ".join(map(str, values)) + ")"

    # pairs: element 2k + h of a pair's low (k < 8) or high (k >= 8) half is row h's k
    low = [16 * h + k for k in range(8) for h in range(2)]
    high = [16 * h + k for k in range(8, 16) for h in range(2)]
    lines = ["{",
             "  const float *s_ = &{src_data};",
             "  const int_fast32_t ld_ = {src}.strides[0];",
             "  __m512 r_[6];",
             "  for (int i_ = 0; i_ < 6; i_++) r_[i_] = _mm512_loadu_ps(s_ + i_ * ld_);",
             f"  const __m512i low_ = {ints(low)}, high_ = {ints(high)};",
             "  __m512 pair_[2][3];",
             "  for (int q_ = 0; q_ < 3; q_++) {",
             "    pair_[0][q_] = _mm512_permutex2var_ps(r_[2 * q_], low_, r_[2 * q_ + 1]);",
             "    pair_[1][q_] = _mm512_permutex2var_ps(r_[2 * q_], high_, r_[2 * q_ + 1]);",
             "  }",
             "  float *d_ = &{dst_data};"]
    # output vector t holds dst's flat elements 16t .. 16t + 15: element p is row p % 6
    # of step p / 6; vectors 3..5 repeat 0..2's pattern on the high halves (48 = 8 * 6)
    for t in range(6):
        from_two, from_third, mask = [], [], 0
        for q in range(16):
            p = 16 * (t % 3) + q
            k, i = p // 6, p % 6
            element = 2 * k + i % 2
            from_two.append(16 * (i // 2) + element if i < 4 else 0)
            from_third.append(element if i >= 4 else 0)
            if i >= 4:
                mask |= 1 << q
        half = t // 3
        lines.append(f"  _mm512_storeu_ps(d_ + {16 * t}, _mm512_mask_permutexvar_ps("
                     f"_mm512_permutex2var_ps(pair_[{half}][0], {ints(from_two)}, pair_[{half}][1]), "
                     f"{mask:#06x}, {ints(from_third)}, pair_[{half}][2]));")
    lines.append("}")
    return "\n".join(lines)


def _instr_template(c_text):
    """C written plainly as an instruction's template: its braces doubled for
    str.format, except those of the fields {src_data}, {src} and {dst_data}."""
    text = c_text.replace("{", "{{").replace("}", "}}")
    for field in ("src_data", "src", "dst_data"):
        text = text.replace("{{" + field + "}}", "{" + field + "}")
    return text


def _transpose_instr(name, VW, c_text, features):
    """An instruction storing a 6 x VW block of A k-major (VW steps of 6 values), as
    pack_a stores A's panel; `c_text` is its C, which needs the compiler target
    `features` (its arguments are in DRAM, so nothing else says so)."""

    @instr(_instr_template(c_text), target_features=features)
    def transpose(src: [f32][6, VW] @ DRAM, dst: [f32][VW, 6] @ DRAM):
        assert stride(src, 1) == 1
        assert stride(dst, 0) == 6
        assert stride(dst, 1) == 1
        for k in seq(0, VW):
            for i in seq(0, 6):
                dst[k, i] = src[i, k]

    return rename(transpose, name)


transpose_6x16_avx512 = _transpose_instr("transpose_6x16_avx512", 16, _transpose_6x16_c(), ["avx512f"])

# The AVX2 one: the classic 8 x 8 transpose (pairs of rows interleaved, then quads, then
# 128-bit halves swapped) with rows 6 and 7 zero. Column k lands at dst + 6k as eight
# floats whose last two the next column overwrites; the last column is stored masked.
transpose_6x8_avx2 = _transpose_instr("transpose_6x8_avx2", 8, """{
  const float *s_ = &{src_data};
  const int_fast32_t ld_ = {src}.strides[0];
  __m256 r_[6], t_[6], s_lo_[4], s_hi_[4];
  for (int i_ = 0; i_ < 6; i_++) r_[i_] = _mm256_loadu_ps(s_ + i_ * ld_);
  for (int q_ = 0; q_ < 3; q_++) {
    t_[2 * q_] = _mm256_unpacklo_ps(r_[2 * q_], r_[2 * q_ + 1]);
    t_[2 * q_ + 1] = _mm256_unpackhi_ps(r_[2 * q_], r_[2 * q_ + 1]);
  }
  const __m256 z_ = _mm256_setzero_ps();
  s_lo_[0] = _mm256_shuffle_ps(t_[0], t_[2], 0x44);
  s_lo_[1] = _mm256_shuffle_ps(t_[0], t_[2], 0xee);
  s_lo_[2] = _mm256_shuffle_ps(t_[1], t_[3], 0x44);
  s_lo_[3] = _mm256_shuffle_ps(t_[1], t_[3], 0xee);
  s_hi_[0] = _mm256_shuffle_ps(t_[4], z_, 0x44);
  s_hi_[1] = _mm256_shuffle_ps(t_[4], z_, 0xee);
  s_hi_[2] = _mm256_shuffle_ps(t_[5], z_, 0x44);
  s_hi_[3] = _mm256_shuffle_ps(t_[5], z_, 0xee);
  float *d_ = &{dst_data};
  for (int k_ = 0; k_ < 4; k_++)
    _mm256_storeu_ps(d_ + 6 * k_, _mm256_permute2f128_ps(s_lo_[k_], s_hi_[k_], 0x20));
  for (int k_ = 4; k_ < 7; k_++)
    _mm256_storeu_ps(d_ + 6 * k_, _mm256_permute2f128_ps(s_lo_[k_ - 4], s_hi_[k_ - 4], 0x31));
  _mm256_maskstore_ps(d_ + 42, _mm256_setr_epi32(-1, -1, -1, -1, -1, -1, 0, 0),
                      _mm256_permute2f128_ps(s_lo_[3], s_hi_[3], 0x31));
}""", ["avx"])


def make_sgemm(isa, NR, ukernel, sgemm_name):
    """The packing, edge and blocking procs around one micro-kernel; the GEMM itself is
    named `sgemm_name`."""

    @proc
    def pack_a(m: size, kc: size, A: [f32][m, kc], Ap: [f32][(m + 5) / 6, kc, MR]):
        assert stride(A, 1) == 1
        assert stride(Ap, 1) == MR
        assert stride(Ap, 2) == 1
        for ir in seq(0, m / MR):
            for k in seq(0, kc):
                for i in seq(0, MR):
                    Ap[ir, k, i] = A[MR * ir + i, k]
        if m % MR > 0:
            for k in seq(0, kc):
                for i in seq(0, MR):
                    if i < m % MR:
                        Ap[m / MR, k, i] = A[MR * (m / MR) + i, k]
                    else:
                        Ap[m / MR, k, i] = 0.0

    pack_a = rename(pack_a, f"pack_a_{isa}")
    # whole 6 x VW blocks through one vector transpose; a ragged last step stays scalar
    transpose, steps = {"avx512": (transpose_6x16_avx512, 16), "avx2": (transpose_6x8_avx2, 8)}[isa]
    pack_a = divide_loop(pack_a, "for k in _:_ #0", steps, ["ko", "ki"], tail="cut")
    pack_a = replace(pack_a, "for ki in _:_ #0", transpose)


    @proc
    def pack_b(n: size, kc: size, B: [f32][kc, n], Bp: [f32][(n + NR - 1) / NR, kc, NR]):
        assert stride(B, 1) == 1
        assert stride(Bp, 2) == 1
        for k in seq(0, kc):
            for jr in seq(0, n / NR):
                for j in seq(0, NR):
                    Bp[jr, k, j] = B[k, NR * jr + j]
        if n % NR > 0:
            for k in seq(0, kc):
                for j in seq(0, NR):
                    if j < n % NR:
                        Bp[n / NR, k, j] = B[k, NR * (n / NR) + j]
                    else:
                        Bp[n / NR, k, j] = 0.0

    pack_b = rename(pack_b, f"pack_b_{isa}")


    @proc
    def edge_tile(kc: size, mr: size, nr: size, Ap: [f32][kc, MR], Bp: [f32][kc, NR], C: [f32][mr, nr]):
        assert mr <= MR
        assert nr <= NR
        assert stride(Ap, 1) == 1
        assert stride(Bp, 1) == 1
        Ct: f32[MR, NR] @ DRAM_STACK_LINE
        for i in seq(0, MR):
            for j in seq(0, NR):
                Ct[i, j] = 0.0
        ukernel(kc, Ap, Bp, Ct)
        for i in seq(0, mr):
            for j in seq(0, nr):
                C[i, j] += Ct[i, j]

    edge_tile = rename(edge_tile, f"edge_tile_{isa}")


    @proc
    def macro(m: size, n: size, kc: size, Ap: [f32][(m + 5) / 6, kc, MR],
              Bp: [f32][(n + NR - 1) / NR, kc, NR], C: [f32][m, n]):
        assert stride(Ap, 2) == 1
        assert stride(Bp, 2) == 1
        assert stride(C, 1) == 1
        for ir in seq(0, m / MR):
            for jr in seq(0, n / NR):
                # fetch the next tile of C (the first of the next row after the last) into
                # L2 while this one computes; in L1 the stream of B would evict it first
                if jr + 1 < n / NR:
                    for r in seq(0, MR):
                        for q in seq(0, NR / 16):
                            prefetch(C[MR * ir + r, NR * jr + NR + 16 * q:NR * jr + NR + 16 * q + 1], 2)
                if jr + 1 == n / NR:
                    if ir + 1 < m / MR:
                        for r in seq(0, MR):
                            for q in seq(0, NR / 16):
                                prefetch(C[MR * ir + MR + r, 16 * q:16 * q + 1], 2)
                ukernel(kc, Ap[ir, :, :], Bp[jr, :, :], C[MR * ir:MR * ir + MR, NR * jr:NR * jr + NR])
            if n % NR > 0:
                edge_tile(kc, MR, n % NR, Ap[ir, :, :], Bp[n / NR, :, :], C[MR * ir:MR * ir + MR, NR * (n / NR):n])
        if m % MR > 0:
            for jr in seq(0, n / NR):
                edge_tile(kc, m % MR, NR, Ap[m / MR, :, :], Bp[jr, :, :], C[MR * (m / MR):m, NR * jr:NR * jr + NR])
            if n % NR > 0:
                edge_tile(kc, m % MR, n % NR, Ap[m / MR, :, :], Bp[n / NR, :, :], C[MR * (m / MR):m, NR * (n / NR):n])

    macro = rename(macro, f"macro_{isa}")


    @proc
    def block(M: size, n: size, kc: size, Ap: [f32][(M + 5) / 6, kc, MR], B: [f32][kc, n],
              C: [f32][M, n], Bp: [f32][(n + NR - 1) / NR, kc, NR]):
        assert stride(Ap, 2) == 1
        assert stride(B, 1) == 1
        assert stride(C, 1) == 1
        assert stride(Bp, 2) == 1
        pack_b(n, kc, B, Bp)
        for ic in seq(0, M / MC):
            macro(MC, n, kc, Ap[MC / MR * ic:MC / MR * ic + MC / MR, :, :], Bp, C[MC * ic:MC * ic + MC, :])
        if M % MC > 0:
            macro(M % MC, n, kc, Ap[MC / MR * (M / MC):(M + 5) / 6, :, :], Bp, C[MC * (M / MC):M, :])

    block = rename(block, f"block_{isa}")

    @proc
    def panel(M: size, N: size, kc: size, A: [f32][M, kc], B: [f32][kc, N], C: [f32][M, N],
              Ap: [f32][(M + 5) / 6, KC, MR], Bp: [f32][NC / NR, KC, NR]):
        assert kc <= KC
        assert stride(A, 1) == 1
        assert stride(B, 1) == 1
        assert stride(C, 1) == 1
        assert stride(Ap, 1) == MR
        assert stride(Ap, 2) == 1
        assert stride(Bp, 2) == 1
        pack_a(M, kc, A, Ap[:, 0:kc, :])
        for jc in seq(0, N / NC):
            block(M, NC, kc, Ap[:, 0:kc, :], B[:, NC * jc:NC * jc + NC], C[:, NC * jc:NC * jc + NC],
                  Bp[:, 0:kc, :])
        if N % NC > 0:
            block(M, N % NC, kc, Ap[:, 0:kc, :], B[:, NC * (N / NC):N], C[:, NC * (N / NC):N],
                  Bp[0:(N % NC + NR - 1) / NR, 0:kc, :])

    panel = rename(panel, f"panel_{isa}")

    @proc
    def sgemm(M: size, N: size, K: size, A: f32[M, K], B: f32[K, N], C: f32[M, N]):
        # B's packing buffer has a constant size, so it lives on the stack (no malloc, and
        # the kernel stays reentrant); A's panel is packed whole, once per KC slice of K.
        Ap: f32[(M + 5) / 6, KC, MR]
        Bp: f32[NC / NR, KC, NR] @ DRAM_STACK_LINE
        for pc in seq(0, K / KC):
            panel(M, N, KC, A[:, KC * pc:KC * pc + KC], B[KC * pc:KC * pc + KC, :], C, Ap, Bp)
        if K % KC > 0:
            panel(M, N, K % KC, A[:, KC * (K / KC):K], B[KC * (K / KC):K, :], C, Ap, Bp)

    sgemm = rename(sgemm, sgemm_name)
    procs = [pack_a, pack_b, edge_tile, macro, block, panel, sgemm]
    return procs


# `exocc build sgemm.toml --targets avx512,avx2` (exo_add_kernel's TARGETS) builds this
# file once per target with the param `target` set: each variant exports one `sgemm`,
# compiled for its instruction set alone, and the dispatch calls the one the CPU runs
# (docs/target-features.md). `exocc sgemm.py` makes both, as sgemm_avx512 and sgemm_avx2.
TARGET = params.get("target", "all")
if TARGET not in ("avx512", "avx2", "all"):
    raise ValueError(f"sgemm.py: no schedule for the target '{TARGET}' (avx512, avx2)")
if TARGET in ("avx512", "all"):
    ukernel_6x64_avx512 = schedule_ukernel(
        64, "ukernel_6x64_avx512", 16, AVX512,
        mm512_setzero_ps, mm512_loadu_ps, mm512_add_memu_ps, mm512_set1_ps, mm512_fmadd_ps)
    pack_a_avx512, pack_b_avx512, edge_tile_avx512, macro_avx512, block_avx512, panel_avx512, sgemm_avx512 = \
        make_sgemm("avx512", 64, ukernel_6x64_avx512, "sgemm" if TARGET == "avx512" else "sgemm_avx512")
if TARGET in ("avx2", "all"):
    ukernel_6x16_avx2 = schedule_ukernel(
        16, "ukernel_6x16_avx2", 8, AVX2,
        mm256_setzero_ps, mm256_loadu_ps, avx2_fmadd_memu_ps, mm256_broadcast_ss, mm256_fmadd_ps)
    pack_a_avx2, pack_b_avx2, edge_tile_avx2, macro_avx2, block_avx2, panel_avx2, sgemm_avx2 = \
        make_sgemm("avx2", 16, ukernel_6x16_avx2, "sgemm" if TARGET == "avx2" else "sgemm_avx2")
if TARGET != "all":
    __all__ = ["sgemm"]
    sgemm = sgemm_avx512 if TARGET == "avx512" else sgemm_avx2
