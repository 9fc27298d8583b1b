# A kernel using configuration state (the context struct), compiled to C and linked
# with driver.c by run_c.sh. The examples/ directory has the other compile-and-run
# kernels (matmul with windows, zero-padded conv1d, 2-D blur).
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
