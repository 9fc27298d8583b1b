# Moving an allocation across a loop (lift_alloc / sink_alloc) is safe when the buffer
# is dead at the start of every iteration: each element a read may touch is first
# assigned in the same iteration. The accepted cases are the shapes of upstream's
# schedules (rvm_conv1d, quiz3, the tiled blur2d store_at, neon sgemm, unsharp); the
# rejected ones carry a value from one iteration to the next, or share a buffer between
# parallel iterations that write the same element.
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *


def attempt(name, f, *args, **kwargs):
    try:
        f(*args, **kwargs)
        print(name, "accepted")
    except SchedulingError as e:
        print(name, "rejected:", e)


# --- accepted ----------------------------------------------------------------


@proc
def both_branches(n: size, x: f32[n + 4], y: f32[n]):
    for i in seq(0, n):
        for r in seq(0, 4):
            t: f32
            if i + r < n:
                t = x[i + r]
            else:
                t = 0.0
            y[i] += t


# each branch of the if assigns t before it is read (rvm_conv1d)
attempt("if/else", lift_alloc, both_branches, "t", n_lifts=2)


@proc
def cancelling_offset(n: size, x: f32[n * 32 + 2], y: f32[n * 32]):
    for yo in seq(0, n):
        b: f32[34]
        for yi in seq(0, 34):
            b[yi + 32 * yo - 32 * yo] = x[yi + 32 * yo]
        for yi in seq(0, 32):
            y[yi + 32 * yo] = b[yi + 32 * yo - 32 * yo] + b[2 + yi + 32 * yo - 32 * yo]


# the written index is yi plus terms that cancel (quiz3)
attempt("cancelling offset", lift_alloc, cancelling_offset, "b")


@proc
def stencil_tiles(n: size, x: f32[n + 1, n + 1], y: f32[n, n]):
    assert n % 4 == 0
    p: f32[n + 1, n + 1]
    for i in seq(0, n / 4):
        for ii in seq(0, 4):
            for jii in seq(0, 2):
                for iii in seq(0, 2):
                    p[ii + iii + 4 * i, jii] = x[ii + iii + 4 * i, jii]
            y[ii + 4 * i, 0] = p[ii + 4 * i, 0] + p[1 + ii + 4 * i, 1]


# a nest of writes whose iterators sit inside sums (blur2d compute_at + store_at);
# overlapping rows of different iterations do not matter
attempt("nest in a sum", sink_alloc, stencil_tiles, "p")


@proc
def kernel(a: [f32][4, 8], y: f32[4]):
    for k in seq(0, 4):
        y[k] = a[k, 0] + a[k, 7]


@proc
def staged_window(n: size, x: f32[n, 16, 8], y: f32[n, 4, 4]):
    for io in seq(0, n):
        tile: f32[16, 8]
        for i0 in seq(0, 16):
            for i1 in seq(0, 8):
                tile[i0, i1] = x[io, i0, i1]
        for im in seq(0, 4):
            kernel(tile[4 * im : 4 * im + 4, 0:8], y[io, im, 0:4])


# a window passed to a call lies inside what the iteration wrote (neon sgemm's Atile)
attempt("window argument", lift_alloc, staged_window, "tile")


@proc
def divided_writes(n: size, x: f32[n, 16], y: f32[n]):
    for i in seq(0, n):
        b: f32[16]
        for jo in seq(0, 4):
            for ji in seq(0, 4):
                b[4 * jo + ji] = x[i, 4 * jo + ji]
        for j in seq(0, 16):
            y[i] += b[j]


# b[4 * jo + ji] covers b[j]: jo = j / 4, ji = j % 4
attempt("divided loop", lift_alloc, divided_writes, "b")


@proc
def parallel_rows(n: size, x: f32[n + 2], y: f32[n]):
    rows: f32[n + 2]
    for i in par(0, n):
        for r in seq(0, 3):
            rows[i + r] = x[i + r]
        y[i] = rows[i] + rows[i + 2]


# parallel iterations write overlapping rows but each reads only its own (unsharp)
attempt("sink into parallel", sink_alloc, parallel_rows, "rows")


