from __future__ import annotations
from exo import proc
from exo.stdlib.scheduling import SchedulingError, rename

# A call is in bounds when everything the callee accesses through its arguments lies
# inside the caller's buffers. When a window argument lies inside its buffer, a callee
# that passed its own check cannot reach outside it; otherwise the callee's accesses are
# checked one by one in the caller, so a window that sticks out is still accepted when
# the callee does not touch the part outside.


def show(name, f):
    try:
        f()
        print(name, "accepted")
    except (TypeError, SchedulingError) as e:
        print(name, type(e).__name__ + ":", e)


@proc
def fill_rows(n: size, x: [f32][n, 4]):
    for i in seq(0, n):
        for j in seq(0, 4):
            x[i, j] = 0.0


@proc
def fill_first_row(n: size, x: [f32][n, 4]):
    for j in seq(0, 4):
        x[0, j] = 1.0


@proc
def fill_row(x: [f32][4]):
    for j in seq(0, 4):
        x[j] = 2.0


def window_inside():
    @proc
    def caller(Y: f32[8, 4]):
        for k in seq(0, 4):
            fill_rows(2, Y[2 * k:2 * k + 2, :])


def window_outside_untouched():
    @proc
    def caller(Y: f32[8, 4]):
        for k in seq(0, 4):
            fill_first_row(3, Y[2 * k:2 * k + 3, :])


def window_outside_touched():
    @proc
    def caller(Y: f32[8, 4]):
        for k in seq(0, 4):
            fill_rows(3, Y[2 * k:2 * k + 3, :])


def window_stmt_outside_touched():
    @proc
    def caller(Y: f32[8, 4]):
        for k in seq(0, 4):
            w = Y[2 * k + 1:2 * k + 3, :]
            fill_rows(2, w)


def point_outside():
    @proc
    def caller(Y: f32[8, 4]):
        for k in seq(0, 9):
            fill_row(Y[k, :])


def window_of_window_outside():
    @proc
    def mid(z: [f32][6, 4]):
        fill_rows(2, z[4:6, :])

    @proc
    def caller(Y: f32[8, 4]):
        mid(Y[4:10, :])


def window_of_window_inside():
    @proc
    def mid(z: [f32][6, 4]):
        fill_rows(2, z[4:6, :])

    @proc
    def caller(Y: f32[8, 4]):
        mid(Y[2:8, :])


def scheduled_callee_outside():
    # a callee made by a primitive has not been checked on its own when the caller is
    # made, so its accesses are checked in the caller either way
    fill2 = rename(fill_rows, "fill2")

    @proc
    def caller(Y: f32[8, 4]):
        for k in seq(0, 4):
            fill2(3, Y[2 * k:2 * k + 3, :])


def scheduled_callee_inside():
    fill2 = rename(fill_rows, "fill2")

    @proc
    def caller(Y: f32[8, 4]):
        for k in seq(0, 4):
            fill2(2, Y[2 * k:2 * k + 2, :])


for name in ["window_inside", "window_outside_untouched", "window_outside_touched",
             "window_stmt_outside_touched", "point_outside", "window_of_window_outside",
             "window_of_window_inside", "scheduled_callee_outside", "scheduled_callee_inside"]:
    show(name, globals()[name])
