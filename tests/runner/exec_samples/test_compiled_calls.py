"""The `compiler` fixture's calls of compiled procedures with numpy arrays."""
from __future__ import annotations

import numpy as np
import pytest

from exo import proc, instr


@proc
def axpy(n: size, alpha: f32, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        y[i] += alpha * x[i]


@proc
def scale_rows(m: size, n: size, s: f64[m], a: [f64][m, n]):
    assert stride(a, 1) == 1
    for i in seq(0, m):
        for j in seq(0, n):
            a[i, j] = s[i] * a[i, j]


@proc
def clamp_i8(n: size, x: i8[n], out: i32[n]):
    for i in seq(0, n):
        out[i] = x[i]


def test_scalar_arguments_arrays_and_results(compiler):
    fn = compiler.compile(axpy)
    x = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    y = np.array([0.5, 0.25, 0.125], dtype=np.float32)
    alpha = np.array([0.1], dtype=np.float32)  # an f32 argument travels by pointer
    fn(None, 3, alpha, x, y)
    expected = [np.float32(np.float32(np.float32(0.1) * v) + w)
                for v, w in zip([1.0, 2.0, 3.0], [0.5, 0.25, 0.125])]
    assert y.tolist() == expected
    assert x.tolist() == [1.0, 2.0, 3.0]  # read-only arguments come back unchanged


def test_windows_take_the_arrays_strides(compiler):
    lib = compiler.compile([scale_rows, clamp_i8])
    a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    lib.scale_rows(None, 2, 3, np.array([10.0, -1.0]), a)
    assert a.tolist() == [[10.0, 20.0, 30.0], [-4.0, -5.0, -6.0]]
    out = np.zeros(3, dtype=np.int32)
    lib.clamp_i8(None, 3, np.array([-128, 5, 127], dtype=np.int8), out)
    assert out.tolist() == [-128, 5, 127]


@instr("{dst_data} = (float)exocc_test_counter;",
       c_global="extern int exocc_test_counter;")
def read_counter(dst: [f32][1]):
    dst[0] = 0.0


@proc
def counter_value(out: f32[1]):
    read_counter(out[0:1])


def test_calls_share_the_library_state(compiler, tmp_path):
    # Like ctypes, every call runs in one process: what bump() does to a C global is
    # seen by the next call.
    (tmp_path / "counter.c").write_text(
        "int exocc_test_counter = 0;\nvoid bump(void) { exocc_test_counter += 5; }\n")
    lib = compiler.compile(counter_value, additional_file=str(tmp_path / "counter.c"))
    out = np.zeros(1, dtype=np.float32)
    lib.bump()
    lib.bump()
    lib(None, out)
    assert out[0] == 10.0


@instr('printf("from C: %d\\n", (int){n});', c_global="#include <stdio.h>")
def say(n: size):
    pass


@proc
def greet(n: size, out: f32[1]):
    say(n)
    out[0] = 1.0


def test_what_c_prints_reaches_stdout(compiler, capsys):
    lib = compiler.compile(greet)
    out = np.zeros(1, dtype=np.float32)
    lib(None, 7, out)
    lib(None, 8, out)
    assert capsys.readouterr().out == "from C: 7\nfrom C: 8\n"
    assert out[0] == 1.0


@instr("if ({n} == 3) exit(3);", c_global="#include <stdlib.h>")
def exit_on_three(n: size):
    pass


@proc
def may_exit(n: size, out: i32[1]):
    exit_on_three(n)
    out[0] = 1


def test_a_driver_that_dies_is_reported_and_restarted(compiler):
    lib = compiler.compile(may_exit)
    out = np.zeros(1, dtype=np.int32)
    with pytest.raises(RuntimeError, match=r"calling may_exit failed \(exit status 3\)"):
        lib(None, 3, out)
    lib(None, 4, out)  # a new driver takes the next call
    assert out[0] == 1
