from __future__ import annotations

import os

from exo import *

# A data file the kernel reads with open(): the depfile lists it, and editing it
# rebuilds this kernel.
with open(os.path.join(os.path.dirname(__file__), "lib", "margin.txt")) as f:
    MARGIN = int(f.read())


@proc
def row_sum(n: size, m: size, a: [f64][n, m], out: f64[n]):
    # Windows, strides, guards, a par loop, negation, integer types.
    assert stride(a, 1) == 1
    assert m >= 2
    for i in par(0, n):
        row = a[i, 0:m]
        out[i] = 0.0
        for j in seq(0, m):
            if j % 2 == 0 and j < m - 1:
                out[i] += row[j]
            else:
                out[i] += -row[j]


@proc
def clamp_counts(n: size, c: i32[n], flags: i8[n]):
    for i in seq(0, n):
        if i > n - {MARGIN}:
            c[i] = 100
        flags[i] = 1
