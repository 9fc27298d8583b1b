"""exo.stdlib.stdlib: Exo 2's library of composite scheduling operations (vectorize,
tile_loops, unroll_and_jam, parallelize_reduction, auto_stage_mem, cse, ...), written
in terms of primitives, cursors and the inspection / higher-order helpers. Written for
exocc after upstream's module of the same name: same names, arguments and results.

Operations taking rc=True also return a dataclass of cursors to what they built; it
unpacks like a tuple (`proc, (outer, inner, tail) = divide_loop_(..., rc=True)`)."""
from __future__ import annotations
from dataclasses import dataclass

from exo import *
from exo.frontend.syntax import *

from .scheduling import *
from .inspection import *
from .higher_order import *
from .rc_wrappers import *


# ------------------------------------------------------------------ binding and allocation

@dataclass
class bind_and_set_expr_cursors:
    alloc: AllocCursor
    bound_expr: ExprCursor
    expr_reads: ExprCursor


def bind_and_set_expr(proc, exprs, precision, memory, new_name=None, rc=False):
    """bind_expr into a new scalar (named var0, var1, ... unless given), then give it
    `precision` and `memory`."""
    if new_name is None:
        new_name = next(get_unique_names(proc))
    first = exprs if isinstance(exprs, ExprCursor) else exprs[0]
    stmt = get_enclosing_stmt(proc, first)
    proc = bind_expr(proc, exprs, new_name)
    proc = set_precision(proc, new_name, precision)
    proc = set_memory(proc, new_name, memory)
    alloc = get_declaration(proc, stmt, new_name)
    bound_expr = alloc.next().rhs()
    if not rc:
        return proc
    # expr_reads: the cursors as given (upstream does not forward them either)
    return proc, bind_and_set_expr_cursors(alloc, bound_expr, exprs)


def parallelize_and_lift_alloc(proc, alloc_cursor, n_lifts=1):
    """Lifts an allocation out of `n_lifts` scopes; out of a loop it first gains a
    leading dimension of the loop's extent, indexed by the loop variable, so each
    iteration keeps its own copy:
        for i in seq(0, hi): B1; x: T[s]; B2   ->   x: T[hi, s]; for i in ...: B1; B2"""
    for _ in range(n_lifts):
        alloc_cursor = proc.forward(alloc_cursor)
        scope = alloc_cursor.parent()
        if isinstance(scope, ForCursor):
            proc = expand_dim(proc, alloc_cursor, expr_to_string(scope.hi()), scope.name())
        proc = lift_alloc(proc, alloc_cursor)
    return proc


def parallelize_allocs(proc, cursor):
    """Lifts every allocation inside a loop or if up to it (parallelize_and_lift_alloc
    through each scope in between)."""
    if not isinstance(cursor, (ForCursor, IfCursor)):
        raise SchedulingError(f"Got type {type(cursor)}, expected {ForCursor} or {IfCursor}")
    allocs = (s for s in nlr_stmts(proc, cursor) if isinstance(s, AllocCursor))

    def lift_to_cursor(proc, alloc):
        return parallelize_and_lift_alloc(proc, alloc, get_distance(proc, alloc, cursor))

    return apply(lift_to_cursor)(proc, allocs)


# ------------------------------------------------------------------ interleaving

def interleave_loop(proc, loop, factor=None, par_reduce=False, memory=DRAM, tail="cut"):
    """Replaces a loop (or, with `factor`, the inner loop of dividing it by factor) by
    its iterations with the statements interleaved: every iteration's S1, then every
    iteration's S2, ... tail: "cut", "cut_and_guard", "recursive" (the remainder divided
    again by halving factors) or "specialize" (one branch per remainder size)."""
    if factor == 1:
        return proc
    loop = proc.forward(loop)

    def interleave(proc, loop, factor=None, par_reduce=False, memory=DRAM, tail="cut"):
        loop = proc.forward(loop)
        if factor is not None:
            proc, (outer, loop, _) = divide_loop_(proc, loop, factor, tail=tail, rc=True)
        else:
            outer = loop.parent()
        if par_reduce:
            proc = parallelize_all_reductions(proc, outer, memory=memory, unroll=True)
            loop = proc.forward(outer).body()[0]
        allocs = (s for s in loop.body() if isinstance(s, AllocCursor))
        proc = apply(parallelize_and_lift_alloc)(proc, allocs)
        stmts = list(proc.forward(loop).body())
        proc = apply(fission)(proc, [s.after() for s in stmts[:-1]])
        return apply(unroll_loop)(proc, [proc.forward(s).parent() for s in stmts])

    if tail in {"cut", "cut_and_guard"}:
        return interleave(proc, loop, factor, par_reduce, memory, tail)
    if tail == "recursive":
        if factor is None:
            raise SchedulingError("Cannot specify recursive tail strategy and factor=None")
        proc, (_, inners, _) = divide_loop_recursive(proc, loop, factor, tail="cut", rc=True)
        return apply(interleave)(proc, inners, par_reduce=par_reduce, memory=memory)
    if tail == "specialize":
        if factor is None:
            raise SchedulingError("Cannot specify recursive tail strategy and factor=None")
        proc = interleave(proc, loop, factor, par_reduce, memory, tail="cut")
        tail_loop = proc.forward(loop).next()
        proc, (stmts,) = binary_specialize(proc, tail_loop, tail_loop.hi(), [i for i in range(factor)], rc=True)
        return apply(interleave)(proc, stmts, par_reduce=par_reduce, memory=memory)
    raise SchedulingError(f"Unknown tail strategy: {tail}")


# ------------------------------------------------------------------ hoisting and jamming

@dataclass
class hoist_stmt_cursors:
    allocs: list[AllocCursor]
    stmt: StmtCursor
    loop: ForCursor

    def __iter__(self):
        yield self.allocs
        yield self.stmt
        yield self.loop


