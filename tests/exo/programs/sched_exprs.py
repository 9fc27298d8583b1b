# stage_mem and the expression / write primitives: each rewrite, its safety check, its
# error messages, and forwarding of cursors across it.
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *


def attempt(f, *args, **kwargs):
    try:
        print(f(*args, **kwargs))
    except (SchedulingError, ParseFragmentError, TypeError, ValueError, NotImplementedError) as e:
        print(f"{type(e).__name__}: {e}")


# ------------------------------------------------------------------ stage_mem

@proc
def sqmat(n: size, A: R[n, n], B: R[n, n]):
    assert n % 4 == 0
    for i in seq(0, n / 4):
        for j in seq(0, n / 4):
            for k in seq(0, n / 4):
                for ii in seq(0, 4):
                    for jj in seq(0, 4):
                        for kk in seq(0, 4):
                            A[4 * i + ii, 4 * j + jj] += B[4 * i + ii, 4 * k + kk] * B[4 * k + kk, 4 * j + jj]


# a tile staged around the k loop: load, rewritten body, store
print(simplify(stage_mem(sqmat, "for k in _: _", "A[4*i:4*i+4, 4*j:4*j+4]", "Atile")))
# accum: zero-initialised, reduced back
print(simplify(stage_mem(sqmat, "for k in _: _", "A[4*i:4*i+4, 4*j:4*j+4]", "Atile", accum=True)))
# B is read at two places, one of which straddles the window
attempt(stage_mem, sqmat, "for ii in _: _", "B[4*i:4*i+4, 4*k:4*k+4]", "Btile")
# wrong number of dimensions, an unused window, a bad window string, a bad name
attempt(stage_mem, sqmat, "for k in _: _", "A[4*i:4*i+4]", "Atile")
attempt(stage_mem, sqmat, "for k in _: _", "A[n:n+4, 0:4]", "Atile")
attempt(stage_mem, sqmat, "for k in _: _", "A(0)", "Atile")
attempt(stage_mem, sqmat, "for k in _: _", "A[0:4, 0:4]", "1tile")
attempt(stage_mem, sqmat, "for k in _: _", "A[q:4, 0:4]", "Atile")


@proc
def matmul(n: size, A: R[n, n], B: R[n, n], C: R[n, n]):
    for i in seq(0, n):
        for j in seq(0, n):
            for k in seq(0, n):
                C[i, j] += A[i, k] * B[k, j]


# a point window: a scalar buffer
print(simplify(stage_mem(matmul, "for k in _:_", "C[i, j]", "res")))
# accum needs a block that only reduces into the buffer
attempt(stage_mem, matmul, "for k in _:_", "A[i, 0:n]", "arow", accum=True)


