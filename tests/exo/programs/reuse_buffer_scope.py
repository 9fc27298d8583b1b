# reuse_buffer renames the replaced buffer's accesses to the reused one, so the reused
# buffer must be in scope there: allocated before it, in its block or one enclosing it.
# (Upstream does not check: its result names a buffer that does not exist.)
from __future__ import annotations
from exo import proc
from exo.stdlib.scheduling import *


@proc
def two_loops(x: f32[8, 4], y: f32[8]):
    for i in seq(0, 8):
        a: f32[4]
        for j in seq(0, 4):
            a[j] = x[i, j]
        y[i] = a[0]
    for i in seq(0, 8):
        b: f32[4]
        for j in seq(0, 4):
            b[j] = x[i, j] * 2.0
        y[i] += b[1]
    c: f32[4]
    for j in seq(0, 4):
        c[j] = y[j]
    y[0] = c[3]


for buf, rep in [("a", "b"), ("b", "a"), ("a", "a"), ("c", "a")]:
    try:
        reuse_buffer(two_loops, f"{buf} : _", f"{rep} : _")
        print(buf, rep, "accepted (wrong)")
    except SchedulingError as e:
        print("SchedulingError:", e)


@proc
def one_block(n: size, x: f32[4], y: f32[4]):
    a: f32[4]
    for j in seq(0, 4):
        a[j] = x[j]
    y[0] = a[0]
    if n > 2:
        b: f32[4]
        for j in seq(0, 4):
            b[j] = x[j] * 2.0
        y[1] = b[1]


# b is allocated in a block inside a's, after a's last use: accepted
print(reuse_buffer(one_block, "a : _", "b : _"))
