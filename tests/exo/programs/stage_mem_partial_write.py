# stage_mem leaves out the load of the staged window only when the block certainly
# assigns the whole window before reading it; otherwise the store-back would copy
# uninitialized elements over the buffer. (Upstream leaves the load out whenever the
# block writes before it reads: a scheduling-fuzzer finding, tests/sched_fuzz.)
from __future__ import annotations
from exo import proc
from exo.stdlib.scheduling import *


@proc
def tail(x: f32[8], y: f32[8]):
    for i in seq(0, 2):
        y[i + 6] = x[i]


# writes y[6:8] only: y[3:6] must be loaded so that the store-back keeps them
print(stage_mem(tail, "for i in _:_", "y[3:8]", "s"))
# writes all of y[6:8]: no load, as upstream
print(stage_mem(tail, "for i in _:_", "y[6:8]", "s"))


@proc
def nest(n: size, x: f32[n, 4], y: f32[n, 4]):
    for i in seq(0, n):
        for j in seq(0, 4):
            y[i, j] = x[i, j]


# a loop nest covering the window, whatever n is: no load
print(stage_mem(nest, "for i in _:_", "y[0:n, 0:4]", "s"))


@proc
def cond(c: size, x: f32[8], y: f32[8]):
    if c > 2:
        y[1] = x[1]
    y[2] = x[2]


# a point written only under a condition: loaded (upstream leaves it uninitialized)
print(stage_mem(cond, "if _:_", "y[1]", "s"))
# a point written unconditionally first: no load, as upstream
print(stage_mem(cond, "y[2] = _", "y[2]", "s"))


@proc
def maybe_empty(n: size, x: f32[n], acc: f32[1]):
    for i in seq(0, n - 1):
        acc[0] = x[i]


# the loop may run zero times (n - 1 is 0 when n is 1), so acc[0] may not be written
print(stage_mem(maybe_empty, "for i in _:_", "acc[0]", "s"))


@proc
def never_empty(n: size, x: f32[n], acc: f32[1]):
    for i in seq(0, n):
        acc[0] = x[i]


# a size is positive, so this loop runs and assigns acc[0]: no load
print(stage_mem(never_empty, "for i in _:_", "acc[0]", "s"))
