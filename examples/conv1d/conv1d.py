# 1-D convolution with a zero-padded boundary: y[i] = sum_r w[r] * x[i + r - 1], where x
# is zero outside [0, n). The guards keep every access in bounds (checked by exocc).
from __future__ import annotations

from exo import proc


@proc
def conv1d(n: size, x: i32[n], w: i32[3], y: i32[n]):
    assert n >= 2
    for i in seq(0, n):
        y[i] = 0
        for r in seq(0, 3):
            if i + r >= 1 and i + r - 1 < n:
                y[i] += w[r] * x[i + r - 1]