def hoist_stmt(proc, stmt, rc=False):
    """Moves a statement that does not depend on its loop out of it, before the loop:
        for i in seq(0, hi): B1; s; B2   ->   s; for i in seq(0, hi): B1; B2
    Allocations of B1 that s uses are lifted out too."""
    stmt = proc.forward(stmt)
    if not isinstance(stmt, StmtCursor):
        raise SchedulingError("Cannot hoist cursor that are not statements")
    loop = stmt.parent()
    if not isinstance(loop, ForCursor):
        raise SchedulingError("Statement is not within a loop")
    deps = list(get_symbols(proc, stmt))
    if loop.name() in deps:
        raise SchedulingError("Cannot hoist cursor to a statement that depends on enclosing loop")

    if isinstance(stmt, AllocCursor):
        proc = lift_alloc(proc, stmt)
        if not rc:
            return proc
        stmt = proc.forward(stmt)
        return proc, hoist_stmt_cursors([stmt], stmt, proc.forward(loop))

    # move it to the top of the loop body, taking the allocations it needs along
    allocs = []
    while not isinstance(stmt.prev(), InvalidCursor):
        before = stmt.prev()
        if isinstance(before, AllocCursor) and before.name() in deps:
            proc = lift_alloc(proc, before)
            allocs.append(before)
        else:
            proc = reorder_stmts(proc, stmt.expand(1, 0))
        stmt = proc.forward(stmt)

    # split it into a loop of its own and drop that loop
    if len(loop.body()) > 1:
        proc, (_, loop) = fission_(proc, stmt.after(), rc=True)
        stmt = proc.forward(stmt)
    proc = remove_loop(proc, stmt.parent())
    if not rc:
        return proc
    allocs = [proc.forward(a) for a in allocs]
    return proc, hoist_stmt_cursors(allocs, proc.forward(stmt), proc.forward(loop))


@dataclass
class hoist_from_loop_cursors:
    hoisted: list
    loop: ForCursor

    def __iter__(self):
        yield self.hoisted
        yield self.loop


def hoist_from_loop(proc, loop, rc=False):
    """hoist_stmt on every statement of the loop body that allows it (allocations stay).
    With rc, `hoisted` lists (statement, its lifted allocations) pairs."""
    loop = proc.forward(loop)
    if not is_loop(proc, loop):
        raise SchedulingError(f"loop must of type {ForCursor} not {type(loop)}")
    hoists = []

    def hoist_unless_alloc(proc, stmt):
        stmt = proc.forward(stmt)
        if isinstance(stmt, AllocCursor):
            return proc
        proc, cursors = hoist_stmt(proc, stmt, rc=True)
        hoists.append(cursors)
        return proc

    proc = apply(attempt(hoist_unless_alloc))(proc, loop.body())
    if not rc:
        return proc
    if not hoists:
        return proc, hoist_from_loop_cursors([], loop)
    hoisted = [(proc.forward(h.stmt), tuple(proc.forward(a) for a in h.allocs)) for h in hoists]
    return proc, hoist_from_loop_cursors(hoisted, hoists[-1].loop)


@dataclass
class jam_stmt_cursors:
    loop: ForCursor
    stmt: StmtCursor

    def __iter__(self):
        yield self.loop
        yield self.stmt


def jam_stmt(proc, stmt, unsafe_disable_check=False, rc=False):
    """Moves a statement into the loop right after it (it must be idempotent over the
    loop): wraps it in a copy of the loop, fuses, then moves it to the end of the body."""
    stmt = proc.forward(stmt)
    loop = stmt.next()
    if not is_loop(proc, loop):
        raise SchedulingError("Next statement must be a loop.")
    proc = add_loop(proc, stmt, loop.name(), FormattedExprStr("_ - _", loop.hi(), loop.lo()),
                    unsafe_disable_check=unsafe_disable_check)
    stmt_loop = proc.forward(stmt).parent()
    proc = shift_loop(proc, stmt_loop, FormattedExprStr("_", loop.lo()))
    proc = simplify(proc)
    proc = fuse(proc, stmt_loop, loop, unsafe_disable_check=unsafe_disable_check)
    proc = repeate(reorder_stmt_forward)(proc, stmt)
    if not rc:
        return proc
    return proc, jam_stmt_cursors(proc.forward(stmt_loop), proc.forward(stmt))


# ------------------------------------------------------------------ reductions

def parallelize_reduction(proc, reduce_stmt, factor=None, memory=DRAM, nth_loop=1, unroll=False):
    """Turns a reduction over its nth enclosing loop (divided by `factor` first, if
    given) into partial sums in a new buffer in `memory`: zero it, accumulate into
    the element of each inner iteration, then add the partial sums up. `unroll`
    (a bool, or a pair for the zeroing / summing loops) unrolls those loops."""
    if isinstance(unroll, bool):
        unroll = (unroll, unroll)
    reduce_stmt = proc.forward(reduce_stmt)
    if not is_reduce(proc, reduce_stmt):
        raise TypeError(f"reduce_stmt must of type {ReduceCursor}")
    reduce_loop = get_enclosing_loop(proc, reduce_stmt, nth_loop)
    if reduce_loop.name() in get_symbols(proc, reduce_stmt.idx()):
        raise SchedulingError("Statement isn't a reduction over the specified loop.")

    if factor is not None:
        proc, (reduce_loop, _, _) = divide_loop_(proc, reduce_loop, factor, tail="guard", rc=True)
        proc = simplify(proc)
        nth_loop += 1

    # stage the accumulator around the (now inner) loop being reduced over
    proc = reorder_loops(proc, reduce_loop)
    proc = auto_stage_mem(proc, reduce_loop, reduce_stmt.name(), accum=True)
    proc = simplify(proc)
    reduce_loop = proc.forward(reduce_loop)
    proc = set_memory(proc, reduce_loop.prev().prev(), memory)

    # one accumulator per iteration of the loop
    reduce_loop = proc.forward(reduce_loop)
    proc = parallelize_and_lift_alloc(proc, reduce_loop.prev().prev())

    # split off the zeroing and the summing stages, then restore the loop order
    proc = fission(proc, reduce_loop.before())
    proc = fission(proc, reduce_loop.after())
    reduce_loop = proc.forward(reduce_loop)
    proc = reorder_loops(proc, reduce_loop.parent())

    reduce_loop = proc.forward(reduce_loop)
    if unroll[0]:
        proc = unroll_loop(proc, reduce_loop.prev())
    if unroll[1]:
        proc = unroll_loop(proc, reduce_loop.next())
    if factor is not None:
        proc = undo_divide_and_guard_loop(proc, reduce_loop)
    return proc


