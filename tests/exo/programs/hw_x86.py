# exo.platforms.x86: scheduling kernels onto AVX2 / AVX-512 instructions with `replace`,
# then the C. The instruction procs come from hw/x86.py.
from __future__ import annotations

from exo import proc, compile_procs_to_strings
from exo.platforms.x86 import *
from exo.stdlib.scheduling import *


def show_c(p):
    c, h = compile_procs_to_strings([p], "test.h")
    print(c, end="")


# y += a * x, 8 lanes at a time (n a multiple of 8)
@proc
def saxpy(n: size, a: f32, x: f32[n] @ DRAM, y: f32[n] @ DRAM):
    assert n % 8 == 0
    for i in seq(0, n):
        y[i] += a * x[i]


def to_registers(p, expr, name):
    # a[ii] = <expr> in an 8-wide AVX2 buffer, computed in its own loop before the use
    p = bind_expr(p, expr, name)
    p = expand_dim(p, name, 8, "ii")
    p = lift_alloc(p, name)
    p = autofission(p, p.find(f"{name}[_] = _").after())
    return set_memory(p, name, AVX2)


p = divide_loop(saxpy, "i", 8, ["io", "ii"], perfect=True)
p = stage_mem(p, "for ii in _: _", "y[8 * io:8 * io + 8]", "yv")
p = set_memory(p, "yv", AVX2)
p = to_registers(p, "x[_]", "xv")
p = to_registers(p, "a", "av")
print(p)
p = replace_all(p, [mm256_loadu_ps, mm256_storeu_ps, mm256_broadcast_ss_scalar, mm256_fmadd_ps])
p = simplify(p)
print(p)
show_c(p)


# AVX-512: z = x + y, 16 floats at a time (n a multiple of 16)
@proc
def vadd16(n: size, x: f32[n] @ DRAM, y: f32[n] @ DRAM, z: f32[n] @ DRAM):
    assert n % 16 == 0
    for i in seq(0, n):
        z[i] = x[i] + y[i]


q = divide_loop(vadd16, "i", 16, ["io", "ii"], perfect=True)
q = stage_mem(q, "for ii in _: _", "x[16 * io:16 * io + 16]", "xv")
q = stage_mem(q, "for ii in _: _", "y[16 * io:16 * io + 16]", "yv")
q = stage_mem(q, "for ii in _: _", "z[16 * io:16 * io + 16]", "zv", accum=False)
for name in ["xv", "yv", "zv"]:
    q = set_memory(q, name, AVX512)
q = simplify(replace_all(simplify(q), [mm512_loadu_ps, mm512_add_ps, mm512_storeu_ps]))
print(q)
show_c(q)


# z += x with z in memory: x is loaded into a register and added back to z by
# mm512_add_memu_ps (the write-back of an accumulator staged with accum=True)
@proc
def add_into16(x: f32[16] @ DRAM, z: f32[16] @ DRAM):
    for j in seq(0, 16):
        z[j] += x[j]


s = stage_mem(add_into16, "for j in _:_", "x[0:16]", "xv")
s = set_memory(s, "xv", AVX512)
s = simplify(replace_all(simplify(s), [mm512_loadu_ps, mm512_add_memu_ps]))
print(s)
show_c(s)


# Prefix forms: only the first m lanes are loaded and stored
@proc
def copy_prefix(m: size, dst: f32[8] @ DRAM, src: f32[8] @ DRAM):
    assert m <= 8
    buf: f32[8] @ AVX2
    for i in seq(0, 8):
        if i < m:
            buf[i] = src[i]
    for i in seq(0, 8):
        if i < m:
            dst[i] = buf[i]


r = replace_all(copy_prefix, [mm256_prefix_load_ps, mm256_prefix_store_ps])
print(r)
show_c(r)


# The instructions' preconditions are checked where they are used: a load from a
# column of a matrix (stride 2) is refused (upstream's replace does not check them).
@proc
def strided(x: f32[8, 2] @ DRAM):
    v: f32[8] @ AVX2
    for i in seq(0, 8):
        v[i] = x[i, 0]


try:
    replace(strided, "for i in _: _", mm256_loadu_ps)
except SchedulingError as e:
    lines = str(e).splitlines()
    # "<call site>: Could not verify assertion ... in mm256_loadu_ps at <hw/x86.py:line>. ..."
    print("SchedulingError:", lines[1].split(": ", 1)[1].split(" at ")[0])
    print("  counterexample:", lines[2].strip())
