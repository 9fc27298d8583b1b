# inline_assign deletes `buf[idx] = rhs` and substitutes rhs for the reads of buf[idx]
# after it. Upstream only refuses a buffer written again later in the block; exocc also
# refuses what would change the results (found by tests/sched_fuzz): an argument or a
# window, a buffer read outside the rest of the block, a read left behind that may be
# the deleted element, a window of the buffer, and a write of what rhs reads before a
# substituted read.
from __future__ import annotations
from exo import proc
from exo.stdlib.scheduling import *
from helpers.refusal import refused


@proc
def to_output(x: f32[8], y: f32[8]):
    for i in seq(0, 8):
        y[i] = x[i]
        x[i] = y[i] * 2.0


# y is an argument: the caller reads y[i] after the loop
refused(lambda: inline_assign(to_output, "y[_] = _"))


@proc
def outer_alloc(x: f32[8], y: f32[8]):
    t: f32
    t = 0.0
    for i in seq(0, 8):
        t = x[i]
        y[i] = t
    y[0] = t


# t is allocated outside the loop body: its last value is read after the loop
refused(lambda: inline_assign(outer_alloc, "t = x[_]"))


@proc
def other_index(x: f32[8], y: f32[8]):
    for i in seq(0, 8):
        w: f32[4]
        w[1] = x[i]
        for j in seq(0, 4):
            w[j] = 0.0
        y[i] = w[1]
    for i in seq(0, 8):
        v: f32[4]
        v[1] = x[i]
        for j in seq(1, 2):
            y[i] += v[j]


# upstream's own check: w is written again afterwards
refused(lambda: inline_assign(other_index, "w[1] = _"))
# v[j] with j = 1 reads the deleted element
refused(lambda: inline_assign(other_index, "v[1] = _"))


@proc
def input_changes(x: f32[8], y: f32[8]):
    for i in seq(0, 8):
        t: f32
        t = x[i]
        x[i] = 0.0
        y[i] = t


# x[i] is overwritten before t is read: substituting x[i] would read the new value
refused(lambda: inline_assign(input_changes, "t = _"))


@proc
def window_use(x: f32[8], y: f32[4]):
    w: f32[4]
    w[0] = x[0]
    wv = w[0:4]
    y[0] = wv[0]


refused(lambda: inline_assign(window_use, "w[0] = _"))


@proc
def copy_row(dst: [f32][6], src: [f32][6]):
    for k in seq(0, 6):
        dst[k] = src[k]


@proc
def through_window(z: f32[8, 6], x: f32[8]):
    for i in seq(0, 8):
        w: f32[6]
        copy_row(w[0:6], z[i, 0:6])
        for j in seq(0, 5):
            z[i, j] = w[j + 1] + x[i]


# after inlining the call, dst is a window of w, which the loop after it reads as w
refused(lambda: inline_assign(inline(through_window, "copy_row(_)"), "dst[_] = _"))


@proc
def square_into(x: f32, t: f32):
    t = x * x


@proc
def scalar_passed(x: f32[8], y: f32[8]):
    for i in seq(0, 8):
        t: f32
        t = x[i]
        u: f32
        square_into(t, u)
        y[i] = u


# a scalar passed to a call is a buffer passed by reference, not a value to substitute
refused(lambda: inline_assign(scalar_passed, "t = x[_]"))


@proc
def fine(x: f32[8], y: f32[8]):
    for i in seq(0, 8):
        w: f32[4]
        w[2] = x[i] * 2.0
        w[1] = x[i]
        y[i] = w[1] + w[2]
        x[i] = w[1]


# allocated in the block, w[2] is another element, x[i] is written by the last use
print(inline_assign(fine, "w[1] = _"))