def parallelize_all_reductions(proc, loop, factor=None, memory=DRAM, unroll=False):
    """parallelize_reduction over `loop` for every reduction inside it that allows it."""
    loop = proc.forward(loop)

    def parallelize(proc, s):
        s = proc.forward(s)
        target = proc.forward(loop)
        nth_loop = 0
        for parent in get_parents(proc, s):
            if is_loop(proc, parent):
                nth_loop += 1
            if parent == target:
                break
        return parallelize_reduction(proc, s, factor, memory, nth_loop, unroll)

    return make_pass(attempt(parallelize))(proc, loop.body())


# ------------------------------------------------------------------ unroll and jam

def unroll_and_jam(proc, loop, factor, unroll=(True, True, True)):
    """interleave_outer_loop_with_inner_loop with the one loop in `loop`'s body."""
    loop = proc.forward(loop)
    inner = [s for s in loop.body() if isinstance(s, ForCursor)]
    if len(inner) > 1:
        raise SchedulingError("Multiple loops found, decision is ambiguous")
    if len(inner) == 0:
        raise SchedulingError("No loops found")
    return interleave_outer_loop_with_inner_loop(proc, loop, inner[0], factor, unroll=unroll)


def unroll_and_jam_parent(proc, loop, factor, unroll=(True, True, True)):
    """interleave_outer_loop_with_inner_loop with `loop`'s parent loop as the outer."""
    loop = proc.forward(loop)
    outer = loop.parent()
    if not isinstance(outer, ForCursor):
        raise SchedulingError("parent is not a loop")
    return interleave_outer_loop_with_inner_loop(proc, outer, loop, factor, unroll=unroll)


def interleave_outer_loop_with_inner_loop(proc, outer_loop_cursor, inner_loop_cursor, interleave_factor,
                                          unroll=(True, True, True)):
    """Divides the outer loop by the factor (unless its extent is the factor) and moves
    the middle loop inside the inner loop, after fissioning off the statements before
    and after the inner loop; `unroll` says which of (statements before, inner loop
    body, statements after) to unroll over the middle loop."""
    outer_loop_cursor = proc.forward(outer_loop_cursor)
    inner_loop_cursor = proc.forward(inner_loop_cursor)

    hi = outer_loop_cursor.hi()
    if isinstance(hi, LiteralCursor) and hi.value() == interleave_factor:
        middle = outer_loop_cursor
    else:
        name = outer_loop_cursor.name()
        proc = divide_loop(proc, outer_loop_cursor, interleave_factor, (name + "o", name + "i"), tail="cut")
        middle = proc.forward(outer_loop_cursor).body()[0]
    middle_stmts = list(middle.body())

    proc = simplify(proc)
    for s in middle_stmts:
        if isinstance(s, AllocCursor):
            proc = parallelize_and_lift_alloc(proc, s)

    inner_loop_cursor = proc.forward(inner_loop_cursor)
    if not isinstance(inner_loop_cursor.prev(), InvalidCursor):
        proc = fission(proc, inner_loop_cursor.before())
        inner_loop_cursor = proc.forward(inner_loop_cursor)
        if unroll[0]:
            proc = unroll_loop(proc, inner_loop_cursor.parent().prev())
    if not isinstance(inner_loop_cursor.next(), InvalidCursor):
        proc = fission(proc, inner_loop_cursor.after())
        inner_loop_cursor = proc.forward(inner_loop_cursor)
        if unroll[2]:
            proc = unroll_loop(proc, inner_loop_cursor.parent().next())

    inner_loop_cursor = proc.forward(inner_loop_cursor)
    proc = reorder_loops(proc, inner_loop_cursor.parent())
    if unroll[1]:
        proc = unroll_loop(proc, inner_loop_cursor.parent())
    return proc


def fission_into_singles(proc, cursor):
    """Fissions a loop or if nest until every innermost statement has its own copy of
    all the scopes around it (allocations are lifted to `cursor` first)."""
    if not isinstance(cursor, (ForCursor, IfCursor)):
        raise SchedulingError(f"Got type {type(cursor)}, expected {ForCursor} or {IfCursor}")
    cursor = proc.forward(cursor)

    def split(proc, cursor, n_lifts=0):
        if n_lifts and not is_end_of_body(proc, cursor):
            proc = fission(proc, cursor.after(), n_lifts)
        children = (c for c in get_children(proc, cursor) if isinstance(c, StmtCursor))
        return apply(split)(proc, children, n_lifts + 1)

    proc = parallelize_allocs(proc, cursor)
    return split(proc, cursor)


# ------------------------------------------------------------------ vectorization

@dataclass
class vectorize_cursors:
    loop: ForCursor

    def __iter__(self):
        yield self.loop


