# Printing: lines over 79 columns are wrapped the way upstream's yapf (pep8) pass does:
# long def signatures, subscripted assignments, parenthesised sums, calls, conditions,
# and a cursor's `# <-- NODE` marker that pushes a line over the limit.
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *


@proc
def blur2d_tiled_compute_at_and_store_at(n: size, consumer: i8[n, n], sin: i8[n + 1, n + 1]):
    assert n % 4 == 0
    for i in seq(0, n / 4):
        for j in seq(0, n / 4):
            for ii in seq(0, 4):
                for ji in seq(0, 4):
                    consumer[ii + 4 * i, ji + 4 * j] = (sin[ii + 4 * i, ji + 4 * j] + sin[ii + 4 * i, ji + 4 * j + 1] + sin[ii + 4 * i + 1, ji + 4 * j] + sin[ii + 4 * i + 1, ji + 4 * j + 1]) / 4.0


@proc
def stencil(N: size, x: R[N, N], y: R[N, N]):
    for j in seq(0, N):
        for i in seq(0, N):
            if i > 0 and j > 0 and i < N - 1 and j < N - 1 and i + j < N and i - j < N - 2:
                x[i, j] += -1.0 / 4.0 * (x[i - 1, j] + x[i + 1, j] + x[i, j - 1] + x[i, j + 1])
                y[i, j] = x[i, j] * y[i, j] + x[i - 1, j] * y[i, j] + x[i, j - 1] * y[i, j] + 2.0


@proc
def add4(n: size, z: f32[n], x: f32[n], y: f32[n]):
    assert n % 4 == 0
    for i in seq(0, n / 4):
        for k in seq(0, 4):
            z[4 * i + k] = x[4 * i + k] + y[4 * i + k]


@proc
def use_add4(n: size, z: f32[4 * n], x: f32[4 * n], y: f32[4 * n]):
    for i in seq(0, n):
        add4(4, z[4 * i + 0:4 * i + 4], x[4 * i + 0:4 * i + 4], y[4 * i + 0:4 * i + 4])


print(blur2d_tiled_compute_at_and_store_at)
print(stencil)
print(use_add4)
print(stencil.find("y[_] = _"))
print(stencil.find_loop("i"))
print(use_add4.find("add4(_)"))
