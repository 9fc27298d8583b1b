# simplify: expected outputs follow upstream Exo's goldens for its simplify tests
# (tests/golden/test_schedules/test_simplify*.txt, test_simplify_index_*.txt).
from __future__ import annotations

from exo import proc
from exo.stdlib.scheduling import simplify


def show(p):
    print(simplify(p))
    print("--")


# constant folding and linear normal form in types, loop bounds and indices
@proc
def foo(n: size, m: size):
    x: R[n, 16 * (n + 1) - n * 16, (10 + 2) * m - m * 12 + 10]
    for i in seq(0, 4 * (n + 2) - n * 4 + n * 5):
        pass
    y: R[10]
    y[n * 4 - n * 4 + 1] = 0.0


show(foo)


# negative leading coefficient
@proc
def foo(n: size, m: size):
    assert m == 1 and n == 1
    y: R[10]
    y[10 * m - 10 * n + 2 * n] = 2.0


show(foo)


@proc
def bar():
    for i in seq(0, 3):
        for j in seq(0, i * 16 + 16 - i * 16):
            pass


show(bar)


@proc
def foo(n: size):
    for i in seq(2 + 5 + n, 9 + 8 + n):
        pass


show(foo)


# nested constant denominators merge; a division with a non-linear numerator stays
@proc
def foo(n: size):
    x: f32
    for i in seq(0, (n / 4) / 3 / 2):
        x = 0.0


show(foo)


@proc
def foo(n: size):
    x: f32
    for ii in seq(0, n):
        for i in seq(0, (ii + n / 4 * 4) / 8):
            x = 0.0


show(foo)


# division and modulo using iterator ranges
@proc
def bar(x: R[1000]):
    for i in seq(0, 4):
        for j in seq(0, 5):
            x[(i * 4 + i * 4 + 2 * j + 3) / 3] = 1.0
            x[(i * 4 + i * 4 + 2 * j + 3) / 2] = 1.0
            x[(i * 4 + i * 4 + 2 * j + 24) / 2] = 1.0
            x[(i * 4 + i * 4 + 2 * j + 3) % 5] = 1.0
            x[(i * 4 + i * 4 + 2 * j + 3) % 3] = 1.0
            x[(i * 4 + i * 4 + 2 * j + 3) % 2] = 1.0
            x[(i * 4 + i * 3 + 2 * j + 3) % 2] = 1.0
            x[((i * 6 + i * 4 + 5 * j + 9) % 5 + 2 * i + 2) / 2] = 1.0
            x[((((i * 4 + i * 12 + 2 * j + 2) % 2) + (20 * i + 40 * j) / 5) / 2 + (3 + 8 * j)) % 4] = 1.0


show(bar)


@proc
def bar(N: size, x: R[N]):
    assert N >= 1
    assert N % 4 == 0
    for io in seq(0, N / 4):
        for ii in seq(0, 4):
            x[(io * 4 + ii) / 4] = 1.0
            x[(io * 4 + ii + 8) / 4] = 1.0
            x[(io * 5 + ii + 1) / 5] = 1.0
            x[(io * 4 + ii) % 4] = 1.0


show(bar)


@proc
def bar(N: size, x: R[2 * N]):
    assert N >= 1
    assert N % 4 == 0
    for io in seq(0, N / 4):
        for ii in seq(0, 4):
            x[(io * 4 + ii + 1) / 4] = 1.0
        for ii in seq(0, 5):
            x[(io * 4 + ii) / 4] = 1.0
            x[(N + ii + 4 * io) / 2] = 1.0


show(bar)


# the denominator is split when a factor divides exactly
@proc
def bar(N: size):
    for i in seq(0, N):
        for j in seq(0, 4):
            if (i * 4 + j) / 16 > 0:
                pass


show(bar)


@proc
def foo(n: size):
    x: i8[1]
    x_window = x[0 + 0 : 1 + 0]
    x_window[0] = 0.0


show(foo)


# boolean simplification and constant branches
@proc
def foo(n: size):
    if (n > 0 and True) or (False and n == 1):
        pass
    if n > 4 or True:
        pass


show(foo)