def vectorize_predicate_tail(proc, loop, vec_width, precision, mem_type, instructions=[], rules=[],
                             tail="cut_and_predicate", rc=False):
    proc = parallelize_all_reductions(proc, loop, factor=vec_width, memory=mem_type)
    proc = stage_compute(proc, loop, precision, mem_type, rules)
    proc, (outer, inner, _) = divide_loop_(proc, loop, vec_width, rc=True)
    proc = simplify(proc)
    proc = fission_into_singles(proc, inner)
    if tail == "cut_and_predicate":
        # peel the last (partial) vector off, so the main loop needs no guards
        proc = attempt(cut_loop)(proc, outer, FormattedExprStr("_ - 1", outer.hi()))
        outer = proc.forward(outer)
        proc = dce(proc, outer.body())
    proc = replace_all_stmts(proc, instructions)
    if not rc:
        return proc
    return proc, vectorize_cursors(proc.forward(outer))


def vectorize(proc, loop, vec_width, precision, mem_type, instructions=[], rules=[], tail="cut_and_predicate",
              rc=False):
    """Vectorizes a loop by `vec_width`: reductions become partial sums, the
    computation is staged into `mem_type` at `precision` (`rules` map an expression to
    the groups of operands to stage together, e.g. fma_rule), each statement gets its
    own vector loop, and `instructions` replace those loops. tail: as divide_loop's, or
    "predicate" / "cut_and_predicate" (the tail loop guarded by the iteration count)."""
    if tail in {"predicate", "cut_and_predicate"}:
        return vectorize_predicate_tail(proc, loop, vec_width, precision, mem_type, instructions, rules, tail, rc)
    proc, (outer, inner, _) = divide_loop_(proc, loop, vec_width, tail=tail, rc=True)
    proc = parallelize_all_reductions(proc, outer, memory=mem_type)
    outer = proc.forward(outer)
    inner = outer.body()[0]
    proc = stage_compute(proc, inner, precision, mem_type, rules)
    proc = fission_into_singles(proc, inner)
    proc = replace_all_stmts(proc, instructions)
    if not rc:
        return proc
    return proc, vectorize_cursors(proc.forward(outer))


# ------------------------------------------------------------------ tiling

def tile_loops(proc, loop_tile_pairs, perfect=False):
    """Tiles a perfect loop nest: each (loop, size) pair is divided into <i>o / <i>i
    (perfectly when asked or when a constant extent allows) and the inner loops are
    moved inside all the outer ones. Returns (proc, the inner loops)."""
    loop_tile_pairs = [(proc.forward(pair[0]), pair[1]) for pair in loop_tile_pairs]
    inner_loops = []
    for loop, size in loop_tile_pairs:
        names = (loop.name() + "o", loop.name() + "i")
        hi = loop.hi()
        if perfect or (isinstance(hi, LiteralCursor) and hi.value() % size == 0):
            proc = divide_loop(proc, loop, size, names, perfect=True)
        else:
            proc = divide_loop(proc, loop, size, names, tail="cut")
        inner_loops.append(proc.forward(loop).body()[0])

    for i in range(len(loop_tile_pairs) - 2, -1, -1):
        for j in range(i + 1, len(loop_tile_pairs)):
            proc = interleave_outer_loop_with_inner_loop(proc, inner_loops[i], loop_tile_pairs[j][0],
                                                         loop_tile_pairs[i][1], (False, False, False))
    return proc, [proc.forward(l) for l in inner_loops]


def tile_loops_bottom_up(proc, loop, tiles):
    """Tiles the perfect nest under `loop` by `tiles` (one per loop, outermost first;
    None leaves a loop undivided), innermost first, with cut_and_guard tails, pushing
    each loop down to its depth in every copy of the nest."""
    nest = loop
    for _ in tiles[:-1]:
        if not len(nest.body()) == 1:
            raise SchedulingError("All loop must have a body length of 1")
        if not isinstance(nest.body()[0], ForCursor):
            raise SchedulingError("Did not find a nested loop")
        nest = nest.body()[0]

    loops = []
    nest = loop
    for size in tiles:
        loops.append((nest, size))
        nest = nest.body()[0]

    def nest_depth(c):
        if not isinstance(c, (ForCursor, IfCursor)):
            return 0
        return max([nest_depth(s) for s in c.body()]) + 1

    def push_loop_in(proc, loop, depth):
        loop = proc.forward(loop)
        if nest_depth(loop) == depth:
            return proc
        count = len(loop.body())
        for s in list(loop.body())[:-1]:
            proc = fission(proc, s.after())
        loop = proc.forward(loop)
        pieces = []
        for _ in range(count):
            pieces.append(loop)
            loop = loop.next()
        for piece in pieces:
            if nest_depth(piece) == depth:
                continue
            piece = proc.forward(piece)
            child = piece.body()[0]
            if isinstance(child, ForCursor):
                proc = reorder_loops(proc, piece)
                moved = proc.forward(piece)
            elif isinstance(child, IfCursor):
                proc = lift_scope(proc, child)
                moved = proc.forward(child).body()[0]
            else:
                assert False, "Invalid"
            proc = push_loop_in(proc, moved, depth)
        return proc

    for depth, (l, size) in enumerate(loops[::-1]):
        if size is not None:
            proc, (_, inner, tail) = divide_loop_(proc, l, size, tail="cut_and_guard", rc=True)
            proc = push_loop_in(proc, inner, depth + 1)
            proc = push_loop_in(proc, tail.body()[0], depth + 1)
        else:
            proc = push_loop_in(proc, l, depth + 1)
    return proc


# ------------------------------------------------------------------ staging

