# Matrix multiply: C = A * B^T, each row pair handled by a sub-procedure that takes
# the rows as windows. Built with `exocc matmul.py -o OUT` and checked by driver.c.
from __future__ import annotations

from exo import proc


@proc
def dot_row(K: size, a: [f32][K], b: [f32][K], out: f32):
    for k in seq(0, K):
        out += a[k] * b[k]


@proc
def matmul(M: size, N: size, K: size, A: f32[M, K], Bt: f32[N, K], C: f32[M, N]):
    for i in par(0, M):
        for j in seq(0, N):
            acc: f32
            acc = 0.0
            dot_row(K, A[i, 0:K], Bt[j, 0:K], acc)
            C[i, j] = acc
