# extract_subproc: a block becomes a new proc called in its place. Parameters are the
# variables in scope the block uses (proc arguments in order, then allocations and
# enclosing loop iterators, outermost first) plus the sizes of the buffers among them;
# asserts are the facts known at the block mentioning only those parameters.
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *


def attempt(f, *args, **kwargs):
    try:
        r = f(*args, **kwargs)
        if isinstance(r, tuple):
            for x in r:
                print(x)
        else:
            print(r)
        return r
    except (SchedulingError, TypeError, ValueError) as e:
        print(f"{type(e).__name__}: {e}")


# an allocation and an enclosing loop iterator; with and without asserts
@proc
def acc():
    x: R @ DRAM
    y: R[8] @ DRAM
    for j in seq(0, 8):
        x = 0.0
        for i in seq(0, 8):
            x += y[j] * 2.0


attempt(extract_subproc, acc, "for i in _:_", "inner", include_asserts=False)
attempt(extract_subproc, acc, "for i in _:_", "inner")

# sizes of a used buffer come along (in argument order); unrelated asserts stay behind
@proc
def sized(N: size, M: size, K: size, L: size, x: R[N, K + M]):
    assert N >= 8
    assert L >= 1
    for i in seq(0, 8):
        x[i, 0] += 2.0


attempt(extract_subproc, sized, "for i in _:_", "sub")

# branch conditions: True in the body, False in the orelse
@proc
def branches(N: size, M: size, x: R[N, M]):
    assert N >= 8
    assert M >= 2
    if N < 10 and M < 4:
        for i in seq(0, 8):
            x[i, 0] += 2.0
    else:
        for i in seq(0, 8):
            x[i, 0] += 1.0


b, f_if = extract_subproc(branches, "for i in _:_", "f_if")
b, f_else = extract_subproc(b, "for i in _:_", "f_else")
print(b)
print(f_if)
print(f_else)

# beyond upstream: an if before the block (not around it) says nothing about it
@proc
def after_if(n: size, x: R[n]):
    if n < 4:
        x[0] = 1.0
    for i in seq(0, n):
        x[i] += 1.0


attempt(extract_subproc, after_if, "for i in _:_", "tail")

# memories of allocations are kept; a window argument keeps its stride assert
@proc
def mems(x: [f32][8], y: [f32][8]):
    assert stride(x, 0) == 1
    assert stride(y, 0) == 1
    reg: f32[8] @ DRAM
    for i in seq(0, 8):
        reg[i] = x[i]
    for i in seq(0, 8):
        y[i] = reg[i]


attempt(extract_subproc, mems, mems.body()[1:], "both")
attempt(extract_subproc, mems, mems.body()[1:2], "load")

# loop bounds of enclosing loops in terms of sizes
@proc
def gemv(m: size, n: size, alpha: R, beta: R, A: [R][m, n], x: [R][n], y: [R][m]):
    assert stride(A, 1) == 1
    for i in seq(0, m):
        y[i] = y[i] * beta
        for j in seq(0, n):
            y[i] += alpha * x[j] * A[i, j]


gemv = fission(gemv, gemv.find("y[_] = _").after())
gemv = reorder_loops(gemv, gemv.find_loop("i #1"))
attempt(extract_subproc, gemv, gemv.find_loop("i #1"), "fooooo")

# nested loops: facts of the innermost loop first, after the proc's asserts
@proc
def nest(n: size, x: R[n, n]):
    assert n > 2
    for i in seq(0, n):
        for j in seq(1, n):
            x[i, j] = x[i, j - 1]


attempt(extract_subproc, nest, "x[_] = _", "one")

# cursors: the block forwards to the call; its statements no longer exist
@proc
def two(N: size, M: size, K: size, x: R[N, K + M]):
    assert N >= 8
    x[0, 0] = 0.0
    for i in seq(0, 8):
        x[i, 0] += 2.0


blk = two.body()
stmt = two.body()[0]
t, sub = extract_subproc(two, blk, "fooooo")
print(t)
print(sub)
fb = t.forward(blk)
print(len(fb), type(fb[0]).__name__)
try:
    t.forward(stmt)
except InvalidCursorError as e:
    print("InvalidCursorError:", e)

# the new proc can be scheduled and swapped back in with call_eqv
fast = rename(sub, "fooooo_fast")
fast = divide_loop(fast, "i", 4, ["io", "ii"], perfect=True)
print(call_eqv(t, "fooooo(_)", fast))

# argument errors
attempt(extract_subproc, two, "for i in _:_", "1bad")
attempt(extract_subproc, two, "for i in _:_", "ok", include_asserts=1)
attempt(extract_subproc, two, 3, "ok")



# beyond upstream (which leaves the window unbound in the new proc): a window named
# before the block is passed as a window argument, with its buffer's memory
@proc
def win(n: size, x: R[n, 8]):
    assert n > 4
    w = x[2, 0:8]
    for i in seq(0, 8):
        w[i] = 0.0


attempt(extract_subproc, win, "for i in _:_", "zero")

# ... but not together with the buffer it views (the call would alias them)
@proc
def win2(x: R[8]):
    w = x[0:4]
    for i in seq(0, 4):
        w[i] = x[i + 4]


attempt(extract_subproc, win2, "for i in _:_", "cp")
