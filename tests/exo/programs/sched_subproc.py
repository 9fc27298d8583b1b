# Sub-procedure operations: replace (unification), inline, call_eqv, and the stdlib
# replace helpers.
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *
from exo.rewrite.LoopIR_unification import UnificationError


def attempt(f, *args, **kwargs):
    try:
        r = f(*args, **kwargs)
        print(r)
        return r
    except (SchedulingError, UnificationError, TypeError, ValueError) as e:
        print(f"{type(e).__name__}: {e}")


@proc
def simd_add4(dst: [R][4], a: [R][4], b: [R][4]):
    for i in seq(0, 4):
        dst[i] = a[i] + b[i]


@proc
def add_all(n: size, z: R[n], x: R[n], y: R[n]):
    assert n % 4 == 0
    for i in seq(0, n / 4):
        for j in seq(0, 4):
            z[4 * i + j] = x[4 * i + j] + y[4 * i + j]


# index holes solved linearly; windows of the caller's buffers
r = attempt(replace, add_all, "for j in _: _", simd_add4, quiet=True)
# the call back to its body
attempt(inline, r, "simd_add4(_)")


@proc
def copy2(n: size, src: [R][n, n], dst: [R][n, n]):
    for i in seq(0, n):
        for j in seq(0, n):
            dst[i, j] = src[i, j]


@proc
def shifted(x: R[12, 12], y: R[12, 12]):
    for i in seq(0, 5):
        for j in seq(0, 5):
            x[i + 3, j + 1] = y[i + 5, j + 2]


attempt(replace, shifted, "for i in _: _", copy2, quiet=True)


# a point dimension: the window drops one dimension of the buffer
@proc
def pairs(n: size, src: [R][n], dst: [R][n]):
    for i in seq(0, n):
        if i < n - 2:
            dst[i] = src[i] + src[i + 1]


@proc
def cols(x: R[50, 2], y: R[50, 2]):
    for j in seq(0, 50):
        if j < 48:
            y[j, 1] = x[j, 0] + x[j + 1, 0]


attempt(replace, cols, "for j in _: _", pairs, quiet=True)

# failures: mismatched statements, inconsistent buffers
@proc
def two(x: R[4], y: R[4]):
    x[0] = y[0]
    x[1] = y[1]


@proc
def one(a: R[4], b: R[4]):
    a[0] = b[0]


attempt(replace, two, "x[1] = _", one, quiet=True)
attempt(replace, two, "x[_] = _", simd_add4, quiet=True)


@proc
def red(a: R[4], b: R[4]):
    a[0] += b[0]


attempt(replace, two, "x[0] = _", red, quiet=True)

# beyond upstream: the callee's asserts must hold at the call
@proc
def small(n: size, a: [R][n]):
    assert n <= 2
    for i in seq(0, n):
        a[i] = 0.0


@proc
def zero4(x: R[4]):
    for i in seq(0, 4):
        x[i] = 0.0


attempt(replace, zero4, "for i in _: _", small, quiet=True)


# call_eqv: the callee swapped for a proc scheduled from it
@proc
def caller(z: R[8], x: R[8], y: R[8]):
    simd_add4(z[0:4], x[0:4], y[0:4])


fast = rename(simd_add4, "simd_add4_fast")
attempt(call_eqv, caller, "simd_add4(_)", fast)
attempt(call_eqv, caller, "simd_add4(_)", zero4)

# stdlib: replace_all over several candidates
@proc
def set1(x: i8):
    x = 1.0
    x += 1.0


@proc
def three(x: i8):
    x = 1.0
    x += 1.0
    x = 1.0


attempt(replace_all, three, [set1])
