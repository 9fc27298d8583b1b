# The buffer primitives: each rewrite, its safety check, its argument errors.
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *


def attempt(f, *args, **kwargs):
    try:
        print(f(*args, **kwargs))
    except (SchedulingError, ParseFragmentError, TypeError, ValueError, NotImplementedError) as e:
        print(f"{type(e).__name__}: {e}")


@proc
def tmp_in_loop(n: size, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        t: f32
        t = x[i]
        y[i] = t * 2.0


# expand_dim: a new leading dimension, checked for positivity and bounds.
attempt(expand_dim, tmp_in_loop, "t", "n", "i")
attempt(expand_dim, tmp_in_loop, "t", "n - 1", "i")
attempt(expand_dim, tmp_in_loop, "t", "n", "i + 1")
attempt(expand_dim, tmp_in_loop, "t", "n", "k")
attempt(expand_dim, tmp_in_loop, 3, "n", "i")

# lift_alloc: the scalar is written before it is read in every iteration.
attempt(lift_alloc, tmp_in_loop, "t")
attempt(lift_alloc, tmp_in_loop, "t", n_lifts=2)
attempt(lift_alloc, tmp_in_loop, "t", n_lifts=0)
expanded = expand_dim(tmp_in_loop, "t", "n", "i")
attempt(lift_alloc, expanded, "t")


@proc
def carried(n: size, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        acc: f32
        y[i] = acc
        acc = x[i]


# ...but here a read would see the previous iteration's write.
attempt(lift_alloc, carried, "acc")


@proc
def tile(n: size, x: f32[n, 4], y: f32[n]):
    for i in seq(0, n):
        buf: f32[4]
        for j in seq(0, 4):
            buf[j] = x[i, j]
        for j in seq(0, 4):
            y[i] += buf[j]


# a loop nest of writes covers the later reads
attempt(lift_alloc, tile, "buf")


@proc
def partial(n: size, x: f32[n, 4], y: f32[n]):
    for i in seq(0, n):
        buf: f32[4]
        for j in seq(0, 3):
            buf[j] = x[i, j]
        for j in seq(0, 4):
            y[i] += buf[j]
        buf[3] = y[i]


# buf[3] is read before this iteration writes it
attempt(lift_alloc, partial, "buf")


@proc
def par_tmp(n: size, x: f32[n], y: f32[n]):
    for i in par(0, n):
        t: f32
        t = x[i]
        y[i] = t


# a parallel loop may not share a scalar, but may share disjoint elements
attempt(lift_alloc, par_tmp, "t")
attempt(lift_alloc, expand_dim(par_tmp, "t", "n", "i"), "t")


@proc
def size_dep(n: size, x: f32[n]):
    for i in seq(0, n):
        t: f32[i + 1]
        t[i] = x[i]


attempt(lift_alloc, size_dep, "t")

# sink_alloc: into a loop (checked the same way) or an if.
attempt(sink_alloc, lift_alloc(tmp_in_loop, "t"), "t")
attempt(sink_alloc, lift_alloc(tile, "buf"), "buf")


@proc
def running(n: size, x: f32[n], y: f32[n]):
    acc: f32
    for i in seq(0, n):
        if i == 0:
            acc = 0.0
        acc += x[i]
        y[i] = acc


# acc carries a value from one iteration to the next
attempt(sink_alloc, running, "acc")
attempt(sink_alloc, running, "x")


@proc
def branches(c: bool, y: f32):
    a: f32[2]
    if c:
        a[0] = 1.0
        y = a[0]
    else:
        a[1] = 2.0
        y = a[1]


attempt(sink_alloc, branches, "a")


@proc
def used_after(c: bool, y: f32):
    a: f32
    if c:
        a = 1.0
    y = a


attempt(sink_alloc, used_after, "a")

# resize_dim / divide_dim / mult_dim / rearrange_dim


@proc
def shapes(n: size, x: f32[n, 8], y: f32[n, 8]):
    a: f32[n, 8]
    for i in seq(0, n):
        for j in seq(2, 6):
            a[i, j] = x[i, j]
            y[i, j] = a[i, j]


attempt(resize_dim, shapes, "a", 1, 4, 2)
attempt(resize_dim, shapes, "a", 1, 3, 2)
attempt(resize_dim, shapes, "a", 1, 4, 2, fold=True)
attempt(divide_dim, shapes, "a", 1, 4)
attempt(divide_dim, shapes, "a", 1, 3)
attempt(divide_dim, shapes, "a", 2, 4)
attempt(mult_dim, shapes, "a", 0, 1)
attempt(mult_dim, shapes, "a", 1, 0)
attempt(mult_dim, shapes, "a", 1, 1)
attempt(rearrange_dim, shapes, "a", [1, 0])
attempt(rearrange_dim, shapes, "a", [0, 0])
attempt(rearrange_dim, shapes, "a", "01")

# unroll_buffer


@proc
def pair(x: f32[2], y: f32[2]):
    a: f32[2, 3]
    a[0, 1] = x[0]
    a[1, 2] = x[1]
    y[0] = a[0, 1] + a[1, 2]


attempt(unroll_buffer, pair, "a", 0)
attempt(unroll_buffer, pair, "a", 1)
attempt(unroll_buffer, shapes, "a", 1)
attempt(unroll_buffer, tmp_in_loop, "t", 0)

# delete_buffer / reuse_buffer


@proc
def two_temps(x: f32, y: f32):
    a: f32
    b: f32
    unused: f32[4]
    a = x
    y = a
    b = y
    x = b


attempt(delete_buffer, two_temps, "unused")
attempt(delete_buffer, two_temps, "a")
attempt(reuse_buffer, two_temps, "a", "b")
attempt(reuse_buffer, two_temps, "b", "a")
attempt(reuse_buffer, two_temps, "a", "unused")
attempt(lift_alloc, two_temps, "x")

# forwarding: a cursor to the allocation follows it out of the loop
c = tmp_in_loop.find("t : _")
lifted = lift_alloc(tmp_in_loop, c)
print(lifted.forward(c))
print(lifted.forward(tmp_in_loop.find("y[_] = _")))
s = sink_alloc(lifted, lifted.forward(c))
print(s.forward(c))
u = unroll_buffer(pair, "a", 0)
print(u.forward(pair.find("a[_] = _ #1")))
