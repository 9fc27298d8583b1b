from __future__ import annotations
from exo import proc, DRAM
from exo.stdlib.scheduling import SchedulingError


def show(f):
    try:
        f()
        print("accepted")
    except (TypeError, SchedulingError) as e:
        print(type(e).__name__ + ":", e)


def ok_split_tail():
    @proc
    def good(n: size, dst: R[n] @ DRAM, src: R[n] @ DRAM):
        for i in seq(0, (n + 7) / 8):
            if n - 8 * i >= 8:
                pass
            else:
                for j in seq(0, n - 8 * i):
                    dst[8 * i + j] = src[8 * i + j]


def bad_read():
    @proc
    def foo():
        x2: R[1]
        huga: R
        huga = x2[100]


def bad_loop_bound():
    @proc
    def bar(n: size):
        for i in seq(0, n):
            for j in seq(0, i - 1):
                pass


def bad_callee_assert():
    @proc
    def foo(n: size, x: i8[n, n]):
        assert n == 1
        pass

    @proc
    def bar():
        z: i8[3, 3]
        foo(3, z)


def bad_shape():
    @proc
    def foo(x: i8[3, 3]):
        pass

    @proc
    def bar():
        z: i8[3, 4]
        foo(z)


def unsat_assert():
    @proc
    def bar(x: i8[30, 10] @ DRAM):
        assert stride(x, 0) == 9
        pass


def aliased_args():
    @proc
    def foo(n: size, x: [R][n, n], y: [R][n, n]):
        pass

    @proc
    def bar(n: size, z: R[n, n]):
        foo(n, z, z)


for f in [ok_split_tail, bad_read, bad_loop_bound, bad_callee_assert, bad_shape,
          unsat_assert, aliased_args]:
    print(f.__name__)
    show(f)
