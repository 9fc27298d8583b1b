# Rewrites that would leave a name used where it no longer exists, or a call whose
# argument no longer has the callee's type (found by tests/sched_fuzz with
# EXOCC_VERIFY_IR, or a proc that cannot be compiled); each is refused here, next to
# the same primitive applied where it is fine. Upstream produces the broken proc in each
# case.
from __future__ import annotations
from exo import proc
from exo.stdlib.scheduling import *
from helpers.refusal import refused


@proc
def windowed(z: f32[8, 6], x: f32[8], y: f32[8]):
    for i in seq(0, 8):
        y[i] = x[i]
        zr = z[i, 0:6]
        for j in seq(0, 6):
            zr[j] = zr[j] + x[i]


# fission between a window statement and a use of the window
refused(lambda: fission(windowed, windowed.find("zr = _").after()))
print(fission(windowed, windowed.find("y[_] = _").after()))
# extract_subproc of a window statement whose window is used after it
refused(lambda: extract_subproc(windowed, "zr = _", "sub"))
q, sub = extract_subproc(windowed, "for j in _:_", "sub")
print(sub)


@proc
def fill(dst: f32[6], src: [f32][6]):
    for k in seq(0, 6):
        dst[k] = src[k]


@proc
def fill_win(dst: [f32][6], src: [f32][6]):
    for k in seq(0, 6):
        dst[k] = src[k]


@proc
def rows(z: f32[8, 6], x: f32[8]):
    for i in seq(0, 8):
        w: f32[6]
        fill(w, z[i, 0:6])
        x[i] = w[0]
    for i in seq(0, 8):
        v: f32[6]
        fill_win(v, z[i, 0:6])
        x[i] += v[1]


# lifting w makes the whole-buffer argument a window, which fill's dst is not
refused(lambda: autolift_alloc(rows, "w : _", 1, keep_dims=True))


@proc
def square(x: f32, t: f32):
    t = x * x


@proc
def scalars(x: f32[8], y: f32[8]):
    for i in seq(0, 8):
        a: f32
        a = x[i]
        t: f32
        square(a, t)
        y[i] = t


# lifting the scalar t would pass the element t[i], which a call cannot take
refused(lambda: autolift_alloc(scalars, "t : _", 1, keep_dims=True))
print(autolift_alloc(rows, "v : _", 1, keep_dims=True))


@proc
def staged(x: f32[8], y: f32[8]):
    t: f32[8]
    for i in seq(0, 8):
        t[i] = x[i]
    for i in seq(0, 8):
        if i < 4:
            y[i] = t[i]
        else:
            if i < 3:
                y[i] = 0.0
            else:
                y[i] = x[i]


# add_loop around an allocation used after it
refused(lambda: add_loop(staged, "t : _", "k", 2))
# extract_subproc of a statement that never runs (i < 3 inside i >= 4): its asserts
# would contradict each other
refused(lambda: extract_subproc(staged, "y[_] = 0.0", "dead"))
q, live = extract_subproc(staged, "y[_] = x[_]", "live")
print(live)


@proc
def never_runs(x: f32[8], y: f32[8]):
    for i in seq(0, 0):
        t: f32
        t = x[i]
        y[i] = t


# in a loop of no iterations t is never read, yet its mentions would be left unbound
refused(lambda: delete_buffer(never_runs, "t : _"))