def auto_stage_mem(proc, block, buff, new_buff_name=None, accum=False, rc=False):
    """stage_mem of `buff` around `block` with the smallest window that works: for
    each dimension and side, the candidate bounds come from the block's accesses (their
    index ranges over the block's loops); each is kept if stage_mem accepts it."""
    if new_buff_name is None:
        new_buff_name = next(get_unique_names(proc))
    if not isinstance(block, BlockCursor):
        block = proc.forward(block).as_block()

    nodes = list(lrn(proc, block))
    block_loops = [n for n in nodes if is_loop(proc, n)]
    accesses = (n for n in nodes if is_access(proc, n) and n.name() == buff)

    def text_range(expr, env):
        """(lowest, highest) value of an index expression as text, with the loop
        variables in env replaced by their (lo, hi) texts."""
        expr = proc.forward(expr)
        if is_binop(proc, expr):
            lhs = text_range(expr.lhs(), env)
            rhs = text_range(expr.rhs(), env)
            lo = f"({lhs[0]}) {expr.op()} ({rhs[0]})"
            hi = f"({lhs[1]}) {expr.op()} ({rhs[1]})"
            if is_add(proc, expr) or is_sub(proc, expr):
                return (lo, hi)
            # a product or quotient with a constant: a negative one flips the ends
            if is_literal(proc, expr.rhs()):
                return (hi, lo) if expr.rhs().value() < 0 else (lo, hi)
            if is_literal(proc, expr.lhs()):
                return (hi, lo) if expr.lhs().value() < 0 else (lo, hi)
            assert False, "Unreachable case"
        if is_unary_minus(proc, expr):
            lo, hi = text_range(expr.arg(), env)
            return (f"-({hi})", f"-({lo})")
        if is_read(proc, expr):
            if expr.name() in env:
                return env[expr.name()]
            return (f"{expr.name()}", f"{expr.name()}")
        if is_literal(proc, expr):
            return (f"{expr.value()}", f"{expr.value()}")
        assert False, "Unreachable case"

    def access_window(access):
        env = {}
        for l in [p for p in get_parents(proc, access) if p in block_loops][::-1]:
            env[l.name()] = (text_range(l.lo(), env)[0], text_range(l.hi(), env)[1])
        return tuple(text_range(i, env) for i in access.idx())

    def window_text(window):
        dims = ",".join(d[0] if d[0] == d[1] else f"{d[0]}:{d[1]}" for d in window)
        return f"{buff}[{dims}]" if dims else buff

    def stage_works(window):
        return attempt(stage_mem, errs=(SchedulingError,))(proc, block, window_text(window), new_buff_name,
                                                          accum, rs=True)[1]

    decl = get_declaration(proc, block[0], buff)
    if not decl.is_tensor():
        return stage_mem(proc, block, buff, new_buff_name, accum)

    # start from the whole buffer, then tighten each side of each dimension
    window = [["0", text_range(dim, {})[0]] for dim in decl.shape()]
    access_windows = [access_window(a) for a in accesses]
    candidates = [(set(), set()) for _ in window]
    for aw in access_windows:
        for i, dim in enumerate(aw):
            for side in range(2):
                candidates[i][side].add(dim[side])
    for i, dim in enumerate(window):
        for side in range(2):
            if len(candidates[i][side]) == 1:
                dim[side] = next(iter(candidates[i][side]))
                continue
            for candidate in candidates[i][side]:
                old = dim[side]
                dim[side] = candidate
                if not stage_works(window):
                    dim[side] = old
    return stage_mem_(proc, block, window_text(window), new_buff_name, accum, rc=rc)


def ordered_stage_expr(proc, expr_cursors, new_buff_name, precision, n_lifts=1):
    """Binds the expressions into a new buffer and hoists its computation out of
    `n_lifts` loops (the buffer gains a dimension per loop it depends on)."""
    if not isinstance(expr_cursors, list):
        expr_cursors = [expr_cursors]
    if not all([isinstance(c, ExprCursor) for c in expr_cursors]):
        raise SchedulingError("auto_stage_mem expects a read a cursor")
    expr_cursors = [proc.forward(c) for c in expr_cursors]
    original_stmt = get_enclosing_stmt(proc, expr_cursors[0])

    proc = bind_expr(proc, expr_cursors, new_buff_name)
    original_stmt = proc.forward(original_stmt)
    assign_cursor = original_stmt.prev()
    alloc_cursor = assign_cursor.prev()
    deps = list(get_symbols(proc, assign_cursor.rhs()))
    assert isinstance(assign_cursor, AssignCursor)
    assert isinstance(alloc_cursor, AllocCursor)

    def hoist_as_loop(proc, stmt_cursor):
        stmt_cursor = proc.forward(stmt_cursor)
        while not isinstance(stmt_cursor.prev(), InvalidCursor):
            proc = reorder_stmts(proc, stmt_cursor.expand(1, 0))
            stmt_cursor = proc.forward(stmt_cursor)
        return fission(proc, stmt_cursor.after())

    anchor = assign_cursor
    for _ in range(n_lifts):
        parent = anchor.parent()
        if not isinstance(parent, ForCursor):
            raise SchedulingError("Not implemented yet")
        if parent.name() in deps:
            proc = parallelize_and_lift_alloc(proc, alloc_cursor)
        else:
            proc = lift_alloc(proc, alloc_cursor)
        proc = hoist_as_loop(proc, anchor)
        anchor = proc.forward(anchor).parent()

    alloc_cursor = proc.forward(alloc_cursor)

    def try_removing_loops(proc, loop):
        child = loop.body()[0]
        if isinstance(child, ForCursor):
            proc = try_removing_loops(proc, child)
        try:
            proc = remove_loop(proc, loop)
        except Exception:
            pass
        return proc

    proc = try_removing_loops(proc, alloc_cursor.next())
    alloc_cursor = proc.forward(alloc_cursor)
    proc = set_precision(proc, alloc_cursor, precision)

    def lift_all_ifs(proc, scope, depth=0):
        if isinstance(scope, IfCursor):
            for _ in range(depth):
                proc = lift_scope(proc, scope)
        child = scope.body()[0]
        if isinstance(child, (ForCursor, IfCursor)):
            proc = lift_all_ifs(proc, child, depth + 1)
        return proc

    return lift_all_ifs(proc, alloc_cursor.next())


