# `replace` onto a window argument whose stride the scheduled proc cannot know: upstream
# accepts it silently; exocc accepts it too but records the instruction's unit-stride
# assert as an implied precondition, which every caller of the proc must then satisfy.
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *


@proc
def copy4(dst: [f32][4], src: [f32][4]):
    assert stride(dst, 0) == 1
    assert stride(src, 0) == 1
    for i in seq(0, 4):
        dst[i] = src[i]


@proc
def rows(C: [f32][3, 4], D: f32[3, 4]):
    for i in seq(0, 3):
        for j in seq(0, 4):
            D[i, j] = C[i, j]


rows = replace(rows, "for j in _:_", copy4)
print(rows)


@proc
def dense_caller(X: f32[3, 4], Y: f32[3, 4]):
    rows(X, Y)


print(dense_caller)


def try_proc(build):
    try:
        build()
    except TypeError as e:
        print("TypeError:", str(e).splitlines()[1].split(": ", 1)[1])


def column_caller():
    @proc
    def column_caller(X: f32[3, 4, 2], Y: f32[3, 4]):
        rows(X[:, :, 0], Y)


def strided_ok():
    # the last dimension of X[0, :, :] has stride 1: accepted
    @proc
    def strided_ok(X: f32[2, 3, 4], Y: f32[3, 4]):
        rows(X[0, :, :], Y)

    print("strided_ok accepted")


try_proc(column_caller)
try_proc(strided_ok)

# A window the proc itself makes is still checked at the replace site.
@proc
def inner_window(X: f32[4, 4], D: f32[4, 4]):
    for i in seq(0, 4):
        for j in seq(0, 4):
            D[i, j] = X[j, i]


try:
    replace(inner_window, "for j in _:_", copy4)
except SchedulingError as e:
    print("SchedulingError:", str(e).splitlines()[1].split(": ", 1)[1])
