# exo.stdlib.stdlib, rc_wrappers and higher_order on small procs: each printed proc
# was checked by hand against what upstream's definitions do step by step.
from __future__ import annotations
from exo import proc, DRAM, SchedulingError
from exo.stdlib.stdlib import *


def show(label, result):
    print("==", label)
    print(result[0] if isinstance(result, tuple) else result)


@proc
def dot(n: size, x: f32[n], y: f32[n], out: f32):
    for i in seq(0, n):
        out += x[i] * y[i]


@proc
def mm(A: f32[16, 8], B: f32[8, 12], C: f32[16, 12]):
    for i in seq(0, 16):
        for j in seq(0, 12):
            for k in seq(0, 8):
                C[i, j] += A[i, k] * B[k, j]


@proc
def scale(n: size, A: f32[n], s: f32, t: f32):
    for i in seq(0, n):
        A[i] = A[i] * 2.0
        t = s * 3.0


@proc
def spec(n: size, A: f32[n]):
    assert n < 4
    for i in seq(0, n):
        A[i] = 1.0


@proc
def twice(n: size, A: f32[n], B: f32[n]):
    for i in seq(0, n):
        B[i] = A[i] * A[i] + A[i]


# partial sums over an 8-wide accumulator (the remainder loop keeps an empty body)
show("parallelize_reduction", parallelize_reduction(dot, dot.find("out += _"), factor=8, unroll=True))
# i and j divided by 4 and the tiles moved inside
p, inner = tile_loops(mm, [(mm.find_loop("i"), 4), (mm.find_loop("j"), 4)])
show("tile_loops", p)
print([c.name() for c in inner])
show("unroll_and_jam", unroll_and_jam(mm, mm.find_loop("j"), 2))
show("interleave_loop", interleave_loop(mm, mm.find_loop("k"), 4))
# C[i, j] is the only element the k loop touches: a scalar accumulator
show("auto_stage_mem", auto_stage_mem(mm, mm.find_loop("k"), "C", "acc"))
# t = s * 3.0 does not depend on i: it moves out; A[i] = ... stays
p, (hoisted, loop) = hoist_from_loop(scale, scale.find_loop("i"), rc=True)
show("hoist_from_loop", p)
print([str(type(s).__name__) for s, _ in hoisted], loop.name())
show("binary_specialize", binary_specialize(spec, spec.find_loop("i"), "n", [1, 2, 3]))
show("unroll_loops", unroll_loops(binary_specialize(spec, spec.find_loop("i"), "n", [1, 2, 3])))
show("cse", cse(twice, twice.find_loop("i").body(), "f32"))
show("cut_loop_and_unroll", cut_loop_and_unroll(twice, twice.find_loop("i"), 1))
show("round_loop", round_loop(twice, twice.find_loop("i"), 4, up=False))

# rc_wrappers: cursors to what the primitive built
p, (outer, inner, tail) = divide_loop_(twice, twice.find_loop("i"), 4, tail="cut", rc=True)
print(outer.name(), inner.name(), tail.name(), inner.parent() == outer, tail == outer.next())
p, (outer, inner, tail) = divide_loop_(twice, twice.find_loop("i"), 4, rc=True)
print(outer.name(), inner.name(), isinstance(tail, InvalidCursor))
p, (alloc, load, block, store) = stage_mem_(twice, twice.find("B = _"), "A[i]", "a", rc=True)
show("stage_mem_", p)
print(alloc.name(), type(load).__name__, len(block), isinstance(store, InvalidCursor))
p, (first, second) = fission_(scale, scale.find("A = _").after(), rc=True)
print(first.body()[0].name(), second.body()[0].name(), second == first.next())
p, (if_stmt,) = specialize_(spec, spec.find_loop("i"), "n == 2", rc=True)
print(type(if_stmt).__name__, if_stmt.body()[0].name())

# higher-order combinators
p, ok = attempt(reorder_stmts)(twice, twice.find_loop("i").as_block(), rs=True)
print(ok, p == twice)
print(attempt(lift_alloc)(p, p.find_loop("i")) == p)
# reorder_stmt_forward until t is last; reorder_stmt_backwards asks for expand(-1, 0),
# which is a ValueError (so repeating it changes nothing), as upstream
p = repeate(reorder_stmt_forward)(scale, scale.find("A = _"))
print(p.forward(scale.find("A = _")).next() == InvalidCursor(), p.forward(scale.find("t = _")).prev() == InvalidCursor())
print(repeate(reorder_stmt_backwards)(scale, scale.find("t = _")) == scale)
only_loops = predicate(unroll_loop, lambda p, s: is_loop(p, s) and is_loop_bounds_const(p, s))
# post-order, so a loop's body is visited before the loop is unrolled away
show("make_pass(predicate)", make_pass(only_loops, lrn_stmts)(binary_specialize(spec, spec.find_loop("i"), "n", [1, 2, 3])))
bound = lift_rc(bind_and_set_expr, "bound_expr")(twice, twice.find("A[_]"), "f32", DRAM)
print(type(bound[1]).__name__, bound[1].parent().name())

for bad in (lambda: parallelize_reduction(mm, mm.find("C += _"), nth_loop=2),
            lambda: unroll_and_jam(mm, mm.find_loop("k"), 2),
            lambda: binary_specialize(spec, spec.find_loop("i"), "n", [1]),
            lambda: interleave_loop(mm, mm.find_loop("k"), None, tail="recursive"),
            lambda: hoist_stmt(scale, scale.find("A = _")),
            lambda: jam_stmt(scale, scale.find("A = _"))):
    try:
        bad()
    except SchedulingError as e:
        print("SchedulingError:", e)