def _eliminate_dead_code_pruned(proc, s):
    s = proc.forward(s)
    if isinstance(s, ForCursor):
        # Upstream means to skip only loops with constant bounds, but its check raises
        # TypeError for every loop, which `attempt` in dce swallows: loops are skipped.
        return proc
    return eliminate_dead_code(proc, s)


# eliminate_dead_code on every statement that allows it (loops are left alone)
dce = make_pass(attempt(_eliminate_dead_code_pruned))


def unroll_buffers(proc, block=InvalidCursor(), mem=None):
    """unroll_buffer on the leading constant dimension of every allocation, repeated
    until nothing changes; in memory `mem` the last dimension is kept."""

    def unroll_first_dim(proc, alloc):
        alloc = proc.forward(alloc)
        if not isinstance(alloc, AllocCursor) or not alloc.is_tensor():
            return proc
        kept = int(alloc.mem() is mem)
        if len(alloc.shape()) - kept and isinstance(alloc.shape()[0], LiteralCursor):
            return unroll_buffer(proc, alloc, 0)
        return proc

    while True:
        new_proc = make_pass(unroll_first_dim)(proc, block)
        if new_proc == proc:
            return new_proc
        proc = new_proc


def unfold_reduce(proc, reduce):
    """x += e  ->  t = x + e staged through a scalar, then written back as x = ..."""
    if not isinstance(reduce, ReduceCursor):
        raise SchedulingError("Expected a reduce cursor")
    proc = auto_stage_mem(proc, reduce, reduce.name())
    reduce = proc.forward(reduce)
    alloc = reduce.prev().prev()
    proc = merge_writes(proc, reduce.as_block().expand(delta_lo=1, delta_hi=0))
    proc = inline_assign(proc, proc.forward(alloc).next())
    return delete_buffer(proc, alloc)


# ------------------------------------------------------------------ staging rules

def fma_rule(proc, expr):
    """For a*b + c (or c + a*b): stage a, b and c each on their own."""
    expr = proc.forward(expr)
    if is_add(proc, expr):
        if is_mul(proc, expr.lhs()):
            return [expr.lhs().lhs(), expr.lhs().rhs(), expr.rhs()]
        if is_mul(proc, expr.rhs()):
            return [expr.lhs(), expr.rhs().lhs(), expr.rhs().rhs()]
    return None


def abs_rule(proc, expr):
    """For select(0.0, x, x, -x) (an absolute value): stage the three x together."""
    expr = proc.forward(expr)
    if is_select(proc, expr):
        args = expr.args()
        if (is_literal(proc, args[0], 0.0) and is_unary_minus(proc, args[3])
                and are_exprs_equal(proc, args[1], args[2]) and are_exprs_equal(proc, args[1], args[3].arg())):
            return [[args[1], args[2], args[3].arg()]]
    return None


def stage_expr_into_memory(proc, exprs, precision, memory):
    """Binds the expression(s) into a new scalar in `memory`, unless the expression is
    already assigned to, or read from, a buffer there. Returns (proc, bound expr)."""
    if not isinstance(exprs, list):
        exprs = [exprs]
    expr = proc.forward(exprs[0])
    parent = expr.parent()
    if isinstance(parent, AssignCursor) and get_declaration(proc, expr, parent.name()).mem() is memory:
        return proc, expr
    if isinstance(expr, ReadCursor) and get_declaration(proc, expr, expr.name()).mem() is memory:
        return proc, expr
    return lift_rc(bind_and_set_expr, "bound_expr")(proc, exprs, precision, memory)


def stage_compute(proc, block=InvalidCursor(), precision="R", memory=DRAM, children_ops=[]):
    """Stages every numeric subexpression computed in `block` into `memory` at
    `precision`, one scalar per operation, so each maps to one instruction.
    children_ops: rules (e.g. fma_rule) that choose which operands to stage next."""
    if not isinstance(children_ops, list):
        raise SchedulingError("Expected children_ops to be a list")

    def numeric_children(proc, cursor=InvalidCursor()):
        yield from (c for c in get_children(proc, cursor) if hasattr(c, "type") and c.type().is_numeric())

    # As upstream, the default list is shared between calls and grows each time; the
    # first rule that returns something wins, so the extra entries change nothing.
    children_ops.append(numeric_children)

    def stage(proc, exprs):
        proc, expr = stage_expr_into_memory(proc, exprs, precision, memory)
        for children_op in children_ops:
            if children := children_op(proc, expr):
                break
        return apply(stage)(proc, children)

    allocs = (s for s in nlr_stmts(proc, block) if isinstance(s, AllocCursor))
    proc = apply(set_memory)(proc, allocs, memory)
    proc = make_pass(attempt(unfold_reduce))(proc, block)
    assigns = [s for s in lrn_stmts(proc, block) if isinstance(s, AssignCursor)]
    proc = apply(stage)(proc, [a.rhs() for a in assigns])
    proc = make_pass(attempt(fold_into_reduce))(proc, block)
    return dealiasing_pass(proc, block)


# ------------------------------------------------------------------ replacing by instructions

