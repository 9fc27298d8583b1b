# C generation: windows, constness, par loops, externs, configs, instrs and asserts.
# Each case's header + source is printed after a `=== name` line.
from __future__ import annotations

from exo import proc, instr, config, compile_procs_to_strings
from exo.libs.externs import relu, select


def show(name, procs):
    c, h = compile_procs_to_strings(procs, "test.h")
    print(f"=== {name}")
    print(h + c, end="")


@proc
def callee(N: size, A: [f32][N]):
    for i in seq(0, N):
        A[i] = 0.0


@proc
def caller():
    A: f32[100]
    callee(10, A[10:20])


show("const_local_window", [caller])


@proc
def par_loop(x: i8[10]):
    for i in par(0, 10):
        x[i] = 1.0


show("pragma_parallel_loop", [par_loop])


@proc
def ext(x: f32[16], y: f32[16], z: f32[16]):
    for i in seq(0, 16):
        z[i] = relu(x[i] + y[i])
        y[i] = select(x[i], 0.0, y[i], 2.0)


show("externs", [ext])


@config
class Cfg:
    scale: f32
    n: size


@proc
def cfg_proc(n: size, x: f32[n]):
    assert n >= 4
    Cfg.scale = 2.0
    for i in seq(0, n):
        x[i] = x[i] * Cfg.scale


show("config", [cfg_proc])


@instr("{dst_data} = {src_data};")
def copy1(dst: [f32][1], src: [f32][1]):
    for i in seq(0, 1):
        dst[i] = src[i]


@proc
def use_instr(n: size, a: f32[n, 8], b: f32[n, 8], s: f32):
    for i in seq(0, n):
        for j in seq(0, 8):
            copy1(b[i, j:j + 1], a[i, j:j + 1])
    for i in seq(0, n):
        s += a[i, 0] / 2.0


show("instr_and_scalar", [use_instr])


@proc
def strided(n: size, x: [f64][n, n], y: i32[n]):
    assert stride(x, 1) == 1
    for i in seq(0, n):
        for j in seq(0, (n + 3) / 4):
            x[i, j] = x[i, j] + 1.0
        if i < 2:
            y[i] = 3
        else:
            y[i] = y[i] + 1


show("stride_assert_and_if", [strided])
