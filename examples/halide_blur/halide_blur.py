# Halide's classic separable 3x3 blur, scheduled with Halide's vocabulary.
#
# The algorithm is two stages: blur_x averages three neighbours along a row, blur_y
# averages three rows of blur_x. Written naively (`blur_root`, what Halide calls
# compute_root) blur_x is computed over the whole image before blur_y starts, so it
# makes a full round trip through memory.
#
# Halide separates that algorithm from its schedule: where each stage is computed and
# stored relative to the loops of its consumer. Exo's standard library has the same
# operations as ordinary scheduling functions (exo.stdlib.halide_scheduling_ops), built
# on Exo primitives, so each schedule here is checked to compute the same result:
#
#   blur_tiled:   tile blur_y into 8x32 tiles; compute blur_x per tile, into a 10x32
#                 buffer on the stack (compute_at + store_at the tile loop). Overlapping
#                 tiles recompute blur_x's two shared rows; the tiles run in parallel.
#   blur_sliding: store blur_x per tile as above, but compute it one row at a time just
#                 before the row of blur_y that first needs it (compute_at the row loop,
#                 store_at the tile loop): a sliding window, nothing recomputed within a
#                 tile.
#
# Sizes are multiples of the tile (asserted); `exocc run halide_blur.py` prints each
# schedule as it is built.
from __future__ import annotations

from exo import proc
from exo.libs.memories import DRAM_STACK
from exo.stdlib.scheduling import *
from exo.stdlib.halide_scheduling_ops import *

TILE_Y = 8
TILE_X = 32


def show(title, p):
    # Only when run directly (`exocc run`); compiling the file stays quiet.
    if __name__ == "__main__":
        print(f"# ---- {title} ----")
        print(p)


@proc
def blur_root(W: size, H: size, blur_y: f32[H, W], inp: f32[H + 2, W + 2]):
    assert H % TILE_Y == 0
    assert W % TILE_X == 0
    blur_x: f32[H + 2, W]
    for y in seq(0, H + 2):
        for x in seq(0, W):
            blur_x[y, x] = (inp[y, x] + inp[y, x + 1] + inp[y, x + 2]) / 3.0
    for y in seq(0, H):
        for x in seq(0, W):
            blur_y[y, x] = (blur_x[y, x] + blur_x[y + 1, x] + blur_x[y + 2, x]) / 3.0


show("blur_root: the algorithm, both stages computed over the whole image", blur_root)

# blur_y.tile(x, y, xi, yi, 32, 8): y and x now count tiles, yi and xi walk one tile.
tiled = halide_tile(blur_root, "blur_y", "y", "x", "yi", "xi", TILE_Y, TILE_X)
show("blur_y tiled 8x32", tiled)

# blur_x.compute_at(blur_y, x): fuse blur_x's loops into blur_y's down to the tile loop
# x; bounds inference finds that a tile of 8 rows reads 10 rows of blur_x, and store_at
# shrinks blur_x to that window.
p = halide_compute_and_store_at_same(tiled, "blur_x", "blur_y", "x")
show("blur_x computed and stored per tile", p)

# compute_at brought blur_x's x loop out past its y loop to fuse it with the tile loop,
# which leaves the producer walking columns; swap them back so rows are contiguous.
p = reorder_loops(p, p.find("blur_x[_] = _").parent().parent())
# A 10x32 buffer is small: keep it on the stack instead of the heap.
p = set_memory(p, "blur_x", DRAM_STACK)
# blur_y.parallel(y): tiles of different rows are independent.
p = halide_parallel(p, "y")
blur_tiled = rename(simplify(p), "blur_tiled")
show("blur_tiled", blur_tiled)

# blur_x.compute_at(blur_y, yi).store_at(blur_y, x): the 10-row buffer lives per tile,
# but each row of it is computed right before the row of blur_y that needs it; the
# first two rows form a prologue.
p = halide_compute_and_store_at(tiled, "blur_x", "blur_y", "yi", "x")
p = set_memory(p, "blur_x", DRAM_STACK)
blur_sliding = rename(simplify(p), "blur_sliding")
show("blur_sliding", blur_sliding)

__all__ = ["blur_root", "blur_tiled", "blur_sliding"]
