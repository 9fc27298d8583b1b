# exo.stdlib.inspection and exo.stdlib.analysis: traversal orders, navigation between
# cursors, expression text, declarations, and the errors for impossible questions.
from __future__ import annotations
from exo import proc, SchedulingError
from exo.stdlib.inspection import *


@proc
def foo(n: size, A: i8[n], B: i8[n]):
    x: R
    for i in seq(0, n):
        for j in seq(0, n):
            tmp: i8[n]
            tmp[i] = A[i] + 1.0
            x = -x
    if n > 2:
        B[0] = select(0.0, A[1], A[1], -A[1])


def kinds(cursors):
    return " ".join(type(c).__name__.replace("Cursor", "") for c in cursors)


# pre-order: the proc (an invalid cursor) first, its arguments with their shapes, the body
print(kinds(nlr(foo)))
# post-order of one loop, and its statements only, innermost first
print(kinds(lrn(foo, foo.find_loop("j"))))
print(kinds(lrn_stmts(foo, foo.find_loop("i"))))
print(kinds(nrl(foo, foo.find("tmp = _"))))
print(list(get_symbols(foo, foo.find_loop("j"))))
print(next(get_unique_names(foo)))

assign = foo.find("tmp = _")
neg = foo.find("x = _")
print(expr_to_string(assign.rhs()), expr_to_string(assign.idx()), expr_to_string(neg.rhs()))
print(expr_to_string(assign.rhs(), {"A": "C"}))
print(expr_to_string(foo.find("B = _").rhs()))

# depths count the proc root: a top-level statement has depth 2
print(get_depth(foo, foo.find_loop("i")), get_depth(foo, assign), get_depth(foo, assign.rhs()))
print(get_distance(foo, assign, foo.find_loop("i")), get_distance(foo, assign, neg))
print([p.name() for p in get_parents(foo, assign, up_to=foo.find_loop("i"))])
print(len(list(get_parents(foo, assign))))
print(get_enclosing_loop(foo, assign, 2).name(), get_enclosing_loop_by_name(foo, assign.rhs(), "i").name())
print(get_enclosing_stmt(foo, assign.rhs()) == assign, get_my_stmt(foo, assign) == assign)
print(get_index_in_body(foo, neg), get_index_in_body(foo, neg, from_top=False))
print(get_parent(foo, foo.find_loop("i")) == foo, get_top_level_stmt(foo, assign) == foo.find_loop("i"))
print(get_lca(foo, assign, neg.rhs()) == foo.find_loop("j"))
c1, c2 = match_parent(assign.rhs(), foo.find("B = _"))
print(c1 == foo.find_loop("i"), c2 == foo.find("if _: _"))
print(get_bounding_block(foo, [assign.rhs(), neg]))
print(get_inner_loop(foo, foo.find_loop("i")).name())

print(get_declaration(foo, assign.rhs(), "tmp").name(), type(get_declaration(foo, assign, "A")).__name__)
print(is_copy(foo, assign), is_loop_bounds_const(foo, foo.find_loop("i")), is_single_stmt_loop(foo, foo.find_loop("i")))
sel = foo.find("B = _").rhs()
print(is_select(foo, sel), are_exprs_equal(foo, sel.args()[1], sel.args()[2]),
      are_exprs_equal(foo, sel.args()[1], sel.args()[3]), is_add(foo, assign.rhs()), is_unary_minus(foo, neg.rhs()))
print(is_start_of_body(foo, assign), is_end_of_body(foo, neg), is_literal(foo, assign.rhs().rhs(), 1.0))
print([s.name() for s in get_observed_stmts(assign)][:3])

for bad in (lambda: get_enclosing_loop(foo, foo.find_loop("i")),
            lambda: get_enclosing_loop_by_name(foo, assign, "k"),
            lambda: get_nth_inner_loop(foo, foo.find_loop("j"), 0),
            lambda: get_declaration(foo, assign, "nope"),
            lambda: check_is_loop(foo, assign),
            lambda: expr_to_string(assign)):
    try:
        bad()
    except (SchedulingError, CursorNavigationError, TypeError) as e:
        print(type(e).__name__ + ":", e)


# window arguments: an interval's bounds are children of the window expression
@proc
def copy8(x: f32[16], y: f32[16]):
    for i in seq(0, 8):
        y[i] = x[i + 8]

from exo.stdlib.scheduling import replace
copied = replace(copy8, copy8.find_loop("i"), mm256_loadu_ps)
call = copied.find("mm256_loadu_ps(_)")
print(kinds(nlr(copied, call)))
print(list(get_symbols(copied, call)))
lo, hi = call.args()[1].idx()[0]
print(expr_to_string(lo), expr_to_string(hi))