def check_call_site(proc, call_cursor):
    """Does every numeric buffer the call passes live in the callee parameter's memory
    (or one derived from it) and have exactly its precision?"""
    if not isinstance(call_cursor, CallCursor):
        raise TypeError("call_cursor must be a CallCursor")
    visible = {}
    allocs = [s for s in get_observed_stmts(call_cursor) if isinstance(s, AllocCursor)]
    for s in list(proc.args()) + allocs:
        if s.type().is_numeric():
            visible[s.name()] = (s.mem(), s.type())
    for arg, par in zip(call_cursor.args(), call_cursor.subproc().args()):
        par_type = par.type()
        if par_type.is_numeric():
            arg_mem, arg_type = visible[arg.name()]
            if not issubclass(arg_mem, par.mem()) or arg_type is not par_type:
                return False
    return True


@dataclass
class replace_cursors:
    call: CallCursor

    def __iter__(self):
        yield self.call


def checked_replace(proc, stmt, subproc, quiet=False):
    """replace of one statement, then check_call_site on the new call (SchedulingError
    when either fails)."""
    stmt = proc.forward(stmt)
    parent = stmt.parent()
    index = get_index_in_body(proc, stmt)
    try:
        proc = replace(proc, stmt, subproc, quiet=quiet)
    except Exception:
        raise SchedulingError("failed to replace")
    in_else = (isinstance(parent, IfCursor) and not isinstance(parent.orelse(), InvalidCursor)
               and index < len(parent.orelse()) and parent.orelse()[index] == stmt)
    parent = proc if isinstance(parent, InvalidCursor) else proc.forward(parent)
    call = parent.orelse()[index] if in_else else parent.body()[index]
    if not check_call_site(proc, call):
        raise SchedulingError("Call site inconsistency")
    return proc


def replace_all_stmts(proc, instructions):
    """Each statement (pre-order) replaced by the first instruction that fits it."""
    if not isinstance(instructions, list):
        instructions = [instructions]
    for stmt in nlr_stmts(proc):
        try:
            stmt = proc.forward(stmt)
        except InvalidCursorError:
            continue
        for instr in instructions:
            try:
                proc = checked_replace(proc, stmt, instr, quiet=True)
                break
            except SchedulingError:
                pass
    return proc


# ------------------------------------------------------------------ guards and tails

def bound_loop_by_if(proc, loop):
    """for i in seq(lo, hi): if i < e: body  ->  for i in seq(lo, lo + e): body
    (the iterations from lo + e on are cut off and removed)."""
    loop = proc.forward(loop)
    err = "Expected loop to be of the following structure:\nfor iter in seq(lo, hi):\n\t if iter < e:"
    if len(loop.body()) != 1 or not isinstance(loop.body()[0], IfCursor):
        raise SchedulingError(err)
    if_c = loop.body()[0]
    if not isinstance(if_c.orelse(), InvalidCursor):
        raise SchedulingError(err)
    cond = if_c.cond()
    if not isinstance(cond.lhs(), ReadCursor) or cond.lhs().name() != loop.name() or cond.op() != "<":
        raise SchedulingError(err)

    proc = cut_loop(proc, loop, FormattedExprStr("_ + _", loop.lo(), cond.rhs()))
    loop1 = proc.forward(loop)
    loop2 = loop1.next()
    proc = eliminate_dead_code(proc, loop1.body()[0])
    # Removing the second loop whole can fail (e.g. when exo cannot show it is empty);
    # then only its guard is removed.
    proc, removed = attempt(eliminate_dead_code)(proc, loop2, rs=True)
    if removed:
        return proc
    return eliminate_dead_code(proc, loop2.body()[0])


def undo_divide_and_guard_loop(proc, loop):
    """Undoes divide_loop(tail="guard"): joins the loops (the outer's name minus its
    last letter) and turns the guard back into the loop bound."""
    loop = proc.forward(loop)
    proc = mult_loops(proc, loop, loop.name()[:-1])
    proc = simplify(proc)
    return bound_loop_by_if(proc, loop)


def unroll_loops(proc, block=InvalidCursor(), threshold=None):
    """Unrolls every loop with constant bounds (of at most `threshold` iterations)."""

    def small_constant_loop(proc, s):
        s = proc.forward(s)
        if not (is_loop(proc, s) and is_loop_bounds_const(proc, s)):
            return False
        return threshold is None or s.hi().value() - s.lo().value() <= threshold

    return make_pass(predicate(unroll_loop, small_constant_loop), lrn_stmts)(proc, block)


def cleanup(proc):
    """simplify, unroll one-iteration loops, dce, delete passes."""
    proc = simplify(proc)
    proc = unroll_loops(proc, threshold=1)
    proc = dce(proc)
    try:
        proc.find("pass")
        proc = delete_pass(proc)
    except SchedulingError:
        pass
    return proc


def reorder_stmt_forward(proc, stmt):
    """Swaps a statement with the next one."""
    stmt = proc.forward(stmt)
    return reorder_stmts(proc, stmt.as_block().expand(0, 1))


def reorder_stmt_backwards(proc, stmt):
    """Swaps a statement with the previous one."""
    stmt = proc.forward(stmt)
    return reorder_stmts(proc, stmt.as_block().expand(-1, 0))


@dataclass
class divide_loop_recursive_cursors:
    outer_loops: list
    inner_loops: list
    tail_loop: ForCursor

    def __iter__(self):
        yield self.outer_loops
        yield self.inner_loops
        yield self.tail_loop


def divide_loop_recursive(proc, loop, factor, tail="cut", rc=False):
    """Divides by factor, then the tail by factor // 2, and so on down to 2."""
    if tail not in {"cut", "cut_and_guard"}:
        raise SchedulingError("tail strategy must be cut or cut_and_guard")
    outer_loops = []
    inner_loops = []
    tail_loop = loop
    while factor > 1:
        proc, (outer, inner, tail_loop) = divide_loop_(proc, tail_loop, factor, tail=tail, rc=True)
        outer_loops.append(outer)
        inner_loops.append(inner)
        factor = factor // 2
    if not rc:
        return proc
    outer_loops = [proc.forward(c) for c in outer_loops]
    inner_loops = [proc.forward(c) for c in inner_loops]
    return proc, divide_loop_recursive_cursors(outer_loops, inner_loops, tail_loop)


