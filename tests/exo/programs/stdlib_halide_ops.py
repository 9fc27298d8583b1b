# exo.stdlib.halide_scheduling_ops: compute_at / store_at fuse a producer loop nest into
# its consumer's (with recomputation or a prologue), tile / split, the halide_* names.
from __future__ import annotations
from exo import proc
from exo.stdlib.scheduling import *
from exo.stdlib.halide_scheduling_ops import *
from exo.stdlib.halide_scheduling_ops import get_affected_read_dim


@proc
def blur1d(n: size, consumer: i8[n], inp: i8[n + 6]):
    producer: i8[n + 1]
    for i in seq(0, n + 1):
        producer[i] = (inp[i] + inp[i + 1] + inp[i + 2] + inp[i + 3] + inp[i + 4] + inp[i + 5]) / 6.0
    for i in seq(0, n):
        consumer[i] = (producer[i] + producer[i + 1]) / 2.0


# each consumer iteration computes the two producer values it reads
p = compute_at(blur1d, blur1d.find("producer = _"), blur1d.find_loop("i #1"))
print(p)
# ... into a two-element buffer inside the loop
p = store_at(p, p.find("producer : _"), p.find_loop("i"))
print(p)
print(halide_compute_and_store_at_same(blur1d, "producer", "consumer", "i"))


@proc
def blur2d(n: size, consumer: i8[n, n], sin: i8[n + 1, n + 1]):
    assert n % 4 == 0
    producer: i8[n + 1, n + 1]
    for i in seq(0, n + 1):
        for j in seq(0, n + 1):
            producer[i, j] = sin[i, j]
    for i in seq(0, n):
        for j in seq(0, n):
            consumer[i, j] = (producer[i, j] + producer[i, j + 1] + producer[i + 1, j] + producer[i + 1, j + 1]) / 4.0


print(halide_tile(blur2d, "consumer", "i", "j", "ii", "ji", 4, 4))
print(halide_split(blur2d, "producer", "j", "jo", "ji", 4, tail="cut"))
print(halide_parallel(blur2d, "i"))


@proc
def stencil():
    producer: i8[11, 11]
    for y in seq(0, 11):
        for x in seq(0, 11):
            producer[y, x] = 1.0
    consumer: i8[10, 10]
    for y in seq(0, 10):
        for x in seq(0, 10):
            consumer[y, x] = producer[y, x] + producer[y, x + 1] + producer[y + 1, x] + producer[y + 1, x + 1]


# with a prologue: the first producer column is computed ahead, the rest once each
print(compute_at(stencil, stencil.find("producer = _"), stencil.find_loop("x #1"), with_prologue=True))


@proc
def diagonal(n: size, x: i8[n, n], y: i8[n]):
    for i in seq(0, n):
        y[i] = x[i, i]

try:
    get_affected_read_dim("x", diagonal.find_loop("i"))
except ValueError as e:
    print("ValueError:", e)
