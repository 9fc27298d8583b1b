# Schedules y = scale * (x @ w) onto the toyacc accelerator (toyacc.py, imported from
# this directory) and compiles it: run.sh builds the C with toy_accel.h and checks it.
from __future__ import annotations

import sys

from exo import proc, compile_procs
from exo.core.memory import MemGenError
from exo.stdlib.scheduling import *

from toyacc import TOY_TILE, ToyCfg, toy_set_scale, toy_load, toy_zero, toy_mac, toy_store_scaled


@proc
def matmul_scaled(N: size, scale: f32, x: f32[N, 8], w: f32[8, 8], y: f32[N, 8]):
    assert N % 4 == 0
    for i in seq(0, N):
        acc: f32[8]
        for j in seq(0, 8):
            acc[j] = 0.0
        for k in seq(0, 8):
            for j in seq(0, 8):
                acc[j] += x[i, k] * w[k, j]
        for j in seq(0, 8):
            y[i, j] = acc[j] * scale


def hoist_config_write(p, pattern):
    """Move the config write matching `pattern` to the top of its block and out of
    each loop around it (fission after it, then remove the loop left around it)."""
    while True:
        try:
            p = reorder_stmts(p, p.find(pattern).expand(1, 0))
            continue
        except (SchedulingError, ValueError):  # ValueError: nothing before it to swap with
            pass
        try:
            # unchecked: the analysis sees a write in a later iteration moved before
            # a read in an earlier one, but every iteration writes the same value
            p = fission(p, p.find(pattern).after(), unsafe_disable_checks=True)
            p = remove_loop(p, p.find(pattern).parent())
        except (SchedulingError, TypeError):
            return p


def scale_from_config(p):
    """The store reads the scale from the accelerator's configuration, set once."""
    p = bind_config(p, p.find("scale"), ToyCfg, "scale")
    return hoist_config_write(p, "ToyCfg.scale = _")


def tile_rows(p):
    """Blocks of 4 rows; the accumulator becomes a 4 x 8 tile; zeroing, the
    multiply-accumulate and the store become three loop nests over the block."""
    p = divide_loop(p, "i", 4, ["io", "ii"], perfect=True)
    p = expand_dim(p, "acc", 4, "ii")
    p = lift_alloc(p, "acc")
    p = fission(p, p.find("for j in _: _").after())
    p = fission(p, p.find("for k in _: _").after())
    return p


def stage_operands(p):
    """Copies of the x block and of all of w, for the accelerator to read."""
    p = stage_mem(p, p.find_loop("ii #1"), "x[4 * io:4 * io + 4, 0:8]", "x_tile")
    p = stage_mem(p, p.find_loop("io"), "w[0:8, 0:8]", "w_tile")
    return simplify(p)


def use_accelerator(p):
    for buf in ["acc", "x_tile", "w_tile"]:
        p = set_memory(p, buf, TOY_TILE)
    p = replace(p, p.find("ToyCfg.scale = _"), toy_set_scale)
    p = replace(p, p.find_loop("i0"), toy_load)
    p = replace(p, p.find_loop("i0"), toy_load)
    p = replace(p, p.find_loop("ii"), toy_zero)
    p = replace(p, p.find_loop("ii"), toy_mac)
    p = replace(p, p.find_loop("ii"), toy_store_scaled)
    return simplify(p)


p = use_accelerator(stage_operands(tile_rows(scale_from_config(matmul_scaled))))
p = rename(p, "matmul_scaled_toy")
print(p)

out_dir = sys.argv[1] if len(sys.argv) > 1 else "."


# The accelerator's memory rejects tiles it cannot hold (at C generation).
@proc
def bad_tile():
    t: f32[2, 5] @ TOY_TILE


try:
    compile_procs([bad_tile], out_dir, "bad.c", "bad.h")
    print("compiled a tile with rows of 5")
except MemGenError as e:
    print("MemGenError:", str(e).split(": ", 1)[1])

compile_procs([matmul_scaled, p], out_dir, "toy_matmul.c", "toy_matmul.h")
