# A refused `replace` reports the first mismatch the unifier meets, in its order, however
# the refusal is reached: ExoBLAS tries every instruction on every statement, so most
# attempts are refused at once on statements of different kinds, and those take a
# shortcut past the unifier (rewrite/unification.cpp, quick_refusal) that returns the
# error instead of throwing it. The setup itself can refuse a block first: a `/` or `%`
# of a variable bound inside the block; and a block too short for the sub is refused
# before any of it.
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *
from exo.rewrite.LoopIR_unification import UnificationError


def attempt(block, sub):
    try:
        print(replace(p, block, sub, quiet=True))
    except UnificationError as e:
        print(f"UnificationError: {e}")
    except SchedulingError as e:
        print(f"SchedulingError: {e}")


@proc
def copy1(dst: [R][1], src: [R][1]):
    dst[0] = src[0]


@proc
def copy4(dst: [R][4], src: [R][4]):
    for i in seq(0, 4):
        dst[i] = src[i]


@proc
def copy4_twice(dst: [R][4], src: [R][4]):
    for i in seq(0, 4):
        dst[i] = src[i]
    for i in seq(0, 4):
        dst[i] = src[i]


@proc
def p(n: size, x: R[n, 4], y: R[n, 4], z: R[8]):
    for k in seq(0, n):
        for j in seq(0, 4):
            y[k, j] = x[k, j]
    for m in seq(0, 8):
        z[m / 2] = z[m]
    y[0, 0] = x[0, 0]


# statements of different kinds: the shortcut, with the unifier's own error
attempt(p.body()[0], copy1)
attempt(p.body()[2], copy4)
# too few statements for the sub: that error comes before the kinds are compared
attempt(p.body()[2], copy4_twice)
# a loop over a division by its own variable: the setup's error comes first
attempt(p.body()[1], copy1)
# the same kinds: the whole unifier decides (a loop's body of a different kind)
attempt(p.body()[0], copy4)
# and what matches is replaced
attempt(p.body()[0].body()[0], copy4)
