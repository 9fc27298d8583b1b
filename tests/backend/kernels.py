# Kernels using configuration state (the context struct, a field also passed as an
# argument) and a window statement passed to a read-only parameter, compiled to C and
# linked with driver.c by run_c.sh. The examples/ directory has the other
# compile-and-run kernels (matmul with windows, zero-padded conv1d, 2-D blur).
from __future__ import annotations

from exo import proc, config, compile_procs


@config
class Scale:
    factor: f64


@proc
def set_scale(f: f64):
    Scale.factor = f


# Halves pairs through floor division of the index, scales by a config value.
@proc
def pair_avg(n: size, x: f64[2 * n], y: f64[n]):
    for i in seq(0, 2 * n):
        y[i / 2] += x[i] * 0.5 * Scale.factor


@proc
def copy_win(dst: [f64][4], src: [f64][4]):
    for k in seq(0, 4):
        dst[k] = src[k]


# `src` gets a non-const window struct (z is written through it below), passed to a
# callee that only reads it, whose parameter is a const struct: the call converts it.
@proc
def copy_then_clear(z: f64[2, 4], w: f64[4]):
    src = z[1, 0:4]
    copy_win(w[0:4], src)
    for k in seq(0, 4):
        src[k] = 0.0


@proc
def scale_into(s: f64, y: f64):
    y = y * s


# A config field passed for a scalar argument, which the callee receives by reference.
@proc
def scale_first(y: f64[4]):
    t: f64
    t = y[0]
    scale_into(Scale.factor, t)
    y[0] = t
