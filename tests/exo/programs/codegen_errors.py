# The backend checks reject these procs with upstream's exception types and wording.
from __future__ import annotations

from exo import proc, compile_procs_to_strings
from exo.core.memory import MemGenError
from exo.libs.memories import AVX2


def attempt(name, p):
    try:
        compile_procs_to_strings([p], "test.h")
        print(f"{name}: compiled")
    except (TypeError, MemGenError) as e:
        print(f"{name}: {type(e).__name__}: {str(e).splitlines()[0]}")
        for line in str(e).splitlines()[1:]:
            print("   ", line.split(": ", 1)[1])


@proc
def race(A: i8[10]):
    total: i8
    for i in par(0, 10):
        total += A[i]


attempt("race", race)


@proc
def no_race(A: i8[10, 4]):
    for i in par(0, 10):
        for j in seq(0, 4):
            A[i, j] = A[i, j] + 1.0


attempt("no_race", no_race)


@proc
def takes_tensor(x: f32[4]):
    x[0] = 1.0


@proc
def passes_window(y: f32[8]):
    takes_tensor(y[0:4])


attempt("window_for_tensor", passes_window)


@proc
def takes_f64(x: f64[4]):
    x[0] = 1.0


@proc
def passes_f32(y: f32[4]):
    takes_f64(y)


attempt("precision", passes_f32)


@proc
def mixed(x: f32[4], y: f64[4]):
    x[0] = x[1] + y[1]


attempt("mixed_precision", mixed)


@proc
def takes_avx(x: f32[8] @ AVX2):
    pass


@proc
def passes_dram(y: f32[8]):
    takes_avx(y)


attempt("memory", passes_dram)


@proc
def reads_avx(x: f32[8] @ AVX2, y: f32[8]):
    for i in seq(0, 8):
        y[i] = x[i]


attempt("cannot_read", reads_avx)