@dataclass
class binary_specialize_cursors:
    stmts: Cursor

    def __iter__(self):
        yield self.stmts


def binary_specialize(proc, stmt, expr, values, rc=False):
    """Specializes `stmt` for each of `values` of `expr` (which the values must cover)
    through a binary search of `if expr < v` branches, ending in `expr == v` cases."""
    stmt = proc.forward(stmt)
    if isinstance(expr, ExprCursor):
        expr = expr_to_string(proc.forward(expr))

    def cond(op, v):
        return f"{expr} {op} {v}"

    if len(values) == 1:
        raise SchedulingError("Cannot specialize given one value!")
    values = sorted(values)
    leaves = []

    def split(proc, stmt, values):
        if len(values) == 1:
            # `expr == v` must hold here if the values cover every case; its else
            # branch is then dead
            proc, (if_stmt,) = specialize_(proc, stmt, cond("==", values[0]), rc=True)
            proc = simplify(proc)
            proc = eliminate_dead_code(proc, if_stmt)
            leaves.append(if_stmt.body()[0])
            leaves.append(if_stmt.orelse()[0])
            return proc
        mid = len(values) // 2
        proc, (if_stmt,) = specialize_(proc, stmt, cond("<", values[mid]), rc=True)
        proc = split(proc, if_stmt.body()[0], values[:mid])
        return split(proc, if_stmt.orelse()[0], values[mid:])

    proc = split(proc, stmt, values)
    if not rc:
        return proc
    remaining = []
    for s in leaves:
        try:
            s = proc.forward(s)
        except InvalidCursorError:
            continue
        if not isinstance(s, PassCursor):
            remaining.append(s)
    return proc, binary_specialize_cursors(remaining)


# ------------------------------------------------------------------ common subexpressions

def cse(proc, block, precision):
    """Accesses in `block` to the same buffer element are shared: repeated reads are
    bound to one scalar (in DRAM at `precision`); when some of them write, the buffer is
    staged around the block that holds them all."""
    if not isinstance(block, BlockCursor):
        block = proc.forward(block).as_block()
    nodes = list(lrn(proc, block))
    accesses = [c for c in nodes if is_access(proc, c) and (is_stmt(proc, c) or c.type().is_numeric())]

    by_buffer = {}
    for access in accesses:
        by_index = by_buffer.setdefault(access.name(), {})
        by_index.setdefault(expr_to_string(access.idx()), []).append(access)

    for buff, by_index in by_buffer.items():
        for same in by_index.values():
            if len(same) > 1:
                if all(is_read(proc, c) for c in same):
                    proc = bind_and_set_expr(proc, same, precision, DRAM)
                else:
                    proc = auto_stage_mem(proc, get_bounding_block(proc, same), buff)
    return proc


# inline_assign on every copy between buffers of the same memory
inline_copies = make_pass(predicate(attempt(inline_assign), is_copy))


def dealias(proc, stmt):
    """Makes the buffers an assignment or reduction reads distinct from each other and
    from what it writes: all but the last read of each buffer (and the whole right-hand
    side, when it reads the written buffer) are bound to new scalars."""
    stmt = proc.forward(stmt)
    if not is_assign(proc, stmt) and not is_reduce(proc, stmt):
        raise TypeError("stmt must be an assign or reduce")
    nodes = list(lrn(proc, stmt.rhs()))
    accesses = [c for c in nodes if is_access(proc, c) and (is_stmt(proc, c) or c.type().is_numeric())]

    by_buffer = {}
    for access in accesses:
        by_buffer.setdefault(access.name(), []).append(access)

    for buff, reads in by_buffer.items():
        for access in reads[:-1]:
            decl = get_declaration(proc, stmt, access.name())
            proc = bind_and_set_expr(proc, access, decl.type(), decl.mem())
    if stmt.name() in by_buffer:
        decl = get_declaration(proc, stmt, stmt.name())
        proc = bind_and_set_expr(proc, stmt.rhs(), decl.type(), decl.mem())
    return proc


# dealias on every assignment and reduction that allows it
dealiasing_pass = make_pass(attempt(dealias, errs=(TypeError,)))


def round_loop(proc, loop, factor, up=True):
    """Rounds the loop's iteration count up (guarded) or down (cut) to a multiple of
    factor, as one loop again."""
    tail = "guard" if up else "cut"
    proc, (loop, _, _) = divide_loop_(proc, loop, factor, tail=tail, rc=True)
    return mult_loops(proc, loop, loop.name()[:-1])


@dataclass
class cut_loop_and_unroll_cursors:
    loop: ForCursor

    def __iter__(self):
        yield self.loop


def cut_loop_and_unroll(proc, loop, const, front=True, rc=False):
    """Peels the first (front) or last iteration off a loop and unrolls it; the rest
    is shifted to start at 0."""
    loop = proc.forward(loop)
    cut = FormattedExprStr("_ + 1", loop.lo()) if front else FormattedExprStr("_ - 1", loop.hi())
    proc, (peeled, loop) = cut_loop_(proc, loop, cut, rc=True)
    if not front:
        peeled, loop = loop, peeled
    proc = shift_loop(proc, peeled, 0)
    proc = simplify(proc)
    proc = unroll_loop(proc, peeled)
    proc = shift_loop(proc, loop, 0)
    if not rc:
        return proc
    return proc, cut_loop_and_unroll_cursors(loop)
