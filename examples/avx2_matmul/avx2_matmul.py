# An AVX2 matrix-multiply micro-kernel, scheduled step by step from a plain loop nest.
#
# `matmul_6x16` computes one 6x16 tile of C += A * B for any depth K. Written as three
# nested loops it is obviously correct but leaves all the work to the C compiler. The
# schedule below rewrites it into the shape every fast GEMM uses on AVX2 machines:
#
#   * the whole 6x16 tile of C sits in 12 ymm registers (6 rows x 2 vectors of 8 floats)
#     from the first k to the last, so C is read once and written once;
#   * each step of k loads one 16-wide row of B (2 registers) and broadcasts the 6 values
#     of A's column k (1 register each, reused), then issues 12 fused multiply-adds.
#
# That is 12 + 2 + 1 = 15 of the 16 ymm registers. Each step is a rewrite that Exo checks
# for equivalence, so the scheduled kernel is correct by construction: the driver only
# confirms it. `matmul` tiles a whole product whose sizes are multiples of the tile.
#
# `exocc run avx2_matmul.py` prints the kernel after each phase of the schedule.
from __future__ import annotations

from exo import proc
from exo.platforms.x86 import *
from exo.stdlib.scheduling import *

ROWS = 6  # rows of the C tile: one broadcast of A per row
VEC = 8  # floats in a ymm register
COLS = 2 * VEC  # columns of the C tile: two vectors per row


def show(title, p):
    # Only when run directly (`exocc run`); compiling the file stays quiet.
    if __name__ == "__main__":
        print(f"# ---- {title} ----")
        print(p)


@proc
def matmul_6x16_ref(K: size, A: [f32][ROWS, K], B: [f32][K, COLS], C: [f32][ROWS, COLS]):
    # The vector loads and stores need unit-stride rows; callers are checked against this.
    assert stride(A, 1) == 1
    assert stride(B, 1) == 1
    assert stride(C, 1) == 1
    for i in seq(0, ROWS):
        for j in seq(0, COLS):
            for k in seq(0, K):
                C[i, j] += A[i, k] * B[k, j]


def outer_product_order(p):
    """k outermost: each step of k adds the outer product of A's column k and B's row k."""
    p = reorder_loops(p, "j k")
    p = reorder_loops(p, "i k")
    return p


def keep_c_in_registers(p):
    """Copy the C tile into a local buffer before the k loop, back after it, then give
    that buffer the shape [ROWS, 2, 8] and put it in AVX2 registers: the copies become
    vector loads and stores."""
    p = stage_mem(p, p.find_loop("k"), f"C[0:{ROWS}, 0:{COLS}]", "C_reg")
    p = simplify(p)
    p = divide_dim(p, "C_reg", 1, VEC)
    # The load loop, the compute loop over j and the store loop are all 16 wide.
    p = divide_loop(p, "for i1 in _:_", VEC, ["c", "cv"], perfect=True)
    p = divide_loop(p, "for j in _:_", VEC, ["jo", "ji"], perfect=True)
    p = divide_loop(p, "for i1 in _:_", VEC, ["c", "cv"], perfect=True)
    p = set_memory(p, "C_reg", AVX2)
    # simplify turns C_reg[i0, (8 * c + cv) / 8, (8 * c + cv) % 8] into C_reg[i0, c, cv],
    # which is what the instructions' bodies unify with.
    p = simplify(p)
    p = replace_all(p, mm256_loadu_ps)
    p = replace_all(p, mm256_storeu_ps)
    return simplify(p)


def load_b_row(p):
    """One row of B is shared by all six rows of the tile: load it once per k."""
    p = stage_mem(p, p.find_loop("i"), f"B[k, 0:{COLS}]", "B_row")
    p = simplify(p)
    p = divide_dim(p, "B_row", 0, VEC)
    # The copy loop stage_mem made is found through the statement it holds.
    p = divide_loop(p, p.find("B_row[_] = _").parent(), VEC, ["b", "bv"], perfect=True)
    p = set_memory(p, "B_row", AVX2)
    p = simplify(p)
    p = replace_all(p, mm256_loadu_ps)
    return simplify(p)


def broadcast_a(p):
    """A[i, k] is one scalar per row: name it, widen it to a vector of 8 copies (a
    broadcast), and hoist that out of the loops over the row's two vectors."""
    p = bind_expr(p, "A[i, k]", "a_bc")
    p = expand_dim(p, "a_bc", VEC, "ji")
    p = lift_alloc(p, "a_bc", n_lifts=2)
    # The broadcast now sits inside `for jo`, `for ji`; split it from the multiply-add
    # and drop the `jo` loop around it (it wrote the same values twice).
    p = fission(p, p.find("a_bc[_] = _").after(), n_lifts=2)
    p = remove_loop(p, p.find("a_bc[_] = _").parent().parent())
    p = set_memory(p, "a_bc", AVX2)
    p = replace_all(p, mm256_broadcast_ss)
    p = replace_all(p, mm256_fmadd_ps)
    return simplify(p)


def unroll_tile(p):
    """Unroll every loop inside k, and the loads and stores of C, so that each register
    of the tile is a separate C variable the compiler can keep in a ymm register."""
    for name in ["c", "jo", "b", "i", "i0"]:
        p = repeat(unroll_loop)(p, name)
    return simplify(p)


show("the loop nest to schedule", matmul_6x16_ref)
matmul_6x16 = rename(matmul_6x16_ref, "matmul_6x16")
matmul_6x16 = outer_product_order(matmul_6x16)
show("1. k outermost", matmul_6x16)
matmul_6x16 = keep_c_in_registers(matmul_6x16)
show("2. the C tile in 12 registers", matmul_6x16)
matmul_6x16 = load_b_row(matmul_6x16)
show("3. a row of B in 2 registers", matmul_6x16)
matmul_6x16 = broadcast_a(matmul_6x16)
show("4. A broadcast, fused multiply-adds", matmul_6x16)
matmul_6x16 = unroll_tile(matmul_6x16)
show("5. unrolled: the micro-kernel", matmul_6x16)


@proc
def matmul(M: size, N: size, K: size, A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    # C += A * B for M a multiple of 6 and N a multiple of 16, one tile at a time.
    assert M % 6 == 0
    assert N % 16 == 0
    for it in seq(0, M / 6):
        for jt in seq(0, N / 16):
            matmul_6x16(K, A[6 * it:6 * it + 6, :], B[:, 16 * jt:16 * jt + 16],
                        C[6 * it:6 * it + 6, 16 * jt:16 * jt + 16])


show("the whole product, tile by tile", matmul)

__all__ = ["matmul_6x16", "matmul"]
