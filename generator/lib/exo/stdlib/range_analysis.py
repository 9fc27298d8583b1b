"""exo.stdlib.range_analysis: user-level bounds inference over cursors: the range of
an index expression given ranges for the loop variables around it, and the region of a
buffer a loop nest touches. Written for exocc after upstream's module of the same name."""
from __future__ import annotations

from exo.API_cursors import *
from exo.rewrite.range_analysis import IndexRange, IndexVar, apply_index_op

from .inspection import get_parents


def index_range_analysis(expr, env):
    """The range of the index expression `expr` (an ExprCursor) when each variable named
    in `env` lies in env[name] = (lo, hi) (inclusive, None for unbounded); other
    variables stay symbolic. An int when the expression is constant."""
    assert isinstance(expr, ExprCursor)
    assert isinstance(env, dict)

    def analyze(e):
        assert isinstance(e, ExprCursor)
        if isinstance(e, ReadCursor):
            name = e.name()
            if name not in env:
                return IndexRange(IndexVar(name), 0, 0)
            lo, hi = env[name]
            return IndexRange.create_constant_range(lo, hi)
        if isinstance(e, LiteralCursor):
            return e.value()
        if isinstance(e, UnaryMinusCursor):
            return -analyze(e.arg())
        if isinstance(e, BinaryOpCursor):
            return apply_index_op(e.op(), analyze(e.lhs()), analyze(e.rhs()))
        assert False, "invalid expr in index expression"

    return analyze(expr)


def constant_bound(expr, env):
    """Inclusive constant bounds (lo, hi) of `expr`, an int or an ExprCursor; (None,
    None) unless the expression is a constant (as upstream's user-level version, which
    treats every range as having a symbolic part)."""
    if isinstance(expr, int):
        return (expr, expr)
    rng = index_range_analysis(expr, env)
    if isinstance(rng, int):
        return (rng, rng)
    if rng.base is not None:
        return (None, None)
    return (rng.lo, rng.hi)


def infer_range(idx_expr, scope):
    """The range of `idx_expr` over the iterations of the loops between it and `scope`
    (those loops are bounded; `scope` and anything outside stays symbolic)."""
    assert isinstance(idx_expr, Cursor)
    assert isinstance(scope, Cursor)
    env = {}
    # the loops strictly inside `scope`, outermost last; get_parents includes scope
    inside = list(get_parents(idx_expr.proc(), idx_expr, up_to=scope))[:-1]
    for loop in inside:
        if not isinstance(loop, ForCursor):
            continue
        lo, _ = constant_bound(loop.lo(), env)
        _, hi = constant_bound(loop.hi(), env)
        if hi is not None:
            hi -= 1  # the loop's upper bound is exclusive
        env[loop.name()] = (lo, hi)
    rng = index_range_analysis(idx_expr, env)
    if isinstance(rng, int):
        return IndexRange.create_int(rng)
    return rng


def bounds_inference(loop, buffer_name: str, buffer_dim: int, include=["W"]):
    """The join of the ranges of index `buffer_dim` over the accesses to `buffer_name`
    in `loop`: reads when include has "R", assignments when it has "W". None when
    there are none."""
    accesses = []
    if "R" in include:
        accesses += loop.find(f"{buffer_name}[_]", many=True)
    if "W" in include:
        accesses += loop.find(f"{buffer_name}[_] = _", many=True)
    bound = None
    for access in accesses:
        rng = infer_range(access.idx()[buffer_dim], loop)
        bound = rng if bound is None else bound | rng
    return bound
