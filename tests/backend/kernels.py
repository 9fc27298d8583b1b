# Kernels compiled to C and linked with driver.c by run_c.sh (compile-and-run test).
from __future__ import annotations

from exo import proc, config, compile_procs


@proc
def dot_row(K: size, a: [f32][K], b: [f32][K], out: f32):
    for k in seq(0, K):
        out += a[k] * b[k]


# C[i, j] = sum_k A[i, k] * Bt[j, k]: rows passed as windows to a sub-procedure.
@proc
def matmul(M: size, N: size, K: size, A: f32[M, K], Bt: f32[N, K], C: f32[M, N]):
    for i in par(0, M):
        for j in seq(0, N):
            acc: f32
            acc = 0.0
            dot_row(K, A[i, 0:K], Bt[j, 0:K], acc)
            C[i, j] = acc


# y[i] = sum_r w[r] * x[i + r - 1], with x zero outside [0, n).
@proc
def conv1d(n: size, x: i32[n], w: i32[3], y: i32[n]):
    assert n >= 2
    for i in seq(0, n):
        y[i] = 0
        for r in seq(0, 3):
            if i + r >= 1 and i + r - 1 < n:
                y[i] += w[r] * x[i + r - 1]


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