@proc
def repeated_write(n: size, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        b: f32
        for k in seq(0, 3):
            b = x[i]
        y[i] = b


# a loop whose iterator is not in the index writes b in its first iteration
attempt("loop not in the index", lift_alloc, repeated_write, "b")


@proc
def interleaved(n: size, x: f32[n, 8], y: f32[n]):
    for i in seq(0, n):
        b: f32[8]
        for j in seq(0, 4):
            b[2 * j] = x[i, j]
            b[2 * j + 1] = x[i, j]
        for k in seq(0, 8):
            y[i] += b[k]


# b[2 * j] and b[2 * j + 1] together cover b[k] (j = k / 2)
attempt("interleaved writes", lift_alloc, interleaved, "b")


@proc
def shifted(n: size, x: f32[n + 1], y: f32[n]):
    for i in seq(0, n):
        b: f32[n + 1]
        b[i] = x[i]
        y[i] = b[i] + b[i + 1]


# b[i + 1] is not written before the read, but no earlier iteration writes it either
attempt("unwritten element", lift_alloc, shifted, "b")


@proc
def load4(dst: [f32][4], src: [f32][4]):
    for k in seq(0, 4):
        dst[k] = src[k]


@proc
def load_first2(dst: [f32][4], src: [f32][4]):
    for k in seq(0, 2):
        dst[k] = src[k]


def staged_by(load):
    """b staged, four elements per call of `load`, before each iteration reads it."""

    @proc
    def staged(n: size, x: f32[n, 8], y: f32[n]):
        for i in seq(0, n):
            b: f32[8]
            for h in seq(0, 2):
                load(b[4 * h:4 * h + 4], x[i, 4 * h:4 * h + 4])
            for k in seq(0, 8):
                y[i] += b[k]

    return staged


# calls (an instruction's, say) that together assign all of b before it is read: the
# callee's body assigns each element of the window it is passed (neon sgemm, gemmini)
attempt("written by calls", lift_alloc, staged_by(load4), "b")
attempt("written by calls (autolift_alloc)", autolift_alloc, staged_by(load4), "b")


# --- rejected ----------------------------------------------------------------


@proc
def one_branch(n: size, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        t: f32
        if i % 2 == 0:
            t = x[i]
        y[i] = t


# in odd iterations t still holds the previous iteration's value
attempt("if without else", lift_alloc, one_branch, "t")


@proc
def carried_element(n: size, x: f32[n + 1], y: f32[n]):
    for i in seq(0, n):
        b: f32[n + 1]
        b[i + 1] = x[i]
        y[i] = b[i]


# b[i] was written by the previous iteration
attempt("carried element", lift_alloc, carried_element, "b")


@proc
def sometimes_empty(n: size, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        b: f32
        for k in seq(0, i % 2):
            b = x[i]
        y[i] = b


# the inner loop is empty in even iterations, which read the previous one's b
attempt("possibly empty loop", lift_alloc, sometimes_empty, "b")


@proc
def even_only(n: size, x: f32[n, 8], y: f32[n]):
    for i in seq(0, n):
        b: f32[8]
        for j in seq(0, 4):
            b[2 * j] = x[i, j]
        for k in seq(0, 8):
            y[i] += b[k]
        b[1] = 0.0


# b[1] is not assigned before the read: it holds the previous iteration's 0.0
attempt("even elements only", lift_alloc, even_only, "b")


@proc
def partial_window(n: size, x: f32[n, 16, 8], y: f32[n, 4, 4]):
    for io in seq(0, n):
        tile: f32[16, 8]
        for i0 in seq(0, 16):
            for i1 in seq(0, 7):
                tile[i0, i1] = x[io, i0, i1]
        for im in seq(0, 4):
            kernel(tile[4 * im : 4 * im + 4, 0:8], y[io, im, 0:4])
        tile[0, 7] = 0.0


# column 7 of the window comes from the previous iteration
attempt("partly written window", lift_alloc, partial_window, "tile")


# the callee assigns only the first two elements of each window: b[2] carries over
attempt("partly written by calls", lift_alloc, staged_by(load_first2), "b")
attempt("partly written by calls (autolift_alloc)", autolift_alloc, staged_by(load_first2), "b")


@proc
def parallel_shared(n: size, x: f32[n, 4], y: f32[n, 4]):
    for i in par(0, n):
        b: f32[4]
        for j in seq(0, 4):
            b[j] = x[i, j]
        for j in seq(0, 4):
            y[i, j] = b[j]


# lifting out of a parallel loop would make its iterations race on b
attempt("lift out of parallel", lift_alloc, parallel_shared, "b")


@config
class Mode:
    a: bool
    b: bool
    swap: bool


@proc
def config_guard(n: size, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        t: f32
        if Mode.a:
            t = x[i]
        Mode.swap = Mode.a
        Mode.a = Mode.b
        Mode.b = Mode.swap
        if Mode.a:
            y[i] = t


# the loop swaps Mode.a and Mode.b: with a = True, b = False on entry, iteration 0
# assigns t and iteration 1 reads it
attempt("config written in the loop", lift_alloc, config_guard, "t")
