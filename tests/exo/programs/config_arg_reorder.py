# A config field passed as a scalar call argument counts as written only when the
# callee writes that argument: reorder_loops accepts the read-only case and still
# rejects a callee that stores into the config (here through a nested call).
from __future__ import annotations
from exo import proc, config
from exo.stdlib.scheduling import *


@config
class Cfg:
    s: f32


@proc
def scale_by(src: f32, dst: f32, s: f32):
    dst = s * src


@proc
def store_into(src: f32, s: f32):
    s = src


@proc
def store_via(src: f32, s: f32):
    store_into(src, s)


@proc
def read_only(N: size, M: size, A: f32[N, M], C: f32[N, M]):
    for i in seq(0, N):
        for j in seq(0, M):
            tmp: f32
            a: f32
            a = A[i, j]
            scale_by(a, tmp, Cfg.s)
            C[i, j] = tmp


@proc
def writes_config(N: size, M: size, A: f32[N, M]):
    for i in seq(0, N):
        for j in seq(0, M):
            a: f32
            a = A[i, j]
            store_via(a, Cfg.s)


print(reorder_loops(read_only, "i j"))
try:
    reorder_loops(writes_config, "i j")
except SchedulingError as e:
    print("rejected:", e)
