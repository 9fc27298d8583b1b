# exo.stdlib.range_analysis and IndexRange: ranges of index expressions over the loops
# around them, and the region of a buffer a loop nest reads or writes.
from __future__ import annotations
from exo import proc
from exo.stdlib.scheduling import *
from exo.stdlib.range_analysis import index_range_analysis, constant_bound, infer_range, bounds_inference
from exo.rewrite.range_analysis import IndexRange


@proc
def foo(n: size, m: size, x: i8[n + 2, m + 5]):
    assert n % 4 == 0
    assert m % 3 == 0
    for io in seq(0, n / 4):
        for jo in seq(0, m / 3):
            for ii in seq(0, 6):
                for ji in seq(0, 8):
                    x[io * 4 + ii, jo * 3 + ji] = 1.0

row = foo.find("x[_] = _").idx()[0]
col = foo.find("x[_] = _").idx()[1]
# io is outside the scope: it stays symbolic; ii ranges over 0..5
print(infer_range(row, foo.find_loop("jo")))
print(infer_range(row, foo.find_loop("io")))
print(infer_range(col, foo.find_loop("io")))
print(index_range_analysis(row, {"io": (0, 3), "ii": (0, 5)}))
print(index_range_analysis(row, {}).get_stride_of("io"))
print(constant_bound(row, {}), constant_bound(7, {}))


@proc
def blur(n: size, consumer: i8[n, n], producer: i8[n + 1, n + 1]):
    assert n % 4 == 0
    for io in seq(0, n / 4):
        for jo in seq(0, n / 4):
            for ii in seq(0, 4):
                for ji in seq(0, 4):
                    consumer[4 * io + ii, 4 * jo + ji] = (producer[4 * io + ii, 4 * jo + ji]
                                                          + producer[4 * io + ii + 1, 4 * jo + ji + 1])

loop = blur.find_loop("jo")
rows = bounds_inference(loop, "producer", 0, include=["R"])
print(rows, rows.get_stride_of(blur.find_loop("io")), rows.get_size(), rows.get_bounds())
print(bounds_inference(loop, "producer", 1, include=["R"]))
try:
    bounds_inference(loop, "producer", 1, include=["W"])
except SchedulingError as e:
    print("no writes:", str(e).splitlines()[0])
print(bounds_inference(loop, "consumer", 1, include=["W"]))


@proc
def clash(n: size, x: i8[n]):
    for i in seq(0, n):
        for j in seq(0, n):
            x[i] = 1.0
            x[j] = 1.0

# different symbolic parts: the join knows nothing
print(bounds_inference(clash.find_loop("j"), "x", 0))

# IndexRange arithmetic (a negative factor swaps the ends; // keeps a symbolic base)
r = IndexRange.create_constant_range(2, 5)
print(r + 1, 1 + r, r - 1, 10 - r, -r, r * 3, r * -2, r // 2, r % 4, r % 2)
print(r | IndexRange.create_constant_range(-1, 3), IndexRange.create_unbounded(), IndexRange.create_int(4))

# the compiler-level entry points read LoopIR nodes (cursor._impl._node); variables are
# keyed by name (a loop's _node.iter, an argument's _loopir_proc.args[i].name)
from exo.rewrite import range_analysis as compiler_ranges


@proc
def bar(N: size):
    assert N >= 1
    for i in seq(0, 6):
        for j in seq(0, N + (i + 2) * 5 - (-i) % 4):
            pass

hi = bar.find_loop("j").hi()._impl._node
i_sym = bar.find_loop("i")._impl._node.iter
N_sym = bar._loopir_proc.args[0].name
print(i_sym, N_sym, hi)
print(compiler_ranges.constant_bound(hi, {i_sym: (0, 5), N_sym: (1, 5)}))
print(compiler_ranges.constant_bound(hi, {i_sym: (0, 5)}))
print(compiler_ranges.index_range_analysis(hi, {N_sym: (1, 1)}))


@proc
def args(N: size, K: size, M: index, L: index):
    assert N < 500
    assert 20 < K and K >= 100
    assert -10 < L
    assert L <= 3
    pass

view = args._loopir_proc
print([compiler_ranges.arg_range_analysis(view, a, fast=False) for a in view.args])
print([compiler_ranges.arg_range_analysis(view, a) for a in view.args])