@proc
def axpy(n: size, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        y[i] += x[i]


axpy = divide_loop(axpy, axpy.find_loop("i"), 5, ("io", "ii"), tail="guard")
# the window may run past the end of y: guarded load and store
print(simplify(stage_mem(axpy, axpy.find_loop("ii"), "y[5*io:5*io+5]", "yReg")))
print(simplify(stage_mem(axpy, axpy.find_loop("ii"), "y[5*io:5*io+5]", "yReg", accum=True)))
# read only: no store
staged = stage_mem(axpy, axpy.find_loop("io").body(), "x[5*io:5*io+5]", "xReg")
print(simplify(staged))
# forwarding: the staged loop moved down past the allocation and the load
print(staged.forward(axpy.find_loop("ii")))


@proc
def guarded(n: size, m: size, x: f32[n], y: f32[n]):
    assert m >= n
    for i in seq(0, m):
        if i < n:
            y[i] = x[i]


# a point staged where the guard keeps it in bounds
print(stage_mem(guarded, guarded.find_loop("i").body(), "x[i]", "tmp"))


@proc
def windows(n: size, x: f32[n, 8], y: f32[8]):
    for i in seq(0, n):
        xw = x[i, 0:8]
        for j in seq(0, 8):
            y[j] += xw[j]


# a window expression inside the staged block is rewritten too
print(stage_mem(windows, windows.find_loop("i").body(), "x[i:i+1, 0:8]", "xs"))
# ...but not when it windows a dimension the staged window fixes
attempt(stage_mem, windows, windows.find_loop("i").body(), "x[i, 3]", "xs")


# ------------------------------------------------------------------ expressions

@proc
def exprs(n: size, x: f32[n], y: f32[n], a: f32):
    for i in seq(0, n):
        y[i] = a * x[i] + (x[i] + (a + 1.0))
        y[i] = y[i] * 2.0


print(commute_expr(exprs, "a * x[_]"))
print(commute_expr(exprs, [exprs.find("a * x[_]"), exprs.find("y[_] * 2.0")]))
attempt(commute_expr, exprs, "a + 1.0 #0")
attempt(commute_expr, exprs, exprs.find_loop("i"))
attempt(commute_expr, exprs, [exprs.find("a * x[_]"), exprs.find_loop("i")])
print(left_reassociate_expr(exprs, "x[_] + (a + 1.0)"))
attempt(left_reassociate_expr, exprs, "a * x[_]")
attempt(left_reassociate_expr, exprs, "a * x[_] + _")


@proc
def idx(n: size, x: f32[n + 2]):
    for i in seq(0, n):
        x[i + 1] = 0.0


print(rewrite_expr(idx, "i + 1", "1 + i"))
attempt(rewrite_expr, idx, "i + 1", "i + 2")
attempt(rewrite_expr, idx, "i + 1", "j")

# bind_expr: one occurrence, all of them, and one whose buffer is written in between
print(bind_expr(exprs, "a * x[_]", "ax"))
print(bind_expr(exprs, exprs.find("x[_]", many=True), "xi"))
attempt(bind_expr, exprs, exprs.find("y[_]", many=True), "yi")
attempt(bind_expr, exprs, "i + 1", "k")
attempt(bind_expr, idx, "i + 1", "k")
attempt(bind_expr, exprs, "a * x[_]", "1k")


@proc
def rebind(n: size, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        y[i] = x[i]
        x[i] = 0.0
        y[i] += x[i]


attempt(bind_expr, rebind, rebind.find("x[_]", many=True), "xi")
print(bind_expr(rebind, rebind.find("x[_]"), "xi"))
bound = bind_expr(exprs, "a * x[_]", "ax")
c = exprs.find("y[_] = _ #1")
print(bound.forward(c))

# ------------------------------------------------------------------ specialize

@proc
def spec(n: size, x: f32[n]):
    for i in seq(0, n):
        x[i] = 0.0


print(specialize(spec, spec.find_loop("i"), "n < 8"))
print(specialize(spec, spec.find_loop("i"), ["n == 4", "n == 8 or n == 16"]))
attempt(specialize, spec, spec.find_loop("i"), "x[0] < 1.0")
attempt(specialize, spec, spec.find_loop("i"), "k < 1")


@proc
def spec_alloc(n: size, x: f32[n]):
    t: f32
    t = 1.0
    x[0] = t


attempt(specialize, spec_alloc, spec_alloc.body()[0:2], "n < 8")
print(specialize(spec_alloc, spec_alloc.body(), "n < 8"))

# ------------------------------------------------------------------ writes

@proc
def writes(n: size, x: f32[n], y: f32[n], z: f32):
    for i in seq(0, n):
        x[i] = y[i]
        x[i] += 2.0
        z = y[i]
        z = z + x[i]
        x[i] = x[i] + z


print(merge_writes(writes, writes.find("x[_] = _").as_block().expand(0, 1)))
attempt(merge_writes, writes, writes.find("x[_] += _").as_block().expand(0, 1))
attempt(merge_writes, writes, writes.find("z = _").as_block().expand(0, 1))
attempt(merge_writes, writes, writes.find("z = _ #1").as_block().expand(0, 1))
print(split_write(writes, "x[_] = x[_] + z"))
attempt(split_write, writes, "x[_] = y[_]")
attempt(split_write, writes, writes.find_loop("i"))
print(fold_into_reduce(writes, "z = z + _"))
print(fold_into_reduce(writes, "x[_] = x[_] + _"))
attempt(fold_into_reduce, writes, "x[_] = y[_]")
attempt(fold_into_reduce, writes, "x[_] += _")


@proc
def inl(n: size, x: f32[n], y: f32[n]):
    t: f32
    for i in seq(0, n):
        t = x[i]
        y[i] = t * t
        x[i] = 0.0


print(inline_assign(inl, "t = _"))
attempt(inline_assign, inl, "x[_] = _")
attempt(inline_assign, inl, "y[_] = _")


@proc
def win(n: size, x: f32[n, 16], y: f32[n]):
    for i in seq(0, n):
        w = x[i, 4:12]
        y[i] = w[2] + w[3]
        w[0] = y[i]


print(inline_window(win, "w = _"))
attempt(inline_window, win, "y[_] = _")

# ------------------------------------------------------------------ lift_reduce_constant

@proc
def lrc(n: size, x: f32, y: f32[n], c: f32):
    x = 0.0
    for i in seq(0, n):
        x += c * y[i]


print(lift_reduce_constant(lrc, lrc.body()[0:2]))


@proc
def lrc_bad(n: size, x: f32, y: f32[n]):
    x = 0.0
    for i in seq(0, n):
        x += y[i]


attempt(lift_reduce_constant, lrc_bad, lrc_bad.body()[0:2])


@proc
def lrc_inner(n: size, x: f32, y: f32[n]):
    x = 0.0
    for i in seq(0, n):
        x += y[i] * 2.0
attempt(lift_reduce_constant, lrc_inner, lrc_inner.body()[0:2])
