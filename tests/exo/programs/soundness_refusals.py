# Rewrites that upstream accepts though they change what the proc computes (found by
# tests/sched_fuzz), each refused here, next to the same primitive applied soundly.
from __future__ import annotations
from exo import proc, config
from exo.stdlib.scheduling import *
from helpers.refusal import refused


# split_write: `y = a + b` becomes `y = a; y += b`, so b must not read y
@proc
def sums(x: f32[8], y: f32[8]):
    for i in seq(0, 8):
        y[i] = x[i] * 2.0 + y[i]
    for i in seq(0, 8):
        y[i] = y[i] * 2.0 + x[i]


refused(lambda: split_write(sums, "y[_] = _ #0"))
print(split_write(sums, "y[_] = _ #1"))


# divide_with_recompute: the outer loop counts blocks from 0
@proc
def shifted(x: f32[10], y: f32[10]):
    for i in seq(1, 9):
        y[i] = x[i]
    for i in seq(0, 9):
        y[i] = x[i + 1]


refused(lambda: divide_with_recompute(shifted, "for i in _:_ #0", "2", 4, ["io", "ii"]))
print(divide_with_recompute(shifted, "for i in _:_ #1", "2", 4, ["io", "ii"]))


# reorder_stmts: a window statement cannot move after a statement that uses it
@proc
def windowed(z: f32[8, 6], x: f32[8], y: f32[8]):
    for i in seq(0, 8):
        zr = z[i, 0:6]
        for j in seq(0, 6):
            zr[j] = zr[j] + x[i]
        y[i] = x[i]


refused(lambda: reorder_stmts(windowed, windowed.find("zr = _").expand(0, 1)))
print(reorder_stmts(windowed, windowed.find("for j in _:_").expand(0, 1)))


# bind_config: a scalar passed to a call is a buffer; when the callee writes it, binding
# it to a config field would redirect that write to the field
@proc
def add_into(x: f32, acc: f32):
    acc += x


@proc
def accumulate(x: f32[8], acc: f32):
    for i in seq(0, 8):
        t: f32
        t = x[i]
        add_into(t, acc)


@config
class Cfg:
    s: f32


refused(lambda: bind_config(accumulate, accumulate.find("add_into(_)").args()[1], Cfg, "s"))


@proc
def scale(x: f32[8], a: f32):
    for i in seq(0, 8):
        x[i] = x[i] * a


print(bind_config(scale, scale.find("x[_] * a").rhs(), Cfg, "s"))
