# expand_dim (like every buffer rewrite) gives a window statement over the buffer a new
# window type, and a window passed on whole by its name must carry it too: otherwise the
# call's argument still has the old type, and checking or compiling the proc fails.
from __future__ import annotations
from exo import proc, compile_procs_to_strings
from exo.stdlib.scheduling import *


@proc
def fill(dst: [f32][6], src: [f32][6]):
    for k in seq(0, 6):
        dst[k] = src[k]


@proc
def rows(z: f32[8, 6], y: f32[8]):
    for i in seq(0, 8):
        w: f32[6]
        dst = w[0:6]
        fill(dst, z[i, 0:6])
        y[i] = w[2]


p = expand_dim(rows, "w : _", 8, "i")
p = lift_alloc(p, "w : _")
print(p)
c, h = compile_procs_to_strings([p], "rows.h")
print([line.strip() for line in c.splitlines() if line.strip().startswith("fill(")])
