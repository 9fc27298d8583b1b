# The loop and scope primitives: each rewrite, its safety check, its error messages.
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *


def attempt(f, *args, **kwargs):
    try:
        print(f(*args, **kwargs))
    except (SchedulingError, ParseFragmentError, TypeError, ValueError) as e:
        print(f"{type(e).__name__}: {e}")


@proc
def scale(n: size, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        y[i] = 2.0 * x[i]


for tail in ["guard", "cut", "cut_and_guard"]:
    attempt(divide_loop, scale, "i", 4, ["io", "ii"], tail=tail)
attempt(divide_loop, scale, "i", 4, ["io", "ii"], perfect=True)
attempt(divide_loop, scale, "i", 0, ["io", "ii"])
attempt(divide_loop, scale, "i", 4, ["io"])
fixed = divide_loop(scale.partial_eval(16), "i", 4, ["io", "ii"], perfect=True)
print(fixed)
swapped = reorder_loops(fixed, "io ii")
print(swapped)
print(unroll_loop(swapped, "io"))
attempt(unroll_loop, scale, "i")
attempt(mult_loops, fixed, "io ii", "k")
attempt(cut_loop, scale, "i", "n - 1")
attempt(cut_loop, scale, "i", "n + 1")
attempt(shift_loop, scale, "i", 3)
attempt(cut_loop, scale, "i", "k")


@proc
def forward_dep(n: size, x: f32[n + 1], y: f32[n + 1]):
    for i in seq(0, n):
        x[i + 1] = y[i]
        y[i] = x[i]


attempt(fission, forward_dep, forward_dep.find("x[_] = _").after())


@proc
def backward_dep(n: size, x: f32[n + 1], y: f32[n + 1]):
    for i in seq(0, n):
        x[i] = y[i]
        y[i + 1] = 2.0


attempt(fission, backward_dep, backward_dep.find("x[_] = _").after())


@proc
def two(n: size, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        x[i] = 1.0
        y[i] = x[i] + 1.0


split = fission(two, two.find("x[_] = _").after())
print(split)
print(fuse(split, "for i in _: _ #0", "for i in _: _ #1"))


@proc
def tri(n: size, x: f32[n, n]):
    for i in seq(0, n):
        for j in seq(0, i):
            x[i, j] = 0.0


attempt(reorder_loops, tri, "i j")


@proc
def dep(n: size, x: f32[n + 1, n + 1]):
    for i in seq(0, n):
        for j in seq(0, n):
            x[i + 1, j] = x[i, j + 1]


attempt(reorder_loops, dep, "i j")


@proc
def halves(x: f32[8]):
    for i in seq(0, 4):
        x[i] = 0.0
    for i in seq(4, 8):
        x[i] = 0.0


print(join_loops(halves, "i #0", "i #1"))


@proc
def guarded(n: size, x: f32[n], flag: bool):
    for i in seq(0, n):
        if flag:
            x[i] = 1.0


print(lift_scope(guarded, guarded.find("if flag: _")))


@proc
def once(x: f32):
    x = 1.0


print(add_loop(once, "x = _", "i", 4))
attempt(add_loop, once, "x = _", "i", 0)
print(remove_loop(add_loop(once, "x = _", "i", 4), "i"))


@proc
def dead(n: size, x: f32[n]):
    assert n > 2
    for i in seq(0, n):
        if n > 1:
            x[i] = 1.0
        else:
            x[i] = 2.0


print(eliminate_dead_code(dead, "if _: _"))
print(delete_pass(insert_pass(dead, dead.find("x[_] = 1.0").after())) == dead)
