"""The scheduling API: argument processing shared by every primitive, and the
primitives themselves (implemented natively; this module grows with them).

Each primitive checks its arguments with upstream's wording,
"argument <i>, '<name>' to <primitive>: <problem>", before touching the proc.
"""
import functools
import inspect
import re

import _exo
import _host
from _exo import Procedure

from . import API_cursors as PC
from .rewrite.LoopIR_scheduling import SchedulingError

_VALID_NAME = re.compile(r"^[a-zA-Z_]\w*$")


class ArgumentProcessor:
    """Checks (and may convert) one argument of a scheduling primitive."""

    def setdata(self, index, arg_name, f_name):
        self.index = index
        self.arg_name = arg_name
        self.f_name = f_name

    def err(self, message, error=TypeError):
        raise error(f"argument {self.index}, '{self.arg_name}' to {self.f_name}: {message}")

    def __call__(self, value, all_args):
        raise NotImplementedError("Must Sub-class and redefine __call__")


class ProcA(ArgumentProcessor):
    def __call__(self, proc, all_args):
        if not isinstance(proc, Procedure):
            self.err("expected a Procedure object")
        return proc


class NameA(ArgumentProcessor):
    def __call__(self, name, all_args):
        if not (isinstance(name, str) and name != "_" and _VALID_NAME.match(name)):
            self.err("expected a valid name")
        return name


class PosIntA(ArgumentProcessor):
    def __call__(self, val, all_args):
        if not (isinstance(val, int) and not isinstance(val, bool) and val >= 1):
            self.err("expected a positive integer")
        return val


class IntA(ArgumentProcessor):
    def __call__(self, val, all_args):
        if not (isinstance(val, int) and not isinstance(val, bool)):
            self.err("expected an integer")
        return val


class BoolA(ArgumentProcessor):
    def __call__(self, val, all_args):
        if not isinstance(val, bool):
            self.err("expected a bool")
        return val


class ListA(ArgumentProcessor):
    def __init__(self, elem, list_only=False, length=None):
        self.elem = elem() if isinstance(elem, type) else elem
        self.list_only = list_only
        self.fixed_length = length

    def setdata(self, index, arg_name, f_name):
        super().setdata(index, arg_name, f_name)
        self.elem.setdata(index, arg_name, f_name)

    def __call__(self, vals, all_args):
        if self.list_only and not isinstance(vals, list):
            self.err("expected a list")
        if not isinstance(vals, (list, tuple)):
            self.err("expected a list or tuple")
        if self.fixed_length and len(vals) != self.fixed_length:
            self.err(f"expected a list of length {self.fixed_length}")
        return [self.elem(v, all_args) for v in vals]


class EnumA(ArgumentProcessor):
    def __init__(self, values):
        self.values = list(values)

    def __call__(self, val, all_args):
        if val not in self.values:
            vals_str = ", ".join(str(v) for v in self.values)
            self.err(f"expected one of the following values: {vals_str}", ValueError)
        return val


_NAME_COUNT = re.compile(r"^([a-zA-Z_]\w*)\s*(\#\s*([0-9]+))?$")
_NAME_NAME_COUNT = re.compile(r"^([a-zA-Z_]\w*)\s*([a-zA-Z_]\w*)\s*(\#\s*([0-9]+))?$")


class CursorArgumentProcessor(ArgumentProcessor):
    def __call__(self, cur, all_args):
        p = all_args["proc"]
        # PC._forward is proc.forward without the method lookup (a refused attempt's
        # arguments go through here tens of thousands of times in ExoBLAS)
        if isinstance(cur, PC.Cursor):
            cur = PC._forward(p, cur)
        elif isinstance(cur, list):
            cur = [PC._forward(p, c) for c in cur]
        return self._cursor_call(cur, all_args)


class StmtCursorA(CursorArgumentProcessor):
    def _cursor_call(self, stmt_pattern, all_args):
        if isinstance(stmt_pattern, PC.StmtCursor):
            return stmt_pattern
        if isinstance(stmt_pattern, PC.Cursor):
            self.err(f"expected an StmtCursor, not {type(stmt_pattern)}")
        if not isinstance(stmt_pattern, str):
            self.err("expected a StmtCursor or pattern string")
        match = all_args["proc"].find(stmt_pattern)
        if not isinstance(match, PC.StmtCursor):
            self.err(f"expected pattern to match a StmtCursor, not {type(match)}")
        return match


class BlockCursorA(CursorArgumentProcessor):
    def __init__(self, block_size=None):
        self.block_size = block_size

    def _cursor_call(self, block_pattern, all_args):
        if isinstance(block_pattern, PC.BlockCursor):
            cursor = block_pattern
        elif isinstance(block_pattern, PC.StmtCursor):
            cursor = block_pattern.as_block()
        else:
            if isinstance(block_pattern, PC.Cursor):
                self.err(f"expected a StmtCursor or BlockCursor, not {type(block_pattern)}")
            if not isinstance(block_pattern, str):
                self.err("expected a Cursor or pattern string")
            match = all_args["proc"].find(block_pattern)
            if isinstance(match, PC.StmtCursor):
                match = match.as_block()
            elif not isinstance(match, PC.BlockCursor):
                self.err(f"expected pattern to match a BlockCursor, not {type(match)}")
            cursor = match
        if self.block_size and len(cursor) != self.block_size:
            self.err(f"expected a block of size {self.block_size}, but got a block of size {len(cursor)}", ValueError)
        return cursor


class GapCursorA(CursorArgumentProcessor):
    def _cursor_call(self, gap_cursor, all_args):
        if not isinstance(gap_cursor, PC.GapCursor):
            self.err("expected a GapCursor")
        return gap_cursor


class ForCursorA(StmtCursorA):
    def _cursor_call(self, loop_pattern, all_args):
        if isinstance(loop_pattern, str) and (m := _NAME_COUNT.search(loop_pattern)):
            count = f" #{m[3]}" if m[3] is not None else ""
            loop_pattern = f"for {m[1]} in _: _{count}"
        cursor = super()._cursor_call(loop_pattern, all_args)
        if not isinstance(cursor, PC.ForCursor):
            self.err(f"expected a ForCursor, not {type(cursor)}")
        return cursor


class NestedForCursorA(StmtCursorA):
    def _cursor_call(self, loops_pattern, all_args):
        if isinstance(loops_pattern, PC.ForCursor):
            cursor = loops_pattern
        elif isinstance(loops_pattern, PC.Cursor):
            self.err(f"expected a ForCursor, not {type(loops_pattern)}")
        elif isinstance(loops_pattern, str) and (m := _NAME_NAME_COUNT.search(loops_pattern)):
            count = f" #{m[4]}" if m[4] else ""
            cursor = super()._cursor_call(f"for {m[1]} in _:\n  for {m[2]} in _: _{count}", all_args)
        elif isinstance(loops_pattern, str):
            cursor = super()._cursor_call(loops_pattern, all_args)
            if not isinstance(cursor, PC.ForCursor):
                self.err(f"expected a ForCursor, not {type(cursor)}")
        else:
            self.err("expected a ForCursor, pattern match string, or 'outer_loop inner_loop' shorthand")
        if len(cursor.body()) != 1 or not isinstance(cursor.body()[0], PC.ForCursor):
            self.err(f"expected the body of the outer loop to be a single loop, but it was a {cursor.body()[0]}",
                     ValueError)
        return cursor


class ForOrIfCursorA(StmtCursorA):
    def _cursor_call(self, cursor, all_args):
        if isinstance(cursor, str) and (m := _NAME_COUNT.search(cursor)):
            count = f" #{m[3]}" if m[3] is not None else ""
            cursor = f"for {m[1]} in _: _{count}"
        cursor = super()._cursor_call(cursor, all_args)
        if not isinstance(cursor, (PC.ForCursor, PC.IfCursor)):
            self.err(f"expected a ForCursor or IfCursor, not {type(cursor)}")
        return cursor


class NewExprA(ArgumentProcessor):
    """A new expression: an int, float or bool literal, or a string parsed (natively) in
    the scope just before the statement the cursor argument points at."""

    def __init__(self, cursor_arg=None):
        self.cursor_arg = cursor_arg

    def __call__(self, expr, all_args):
        if isinstance(expr, FormattedExprStr):
            proc = all_args["proc"]
            return ("__fmt__", expr._expr_str, tuple(proc.forward(c)._impl.path for c in expr._expr_holes))
        if isinstance(expr, (int, float, str)):
            return expr
        self.err("expected a string, int, float or bool")


class FormattedExprStr:
    """An expression string whose `_` holes are filled by the expressions some cursors
    point at (given to a primitive wherever it takes a new expression)."""

    def __init__(self, expr_str, *expr_holes):
        if not isinstance(expr_str, str):
            raise TypeError("expr_str must be a string")
        for cursor in expr_holes:
            if not isinstance(cursor, PC.ExprCursor):
                raise TypeError("Cursor provided to fill a hole must be a ExprCursor")
        self._expr_str = expr_str
        self._expr_holes = expr_holes


def _result(proc, native):
    new_proc, edits = native
    _exo._set_provenance(new_proc, proc, edits)
    return new_proc


# Procs made by a step that may have changed their final config values (upstream's
# _mod_config), with those (config, field) pairs: such a proc is equivalent to its
# origin only where the caller does not read them afterwards (call_eqv checks).
_config_changes = []


def _config_result(proc, native):
    new_proc, edits, changed = native
    if changed:
        _config_changes.append((new_proc, changed))
    return _result(proc, (new_proc, edits))


def _changed_configs(p):
    for q, changed in _config_changes:
        if q is p:
            return changed
    return []


# While `exocc build --trace` builds a kernel: id(proc) -> (proc, primitive name, call
# stack) for every proc a primitive returned (the proc is kept so that its id stays its
# own). _exocc_build.py walks each exported proc's provenance back through it.
step_log = None


def sched_op(processors):
    """Makes a scheduling primitive: the proc comes first, then one processor per
    remaining parameter, applied in order after binding (defaults included)."""

    processors = [ProcA] + list(processors)

    def build(func):
        sig = inspect.signature(func)
        procs = [p() if isinstance(p, type) else p for p in processors]
        for i, (param, p) in enumerate(zip(sig.parameters, procs)):
            p.setdata(i, param, func.__name__)

        # Every parameter positional-or-keyword (all primitives but a few): a call binds
        # as sig.bind + apply_defaults would, without inspect's cost, which is a large
        # part of a refused attempt (ExoBLAS makes tens of thousands). A call that does
        # not bind that simply goes through sig.bind, for its errors.
        params = list(sig.parameters.values())
        simple = all(q.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for q in params)
        names = [q.name for q in params]
        defaults = [q.default for q in params]  # inspect.Parameter.empty: none
        position = {n: i for i, n in enumerate(names)}
        empty = inspect.Parameter.empty
        # bound.arguments (apply_defaults included) has every parameter in order, too
        processed = list(zip(names, procs))

        def simple_bind(args, kwargs):
            given = len(args)
            if not simple or given > len(names):
                return None
            for k in kwargs:
                if position.get(k, -1) < given:
                    return None
            values = dict(zip(names, args))
            for i in range(given, len(names)):
                name = names[i]
                if name in kwargs:
                    values[name] = kwargs[name]
                elif defaults[i] is not empty:
                    values[name] = defaults[i]
                else:
                    return None
            return values

        @functools.wraps(func)
        def primitive(*args, **kwargs):
            outer = _exo._enter_schedule_phase()  # timing for `exocc build -v`
            try:
                values = simple_bind(args, kwargs)
                if values is None:
                    bound = sig.bind(*args, **kwargs)
                    bound.apply_defaults()
                    values = bound.arguments
                for name, p in processed:
                    values[name] = p(values[name], values)
                # with simple parameters, bound.args is every value in order
                result = func(*values.values()) if simple else func(*bound.args, **bound.kwargs)
            finally:
                _exo._leave_phase(outer)
            if step_log is not None and isinstance(result, Procedure):
                # The outermost primitive that returned this proc names the step.
                step_log[id(result)] = (result, func.__name__, _host.call_stack())
            return result

        primitive.is_atomic_scheduling_op = True
        return primitive

    return build


def is_atomic_scheduling_op(x):
    """True for the scheduling primitives (functions made by sched_op), as upstream's
    predicate of the same name; scheduling libraries use it to tell them apart."""
    return callable(x) and getattr(x, "is_atomic_scheduling_op", False) is True


@sched_op([NameA])
def rename(proc, name):
    """Gives the proc a new name; the generated C function takes that name. Schedules usually
    rename the scheduled copy so that both versions can be compiled side by side.

    Checks: `name` must be a valid identifier.

    Reference, with an example: docs/primitives/basic.md#rename
    """
    renamed = _exo.rename_proc(proc, name)
    _exo._set_provenance(renamed, proc, [("identity",)])
    return renamed


@sched_op([ForCursorA, PosIntA, ListA(NameA, length=2), EnumA(["cut", "guard", "cut_and_guard"]), BoolA])
def divide_loop(proc, loop_cursor, div_const, new_iters, tail="guard", perfect=False):
    """Splits a loop into an outer loop and an inner loop of `div_const` iterations (the
    "split" of Halide and TVM). `new_iters` names the outer and inner variables; the body's
    uses of the old variable become `div_const * outer + inner`. `tail` says what happens to
    the iterations left over when the trip count is not a multiple of `div_const`:

    - `"guard"` (default): the outer loop rounds up, and the body runs under
      `if div_const * outer + inner < hi:`;
    - `"cut"`: a second loop after the nest runs the leftover iterations;
    - `"cut_and_guard"`: as `"cut"`, with that loop inside `if hi % div_const > 0:`.

    `perfect=True` states that the trip count is a multiple of `div_const`: no tail at all.

    Checks: `div_const` is an int >= 1 and the names are identifiers; with
    `perfect=True`, the divisibility must follow from the proc's asserts.

    Reference, with an example: docs/primitives/loops.md#divide_loop
    """
    return _result(proc, _exo._sched_divide_loop(proc, loop_cursor._impl.path, div_const, new_iters[0],
                                                 new_iters[1], tail, perfect))


@sched_op([NestedForCursorA])
def reorder_loops(proc, nested_loops):
    """Interchanges two directly nested loops. The argument is the outer loop (its body must
    be exactly the inner loop), or the pattern `"i j"` naming both variables.

    Checks: the inner loop's bounds do not depend on the outer variable, and the
    iterations commute: no iteration reads or writes what another writes, except through
    reductions (`+=`), which commute.

    Reference, with an example: docs/primitives/loops.md#reorder_loops
    """
    return _result(proc, _exo._sched_reorder_loops(proc, nested_loops._impl.path))


@sched_op([ForCursorA])
def unroll_loop(proc, loop_cursor):
    """Replaces a loop with constant bounds by one copy of its body per iteration, the
    iteration variable replaced by its value.

    Checks: both bounds must be constants; a result of more than 1,000,000 statements is
    refused.

    Reference, with an example: docs/primitives/loops.md#unroll_loop
    """
    return _result(proc, _exo._sched_unroll_loop(proc, loop_cursor._impl.path))


@sched_op([ForCursorA, NewExprA("loop_cursor")])
def cut_loop(proc, loop_cursor, cut_point):
    """Splits a loop's range at `cut_point` into two consecutive loops,
    `seq(lo, cut_point)` and `seq(cut_point, hi)`, each with the whole body.

    Checks: `lo <= cut_point <= hi` must be provable ("Expected `lo` <= `cut_point`",
    "Expected `cut_point` <= `hi`").

    Reference, with an example: docs/primitives/loops.md#cut_loop
    """
    return _result(proc, _exo._sched_cut_loop(proc, loop_cursor._impl.path, cut_point))


@sched_op([ForCursorA, NewExprA("loop_cursor")])
def shift_loop(proc, loop_cursor, new_lo):
    """Makes a loop start at `new_lo` with the same trip count; the body's uses of the
    iteration variable are adjusted (`i` becomes `i + (lo - new_lo)`).

    Checks: `new_lo` must be provably non-negative.

    Reference, with an example: docs/primitives/loops.md#shift_loop
    """
    return _result(proc, _exo._sched_shift_loop(proc, loop_cursor._impl.path, new_lo))


@sched_op([ForCursorA, BoolA])
def remove_loop(proc, loop_cursor, unsafe_disable_check=False):
    """Removes a loop whose body does not depend on its iteration variable, keeping one copy
    of the body after it. When the upper bound is not provably positive, that copy goes
    under `if hi > lo:` (a `size` argument is always positive, so `seq(0, n)` needs none).

    Checks: the body does not use the variable ("Cannot remove loop, i is not free in
    the loop body."), and it is idempotent: running it twice is running it once.

    Reference, with an example: docs/primitives/loops.md#remove_loop
    """
    return _result(proc, _exo._sched_remove_loop(proc, loop_cursor._impl.path, unsafe_disable_check))


@sched_op([NestedForCursorA, NameA])
def mult_loops(proc, nested_loops, new_iter_name):
    """The inverse of `divide_loop` with a perfect tail: merges `for i: for j in seq(0, c):`
    (the inner bound a constant `c`) into one loop `for k in seq(0, hi_i * c)`, with
    `i = k / c` and `j = k % c`.

    Checks: the outer loop's body is exactly the inner loop, both start at 0, and the
    inner bound is a literal.

    Reference, with an example: docs/primitives/loops.md#mult_loops
    """
    return _result(proc, _exo._sched_mult_loops(proc, nested_loops._impl.path, new_iter_name))


@sched_op([GapCursorA, PosIntA, BoolA])
def fission(proc, gap_cursor, n_lifts=1, unsafe_disable_checks=False):
    """Splits the loops (and ifs) around a gap into two copies, one holding the statements
    before the gap and one those after it, `n_lifts` levels up. An allocation used on both
    sides must first be lifted out (`lift_alloc`).

    Checks: running every iteration of the first part before the second must not change
    the result: the second part may not read or write what a later iteration of the first
    part writes, nor the reverse. A gap at the very start or end of a block is refused.
    `unsafe_disable_checks=True` is upstream's escape hatch, kept for compatibility.

    Reference, with an example: docs/primitives/loops.md#fission
    """
    stmt = gap_cursor.anchor().prev() if gap_cursor.type() == PC.GapType.Before else gap_cursor.anchor()
    if not stmt or not stmt.next():
        raise ValueError("expected cursor to point to a gap between statements, not at an edge")
    return _result(proc, _exo._sched_fission(proc, stmt._impl.path, True, n_lifts, unsafe_disable_checks))


@sched_op([GapCursorA])
def insert_pass(proc, gap_cursor):
    """Inserts a `pass` statement at a gap (`cursor.before()` / `.after()`, or a pattern
    with a gap). A `pass` is a placeholder other primitives can address, e.g. the place
    `insert_noop_call` or `write_config` will fill.

    Checks: the argument must be a gap cursor.

    Reference, with an example: docs/primitives/statements.md#insert_pass
    """
    impl = gap_cursor._impl
    return _result(proc, _exo._sched_insert_pass(proc, impl.anchor, impl.type == PC.GapType.After))


@sched_op([])
def delete_pass(proc):
    """Deletes every `pass` statement in the proc, and loops or ifs left with nothing but
    `pass` in them.

    Checks: none (a `pass` has no effect).

    Reference, with an example: docs/primitives/statements.md#delete_pass
    """
    return _result(proc, _exo._sched_delete_pass(proc))


@sched_op([])
def simplify(proc):
    """Simplifies the index expressions of the proc: folds constants, normalises affine sums
    (`2 * i + 0 + i` becomes `3 * i`), and drops branches whose condition is a constant.
    A condition that holds only by reasoning (`n + 1 > n`) stays: simplify folds, it does not
    prove; `eliminate_dead_code` is the primitive that asks the solver. Other primitives do not simplify their output; call
    `simplify` when you want to read the result.

    Checks: none beyond the arithmetic itself: a folded index constant must fit in 64
    bits (upstream's Python ints never overflow, but the C they become would).

    Reference, with an example: docs/primitives/basic.md#simplify
    """
    return _result(proc, _exo._sched_simplify(proc))


@sched_op([BlockCursorA(block_size=2)])
def reorder_stmts(proc, block_cursor):
    """Swaps two adjacent statements. The argument is a block of exactly two statements: a
    pattern such as `"x[_] = _ ; y[_] = _"`, or `cursor.expand(0, 1)`.

    Checks: the two statements must commute: neither may write what the other reads
    or writes (config fields included).

    Reference, with an example: docs/primitives/statements.md#reorder_stmts
    """
    b = block_cursor._impl
    return _result(proc, _exo._sched_reorder_stmts(proc, (b.parent, b.field, b.lo, b.hi)))


@sched_op([ForOrIfCursorA])
def lift_scope(proc, scope_cursor):
    """Moves a loop or an if one level up, swapping it with the loop or if that directly
    contains it (its only statement): `for i: if c: B` becomes `if c: for i: B`, and
    `if a: for j: B` becomes `for j: if a: B`. An inner if with an else keeps both branches:
    `if a: (if b: S else: T)` becomes `if b: (if a: S) else: (if a: T)`.

    Checks: the lifted statement is the whole body of its parent ("expected if
    statement to be directly nested in parent"); a condition lifted out of a loop may not
    depend on the loop's variable; a loop lifted out of a loop may not have bounds
    depending on it; a loop is not lifted out of an if that has an else.

    Reference, with an example: docs/primitives/guards.md#lift_scope
    """
    return _result(proc, _exo._sched_lift_scope(proc, scope_cursor._impl.path))


@sched_op([StmtCursorA, StmtCursorA, BoolA])
def fuse(proc, stmt1, stmt2, unsafe_disable_check=False):
    """The inverse of `fission`: two adjacent loops with equal bounds become one loop whose
    body is the first body followed by the second (the second's variable renamed to the
    first's); or two adjacent ifs with the same condition become one.

    Checks: the loops are adjacent and have equal lower and upper bounds (upstream
    compares only the upper bounds), and interleaving the iterations does not change the
    result (the check of `fission`, in reverse, whose message it gives: "Cannot fission
    loop over i ...").

    Reference, with an example: docs/primitives/loops.md#fuse
    """
    if isinstance(stmt1, PC.IfCursor) != isinstance(stmt2, PC.IfCursor) or not isinstance(
            stmt1, (PC.IfCursor, PC.ForCursor)) or not isinstance(stmt2, (PC.IfCursor, PC.ForCursor)):
        raise ValueError("expected the two argument cursors to either both point to loops or both point to if's")
    return _result(proc, _exo._sched_fuse(proc, stmt1._impl.path, stmt2._impl.path, unsafe_disable_check))


@sched_op([ForCursorA, ForCursorA])
def join_loops(proc, loop1_cursor, loop2_cursor):
    """The inverse of `cut_loop`: two adjacent loops with equal bodies (up to the names of
    their iteration variables), the first ending where the second begins, become one loop
    over both ranges, named as the first.

    Checks: the loops are adjacent, their bodies are equal, and the first's upper bound
    equals the second's lower bound.

    Reference, with an example: docs/primitives/loops.md#join_loops
    """
    return _result(proc, _exo._sched_join_loops(proc, loop1_cursor._impl.path, loop2_cursor._impl.path))


@sched_op([BlockCursorA, NameA, NewExprA("block_cursor"), BoolA, BoolA])
def add_loop(proc, block_cursor, iter_name, hi_expr, guard=False, unsafe_disable_check=False):
    """Wraps a statement in a new loop `for iter_name in seq(0, hi_expr)`. With `guard=True`,
    the body runs under `if iter_name == 0:`, so it still runs once per execution.

    Checks: `hi_expr` must be provably positive, and the statement must be idempotent
    (also with `guard`, as upstream checks), unless `unsafe_disable_check=True`.

    Reference, with an example: docs/primitives/loops.md#add_loop
    """
    if len(block_cursor) != 1:
        raise NotImplementedError("TODO: support blocks of size > 1")
    stmt = block_cursor[0]
    return _result(proc, _exo._sched_add_loop(proc, stmt._impl.path, iter_name, hi_expr, guard, unsafe_disable_check))


@sched_op([ForOrIfCursorA])
def eliminate_dead_code(proc, stmt_cursor):
    """Removes an if whose condition the solver proves always true or always false (keeping
    the branch that runs), or a loop that provably never runs.

    Checks: the condition must be decided from the proc's asserts and the enclosing
    loops and ifs; an undecided one is refused.

    Reference, with an example: docs/primitives/guards.md#eliminate_dead_code
    """
    return _result(proc, _exo._sched_eliminate_dead_code(proc, stmt_cursor._impl.path))


@sched_op([StmtCursorA])
def delete_config(proc, stmt_cursor):
    """Deletes a write of a config field (`Cfg.field = e`).

    Checks: the statement writes only configuration state, and no later read of the
    field in the proc may see a different value without it. The field's value when the proc
    returns may differ; that is remembered for `call_eqv`, as upstream does.

    Reference, with an example: docs/primitives/config.md#delete_config
    """
    return _config_result(proc, _exo._sched_delete_config(proc, stmt_cursor._impl.path))


# --------------------------------------------------------------------------- stage_mem

class CustomWindowExprA(NewExprA):
    """`name` or `name[pt_or_lo:hi, ...]`: the buffer's name and, per dimension, a point
    or a (lo, hi) pair of expression strings (parsed natively before the block)."""

    def __call__(self, expr_str, all_args):
        if not isinstance(expr_str, str):
            self.err("expected a string")
        if _VALID_NAME.match(expr_str):
            return expr_str, []
        match = re.match(r"(\w+)\[([^\]]+)\]", expr_str)
        if not match:
            raise ValueError(f"expected windowing string of the form 'name[args]', but got '{expr_str}'")
        buf_name, args = match.groups()
        if not _VALID_NAME.match(buf_name):
            raise ValueError(f"'{buf_name}' is not a valid name")

        def parse_arg(a):
            m = re.match(r"\s*([^:]+)\s*:\s*([^:]+)\s*", a)
            if not m:
                return a.strip()
            return (m[1].strip(), m[2].strip())

        return buf_name, [parse_arg(a) for a in args.split(",")]


@sched_op([BlockCursorA, CustomWindowExprA("block_cursor"), NameA, BoolA])
def stage_mem(proc, block_cursor, win_expr, new_buf_name, accum=False):
    """Stages a window of a buffer in a new buffer around a block: a new allocation (shaped
    like the window's ranges, in the buffer's memory) is loaded before the block, the block
    uses it instead, and it is stored back after. `win_expr` gives per dimension a point
    or a `lo:hi` range, e.g. `"x[i, 0:8]"`. With `accum=True` the block only reduces into
    the window: the new buffer is zeroed first and added into the original after. Loads are
    emitted only if the block may read the window, stores only if it may write it. This is
    how tiles go to registers or scratchpads (then `set_memory`).

    Checks: every access of the buffer in the block is inside the window or disjoint
    from it; the block does not reach the buffer under another name (a window of it); and
    the load is left out only when the block certainly writes every element it stores
    back before reading it.

    Reference, with an example: docs/primitives/buffers.md#stage_mem
    """
    buf_name, dims = win_expr
    b = block_cursor._impl
    return _result(proc, _exo._sched_stage_mem(proc, (b.parent, b.field, b.lo, b.hi), buf_name, dims,
                                               new_buf_name, accum))


# --------------------------------------------------------------------------- expressions and writes

class ListOrElemA(ListA):
    """A list (or tuple) of values, or a single value (wrapped into a list)."""

    def __call__(self, xs, all_args):
        if isinstance(xs, list if self.list_only else (list, tuple)):
            return super().__call__(xs, all_args)
        return [self.elem(xs, all_args)]


class ExprCursorA(CursorArgumentProcessor):
    def __init__(self, many=False):
        self.match_many = many

    def _cursor_call(self, expr_pattern, all_args):
        if self.match_many:
            if isinstance(expr_pattern, list):
                for ec in expr_pattern:
                    if not isinstance(ec, PC.ExprCursor):
                        self.err(f"expected a list of ExprCursor, not {type(expr_pattern)}")
                return expr_pattern
            if not isinstance(expr_pattern, str):
                self.err("expected an ExprCursor or pattern string")
        else:
            if isinstance(expr_pattern, PC.ExprCursor):
                return expr_pattern
            if isinstance(expr_pattern, PC.Cursor):
                self.err(f"expected an ExprCursor, not {type(expr_pattern)}")
            if not isinstance(expr_pattern, str):
                self.err("expected an ExprCursor or pattern string")
        matches = all_args["proc"].find(expr_pattern, many=self.match_many)
        if self.match_many:
            for m in matches:
                if not isinstance(m, PC.ExprCursor):
                    self.err(f"expected pattern to match only ExprCursors, not {type(m)}")
            return matches
        if not isinstance(matches, PC.ExprCursor):
            self.err(f"expected pattern to match an ExprCursor, not {type(matches)}")
        return matches


class AssignCursorA(StmtCursorA):
    def _cursor_call(self, stmt_pattern, all_args):
        cursor = super()._cursor_call(stmt_pattern, all_args)
        if not isinstance(cursor, PC.AssignCursor):
            self.err(f"expected an AssignCursor, not {type(cursor)}")
        return cursor


class AssignOrReduceCursorA(StmtCursorA):
    def _cursor_call(self, stmt_pattern, all_args):
        cursor = super()._cursor_call(stmt_pattern, all_args)
        if not isinstance(cursor, (PC.AssignCursor, PC.ReduceCursor)):
            self.err(f"expected an AssignCursor or ReduceCursor, not {type(cursor)}")
        return cursor


class WindowStmtCursorA(StmtCursorA):
    def _cursor_call(self, stmt_pattern, all_args):
        cursor = super()._cursor_call(stmt_pattern, all_args)
        if not isinstance(cursor, PC.WindowStmtCursor):
            self.err(f"expected a WindowStmtCursor, not {type(cursor)}")
        return cursor


def _expr_op(c):
    return c.op() if isinstance(c, PC.BinaryOpCursor) else None


def _expr_is_numeric(c):
    try:
        return c.type().is_numeric()
    except (KeyError, AttributeError):
        return True


@sched_op([ExprCursorA(many=True)])
def commute_expr(proc, expr_cursors):
    """Swaps the operands of each `+` or `*` expression in the list of cursors given (a
    pattern string matches all its occurrences).

    Checks: the operator must be commutative (`+` or `*`).

    Reference, with an example: docs/primitives/statements.md#commute_expr
    """
    for e in expr_cursors:
        if _expr_op(e) not in ("+", "*"):
            raise TypeError(f"only '+' or '*' can commute, got {_expr_op(e)}")
    if any(not _expr_is_numeric(e) for e in expr_cursors):
        raise TypeError("only numeric (not index or size) expressions can commute by commute_expr()")
    return _result(proc, _exo._sched_commute_expr(proc, [e._impl.path for e in expr_cursors]))


@sched_op([ExprCursorA])
def left_reassociate_expr(proc, expr):
    """Rewrites `a + (b + c)` as `(a + b) + c`, and the same for `*`. The cursor points at the
    outer operation.

    Checks: the expression must be `a op (b op c)` with the same associative operator
    twice (`+` or `*`).

    Reference, with an example: docs/primitives/statements.md#left_reassociate_expr
    """
    op = _expr_op(expr)
    if op not in ("+", "*"):
        raise TypeError(f"Only '+' or '*' can be reassociated, got {op}")
    if _expr_op(expr.rhs()) != op:
        raise TypeError(f"The rhs of the expression must be the same binary operation as the expression ({op})")
    return _result(proc, _exo._sched_left_reassociate_expr(proc, expr._impl.path))


@sched_op([ExprCursorA, NewExprA("expr_cursor")])
def rewrite_expr(proc, expr_cursor, new_expr):
    """Replaces an expression by `new_expr` (a string parsed in the scope of the statement,
    or an int), which must be equal to it wherever the statement runs.

    Checks: the solver must prove `expr == new_expr` from the proc's asserts and the
    enclosing loops and ifs; otherwise "Expressions are not equivalent".

    Reference, with an example: docs/primitives/statements.md#rewrite_expr
    """
    return _result(proc, _exo._sched_rewrite_expr(proc, expr_cursor._impl.path, new_expr))


@sched_op([ListOrElemA(ExprCursorA), NameA])
def bind_expr(proc, expr_cursors, new_name):
    """Binds an expression (or several occurrences of the same expression, e.g.
    `foo.find("x[_] + y[_]", many=True)`) to a new scalar `new_name`, of the expression's
    precision, computed just before the first statement using it; the occurrences read the scalar instead.

    Checks: the expression must be numeric (not an index or a boolean), the cursors
    must point at equal expressions, and nothing it reads may be written between the new
    assignment and the occurrences it replaces.

    Reference, with an example: docs/primitives/statements.md#bind_expr
    """
    if any(not _expr_is_numeric(e) for e in expr_cursors):
        raise TypeError("only numeric (not index or size) expressions can be bound by bind_expr()")
    from .core.memory import DRAM
    return _result(proc, _exo._sched_bind_expr(proc, [e._impl.path for e in expr_cursors], new_name, DRAM))


@sched_op([BlockCursorA, ListOrElemA(NewExprA("block"))])
def specialize(proc, block, conds):
    """Duplicates a block under a chain of conditions: with `conds = [c0, c1]` the block `B`
    becomes `if c0: B elif c1: B else: B` (printed as nested `else:` / `if`), so that each
    copy can be scheduled for the case it runs in (later primitives see the condition).

    Checks: each condition is a boolean expression of the variables in scope at the
    block (strings are parsed there).

    Reference, with an example: docs/primitives/guards.md#specialize
    """
    b = block._impl
    return _result(proc, _exo._sched_specialize(proc, (b.parent, b.field, b.lo, b.hi), conds))


def _stmt_kind(c):
    return type(c).__name__


@sched_op([BlockCursorA(block_size=2)])
def merge_writes(proc, block_cursor):
    """Merges two consecutive writes of the same location into one: `x = a; x = b` becomes
    `x = b`, `x = a; x += b` becomes `x = a + b`, `x += a; x += b` becomes `x += a + b`,
    and `x += a; x = b` becomes `x = b`. The argument is the block of the two statements.

    Checks: both statements write the same buffer at the same (provably equal)
    indices, and the second's right-hand side does not read the location it overwrites
    when that would change its value.

    Reference, with an example: docs/primitives/writes.md#merge_writes
    """
    s1, s2 = block_cursor[0], block_cursor[1]
    if not isinstance(s1, (PC.AssignCursor, PC.ReduceCursor)) or not isinstance(s2, (PC.AssignCursor, PC.ReduceCursor)):
        raise ValueError(f"expected two consecutive assign/reduce statements, got {type(s1)} and {type(s2)} instead.")
    b = block_cursor._impl
    return _result(proc, _exo._sched_merge_writes(proc, (b.parent, b.field, b.lo, b.hi)))


@sched_op([AssignOrReduceCursorA])
def split_write(proc, stmt):
    """The inverse of merging: `x = a + b` becomes `x = a; x += b`, and `x += a + b` becomes
    `x += a; x += b`.

    Checks: the right-hand side is an addition, and `b` does not read `x` (it would see
    the partial value).

    Reference, with an example: docs/primitives/writes.md#split_write
    """
    return _result(proc, _exo._sched_split_write(proc, stmt._impl.path))


@sched_op([AssignCursorA])
def fold_into_reduce(proc, assign):
    """Rewrites `x = x + e` as the reduction `x += e`.

    Checks: the statement is an assignment whose right-hand side is an addition with
    the assigned location itself (same indices) on the left.

    Reference, with an example: docs/primitives/writes.md#fold_into_reduce
    """
    return _result(proc, _exo._sched_fold_into_reduce(proc, assign._impl.path))


@sched_op([AssignCursorA])
def inline_assign(proc, alloc_cursor):
    """Substitutes an assignment `t = e` into the statements after it (in the same block) that
    read `t`, and deletes the assignment. The cursor is the assignment statement.

    Checks: the assigned buffer is a local scalar or an element that nothing after the
    block reads, and nothing `e` reads is written between the assignment and the reads it
    replaces (exocc refuses more cases than upstream; see
    [where exocc differs](../differences.md)).

    Reference, with an example: docs/primitives/writes.md#inline_assign
    """
    return _result(proc, _exo._sched_inline_assign(proc, alloc_cursor._impl.path))


@sched_op([WindowStmtCursorA])
def inline_window(proc, winstmt_cursor):
    """Substitutes a window statement `w = x[lo:hi, j]` into every use of `w` (so that
    `w[k]` becomes `x[lo + k, j]`), and deletes it.

    Checks: the cursor is a window statement.

    Reference, with an example: docs/primitives/buffers.md#inline_window
    """
    return _result(proc, _exo._sched_inline_window(proc, winstmt_cursor._impl.path))


@sched_op([BlockCursorA(block_size=2)])
def lift_reduce_constant(proc, block_cursor):
    """Takes a constant factor out of a reduction loop: the block `x = 0.0; for ...: x += c * e`
    (where `c` does not depend on the loop) becomes
    `x = 0.0; for ...: x += e; x = c * x`.

    Checks: the first statement assigns 0 to the accumulated location (exocc refuses a
    non-zero start, which upstream accepts and miscompiles), `c` is the same in every
    iteration, and the loop only reduces into it.

    Reference, with an example: docs/primitives/writes.md#lift_reduce_constant
    """
    b = block_cursor._impl
    return _result(proc, _exo._sched_lift_reduce_constant(proc, (b.parent, b.field, b.lo, b.hi)))


# --------------------------------------------------------------------------- buffers

_ALLOC_NAME_COUNT = re.compile(r"^([a-zA-Z_]\w*)\s*(\#\s*([0-9]+))?$")


class AllocCursorA(StmtCursorA):
    def _cursor_call(self, alloc_pattern, all_args):
        if isinstance(alloc_pattern, str) and (m := _ALLOC_NAME_COUNT.search(alloc_pattern)):
            count = f" #{m[3]}" if m[3] is not None else ""
            alloc_pattern = f"{m[1]} : _{count}"
        cursor = super()._cursor_call(alloc_pattern, all_args)
        if not isinstance(cursor, PC.AllocCursor):
            self.err(f"expected an AllocCursor, not {type(cursor)}")
        return cursor


def _alloc_rank(alloc_cursor):
    return len(alloc_cursor.shape()) if alloc_cursor.is_tensor() else 0


@sched_op([AllocCursorA, IntA, NewExprA("buf_cursor"), NewExprA("buf_cursor"), BoolA])
def resize_dim(proc, buf_cursor, dim_idx, size, offset, fold: bool = False):
    """Changes dimension `dim_idx` of a buffer to `size` and subtracts `offset` from its index
    at every access. With `fold=True` the dimension becomes a circular buffer of (literal)
    size `size`: indices are taken modulo `size`.

    Checks: `size` is positive and every access stays within the new extent
    (`offset <= index < offset + size`). With `fold`, upstream's window check: no access
    may reach `size` or more below the largest access of the statements (or the loop
    iteration) before it. Upstream's check does not see a right-hand side that is nothing
    but a read of the buffer (`y[i] = t[7 - i]`) and accepts folds such a read
    contradicts; exocc's does.

    Reference, with an example: docs/primitives/buffers.md#resize_dim
    """
    assert dim_idx >= 0, "Dimension index must be non-negative"
    path = buf_cursor._impl.path
    if fold:
        assert isinstance(size, int) and not isinstance(size, bool) and size > 0
        return _result(proc, _exo._sched_fold_buffer(proc, path, dim_idx, size))
    return _result(proc, _exo._sched_resize_dim(proc, path, dim_idx, size, offset))


@sched_op([AllocCursorA, NewExprA("buf_cursor"), NewExprA("buf_cursor")])
def expand_dim(proc, buf_cursor, alloc_dim, indexing_expr):
    """Adds a new leading dimension of size `alloc_dim` to a buffer, and indexes it with
    `indexing_expr` at every access. Typically the first step of lifting a temporary out of
    a loop: give each iteration its own element, then `lift_alloc`.

    Checks: `indexing_expr` must provably lie in `[0, alloc_dim)` at every access of the
    buffer.

    Reference, with an example: docs/primitives/buffers.md#expand_dim
    """
    return _result(proc, _exo._sched_expand_dim(proc, buf_cursor._impl.path, alloc_dim, indexing_expr))


@sched_op([AllocCursorA, ListA(IntA)])
def rearrange_dim(proc, buf_cursor, permute_vector):
    """Permutes the dimensions of a buffer: dimension `k` of the result is dimension
    `permute_vector[k]` of the original, in the allocation and at every access.

    Checks: `permute_vector` is a permutation of `0 .. rank-1`; a buffer passed whole to
    a call (whose callee expects the old layout) is refused.

    Reference, with an example: docs/primitives/buffers.md#rearrange_dim
    """
    n = _alloc_rank(buf_cursor)
    if list(range(0, n)) != sorted(permute_vector):
        raise ValueError(f"permute_vector argument ({permute_vector}) was not a permutation of {set(range(0, n))}")
    return _result(proc, _exo._sched_rearrange_dim(proc, buf_cursor._impl.path, permute_vector))


@sched_op([AllocCursorA, IntA, PosIntA])
def divide_dim(proc, alloc_cursor, dim_idx, quotient):
    """Splits dimension `dim_idx` of extent `d` into two, `[d / quotient, quotient]`; an
    index `e` becomes `e / quotient, e % quotient`.

    Checks: the extent must be divisible by `quotient` (a literal, or provably).

    Reference, with an example: docs/primitives/buffers.md#divide_dim
    """
    if not (0 <= dim_idx < _alloc_rank(alloc_cursor)):
        raise ValueError(f"Cannot divide out-of-bounds dimension index {dim_idx}")
    return _result(proc, _exo._sched_divide_dim(proc, alloc_cursor._impl.path, dim_idx, quotient))


@sched_op([AllocCursorA, IntA, IntA])
def mult_dim(proc, alloc_cursor, hi_dim_idx, lo_dim_idx):
    """The inverse of `divide_dim`: merges dimensions `hi_dim_idx` and `lo_dim_idx` into one
    (placed where `hi_dim_idx` was) of extent `hi * lo`; indices `a, b` become
    `lo * a + b`.

    Checks: the two dimensions differ, and the `lo` dimension's extent is a literal.

    Reference, with an example: docs/primitives/buffers.md#mult_dim
    """
    for dim_idx in [hi_dim_idx, lo_dim_idx]:
        if not (0 <= dim_idx < _alloc_rank(alloc_cursor)):
            raise ValueError(f"Cannot multiply out-of-bounds dimension index {dim_idx}")
    if hi_dim_idx == lo_dim_idx:
        raise ValueError(f"Cannot multiply dimension {hi_dim_idx} by itself")
    return _result(proc, _exo._sched_mult_dim(proc, alloc_cursor._impl.path, hi_dim_idx, lo_dim_idx))


@sched_op([AllocCursorA, IntA])
def unroll_buffer(proc, alloc_cursor, dimension):
    """Replaces a buffer's constant-size dimension by separate buffers `t_0`, `t_1`, ...
    (one per index), e.g. to keep each in its own register.

    Checks: the dimension's extent is a literal, and every access indexes it with a
    constant.

    Reference, with an example: docs/primitives/buffers.md#unroll_buffer
    """
    return _result(proc, _exo._sched_unroll_buffer(proc, alloc_cursor._impl.path, dimension))


@sched_op([AllocCursorA, PosIntA])
def lift_alloc(proc, alloc_cursor, n_lifts=1):
    """Moves an allocation out of `n_lifts` enclosing loops or ifs, to just before the
    outermost of them. All iterations then share one buffer.

    Checks: the allocation's size does not depend on what it leaves, and sharing is
    safe: every element an iteration reads is written earlier in the same iteration, or by
    no earlier iteration (upstream does not check this).

    Reference, with an example: docs/primitives/buffers.md#lift_alloc
    """
    return _result(proc, _exo._sched_lift_alloc(proc, alloc_cursor._impl.path, n_lifts))


@sched_op([AllocCursorA])
def sink_alloc(proc, alloc_cursor):
    """The inverse of `lift_alloc`: moves an allocation into the loop or if right after it
    (into both branches of an if with an else).

    Checks: the buffer is used only inside that statement, and (for a loop) no
    iteration reads what an earlier one left in it.

    Reference, with an example: docs/primitives/buffers.md#sink_alloc
    """
    scope_cursor = alloc_cursor.next()
    if not isinstance(scope_cursor, (PC.ForCursor, PC.IfCursor)):
        node = scope_cursor._impl._node if isinstance(scope_cursor, PC.StmtCursor) else None
        raise ValueError(f"Cannot sink alloc because the statement after the allocation is not a loop or if statement, "
                         f"it is {node}")
    return _result(proc, _exo._sched_sink_alloc(proc, alloc_cursor._impl.path))


@sched_op([AllocCursorA])
def delete_buffer(proc, buf_cursor):
    """Deletes the allocation of a buffer that nothing uses.

    Checks: the buffer is not mentioned after its allocation, even in code that never
    runs.

    Reference, with an example: docs/primitives/buffers.md#delete_buffer
    """
    return _result(proc, _exo._sched_delete_buffer(proc, buf_cursor._impl.path))


@sched_op([AllocCursorA, AllocCursorA])
def reuse_buffer(proc, buf_cursor, replace_cursor):
    """Replaces a later allocation (`replace_cursor`) by an earlier buffer of the same shape
    (`buf_cursor`): the later one is deleted and its uses read and write the earlier one.

    Checks: the two have the same type and memory, the earlier buffer is in scope
    there, and it is dead where the later one is first used (nothing reads its old value
    afterwards).

    Reference, with an example: docs/primitives/buffers.md#reuse_buffer
    """
    return _result(proc, _exo._sched_reuse_buffer(proc, buf_cursor._impl.path, replace_cursor._impl.path))


# --------------------------------------------------------------------------- configs

class ConfigA(ArgumentProcessor):
    def __call__(self, config, all_args):
        from exo import Config
        if not isinstance(config, Config):
            self.err("expected a Config object")
        return config


class ConfigFieldA(ArgumentProcessor):
    def __init__(self, config_arg_name="config"):
        self.cfg_arg = config_arg_name

    def __call__(self, field, all_args):
        config = all_args[self.cfg_arg]
        if not (isinstance(field, str) and field != "_" and _VALID_NAME.match(field)):
            self.err("expected a valid name string")
        elif not config.has_field(field):
            self.err(f"expected '{field}' to be a field of config '{config.name()}'", ValueError)
        return field


def _config_field_type(config, field):
    return dict(config.fields()).get(field)


@sched_op([ExprCursorA, ConfigA, ConfigFieldA])
def bind_config(proc, var_cursor, config, field):
    """Writes the value of an expression into a config field just before the statement that
    contains it, and reads the field in its place: `x[i] = a * y[i]` becomes
    `Cfg.scale = a; x[i] = Cfg.scale * y[i]`. Used to move a control value into the
    register an instruction reads.

    Checks: the expression is a read of a variable; no read of the field later in the
    proc may see a changed value (the check of `delete_config`, on the new write), and
    exocc refuses a scalar passed to a call that writes it. The fields whose value at the
    proc's end changes are remembered: `call_eqv` refuses to swap the procs where those
    fields are read afterwards.

    Reference, with an example: docs/primitives/config.md#bind_config
    """
    if not isinstance(var_cursor, PC.ReadCursor):
        raise TypeError("expected a cursor to a single variable Read")
    t = var_cursor.type()
    if not ((t.is_numeric() and len(var_cursor.idx()) == 0) or t.is_bool()):
        raise TypeError(f"cannot bind non-real-scalar non-boolean value {var_cursor._impl._node} to configuration "
                        "states, since index and size expressions may depend on loop iteration")
    return _config_result(proc, _exo._sched_bind_config(proc, var_cursor._impl.path, config, field))


@sched_op([GapCursorA, ConfigA, ConfigFieldA, NewExprA("gap_cursor")])
def write_config(proc, gap_cursor, config, field, rhs):
    """Inserts the statement `config.field = rhs` at a gap (`rhs` is a string parsed at the
    gap, or a number: a variable, a stride or a constant).

    Checks: as `delete_config` for the inserted statement: no later read of the field
    in the proc may see a different value because of it.

    Reference, with an example: docs/primitives/config.md#write_config
    """
    impl = gap_cursor._impl
    return _config_result(proc, _exo._sched_write_config(proc, impl.anchor, impl.type == PC.GapType.After, config, field,
                                                  rhs))


# --------------------------------------------------------------------------- annotations

class TypeAbbrevA(ArgumentProcessor):
    _NAMES = ["R", "f16", "f32", "f64", "i8", "ui8", "ui16", "i32"]

    def __call__(self, typ, all_args):
        from .API_types import ExoType
        if not isinstance(typ, (str, ExoType)):
            self.err(f"expected an instance of {ExoType} or {str} specifying the precision", TypeError)
        if isinstance(typ, ExoType):
            typ = {ExoType.R: "R", ExoType.F16: "f16", ExoType.F32: "f32", ExoType.F64: "f64", ExoType.I8: "i8",
                   ExoType.UI8: "ui8", ExoType.UI16: "ui16", ExoType.I32: "i32"}.get(typ, typ)
        if typ not in self._NAMES:
            self.err(f"expected an instance of {ExoType} or one of the following strings specifying precision: "
                     f"{', '.join(self._NAMES)}", ValueError)
        return typ


class MemoryA(ArgumentProcessor):
    def __call__(self, mem, all_args):
        from exo import Memory
        if not (isinstance(mem, type) and issubclass(mem, Memory)):
            self.err("expected a Memory subclass")
        return mem


class ArgCursorA(CursorArgumentProcessor):
    def _cursor_call(self, arg_pattern, all_args):
        if isinstance(arg_pattern, PC.ArgCursor):
            return arg_pattern
        if isinstance(arg_pattern, str):
            for arg in all_args["proc"].args():
                if arg.name() == arg_pattern:
                    return arg
            self.err(f"no argument {arg_pattern} found")
        self.err("expected an ArgCursor or a string")


class ArgOrAllocCursorA(CursorArgumentProcessor):
    def _cursor_call(self, pattern, all_args):
        if isinstance(pattern, (PC.AllocCursor, PC.ArgCursor)):
            return pattern
        if isinstance(pattern, PC.Cursor):
            self.err(f"expected either an AllocCursor or an ArgCursor, not {type(pattern)}")
        name = None
        if isinstance(pattern, str) and (m := _NAME_COUNT.search(pattern)):
            name = m[1]
            pattern = f"{m[1]} : _" + (f" #{m[3]}" if m[3] is not None else "")
        proc = all_args["proc"]
        try:
            cursor = proc.find(pattern)
        except SchedulingError:
            for arg in proc.args():
                if arg.name() == name:
                    return arg
            self.err(f"could not find a cursor matching {pattern}, nor an arg cursor with name {name}")
        if not isinstance(cursor, (PC.AllocCursor, PC.ArgCursor)):
            self.err(f"expected either an AllocCursor or an ArgCursor, not {type(cursor)}")
        return cursor


def _target(cursor):
    return cursor._impl[1] if isinstance(cursor, PC.ArgCursor) else cursor._impl.path


@sched_op([ArgOrAllocCursorA, TypeAbbrevA])
def set_precision(proc, cursor, typ):
    """Sets the element type of a buffer or argument: `"f16"`, `"f32"`, `"f64"`, `"i8"`,
    `"ui8"`, `"ui16"`, `"i32"`, or an Exo type object. Writes convert as C does; the
    backend checks that instructions get the precisions they declare.

    Checks: the type is a numeric type (not `index`, `size` or `bool`).

    Reference, with an example: docs/primitives/annotations.md#set_precision
    """
    return _result(proc, _exo._sched_set_type_mem(proc, _target(cursor), typ, None, None))


@sched_op([ArgCursorA, BoolA])
def set_window(proc, cursor, is_window=True):
    """Turns a tensor argument `x: f32[n]` into a window argument `x: [f32][n]` (or back):
    callers may then pass any window, and the C function takes a window struct carrying
    strides.

    Checks: the cursor is an argument of tensor type.

    Reference, with an example: docs/primitives/annotations.md#set_window
    """
    return _result(proc, _exo._sched_set_type_mem(proc, _target(cursor), None, is_window, None))


@sched_op([ArgOrAllocCursorA, MemoryA])
def set_memory(proc, cursor, memory_type):
    """Places a buffer in a memory: a `Memory` subclass such as `DRAM`, `DRAM_STACK`,
    `DRAM_STATIC` (from `exo.libs.memories`), `AVX2` (from `exo.platforms.x86`) or one of
    your own ([writing a Memory class](../hardware.md#memories)). The memory decides the C
    declaration of the buffer and which accesses the backend accepts (e.g. an `AVX2`
    buffer may only be touched by AVX2 instructions).

    Checks: the argument is a `Memory` subclass; whether the buffer's uses suit it is
    checked when C is generated.

    Reference, with an example: docs/primitives/annotations.md#set_memory
    """
    return _result(proc, _exo._sched_set_type_mem(proc, _target(cursor), None, None, memory_type))


@sched_op([ForCursorA])
def parallelize_loop(proc, loop_cursor):
    """Marks a loop parallel: `for i in par(0, n)`. The C backend emits an OpenMP
    `#pragma omp parallel for`.

    Checks: at code generation, not here (as upstream): the iterations of a parallel loop
    must not conflict (one writes what another reads or writes), except through a
    reduction.

    Reference, with an example: docs/primitives/loops.md#parallelize_loop
    """
    return _result(proc, _exo._sched_parallelize_loop(proc, loop_cursor._impl.path))


# --------------------------------------------------------------------------- legacy / undocumented

if "OptionalA" not in globals():
    class OptionalA(ArgumentProcessor):
        def __init__(self, arg_proc):
            self.arg_proc = arg_proc() if isinstance(arg_proc, type) else arg_proc

        def setdata(self, index, arg_name, f_name):
            super().setdata(index, arg_name, f_name)
            self.arg_proc.setdata(index, arg_name, f_name)

        def __call__(self, opt_arg, all_args):
            return None if opt_arg is None else self.arg_proc(opt_arg, all_args)


def _unforwardable(proc, native):
    """A result that cursors cannot be forwarded to (upstream builds these procs without
    a forwarding function)."""
    new_proc, _ = native
    _exo._set_provenance(new_proc, proc, [("unimplemented",)])
    return new_proc


@sched_op([ForCursorA, NewExprA("loop_cursor"), PosIntA, ListA(NameA, length=2)])
def divide_with_recompute(proc, loop_cursor, outer_hi, outer_stride, new_iters):
    """Splits `for i in seq(0, hi)` into `outer_hi` blocks of `outer_stride` iterations whose
    inner loops are long enough to reach `hi` from their start: each inner loop runs
    `outer_stride + (hi - outer_hi * outer_stride)` iterations, so neighbouring blocks
    overlap and recompute some iterations (useful for stencils, where each block computes
    its own halo).

    Checks: the loop starts at 0, `outer_hi * outer_stride <= hi`, and the body is
    idempotent (running an iteration twice gives the same result), since overlapping
    iterations run twice.

    Reference, with an example: docs/primitives/loops.md#divide_with_recompute
    """
    return _result(proc, _exo._sched_divide_with_recompute(proc, loop_cursor._impl.path, outer_hi, outer_stride,
                                                           new_iters[0], new_iters[1]))


@sched_op([GapCursorA, PosIntA])
def autofission(proc, gap_cursor, n_lifts=1):
    """Upstream's legacy fission: as `fission` through `n_lifts` scopes, and a loop whose
    half does not use its iteration variable is dropped around that half. Like upstream,
    it runs no safety check; prefer `fission`.

    Checks: none (upstream's behaviour).

    Reference, with an example: docs/primitives/loops.md#autofission
    """
    stmt = gap_cursor.anchor().prev() if gap_cursor.type() == PC.GapType.Before else gap_cursor.anchor()
    if not stmt or not stmt.next():
        raise ValueError("expected cursor to point to a gap between statements, not at an edge")
    return _unforwardable(proc, _exo._sched_autofission(proc, stmt._impl.path, n_lifts))


@sched_op([AllocCursorA, PosIntA, EnumA(["row", "col"]), OptionalA(PosIntA), BoolA])
def autolift_alloc(proc, alloc_cursor, n_lifts=1, mode="row", size=None, keep_dims=False):
    """Upstream's legacy lift: moves an allocation `n_lifts` scopes up and, with
    `keep_dims=True`, adds a dimension for each lifted loop whose variable the buffer's
    accesses use, so that iterations keep separate elements (`mode` says whether the new
    dimensions go first, `"row"`, or last, `"col"`; `size` fixes their extent when a loop
    bound is not a constant).

    Checks: as upstream, few; exocc refuses a buffer passed whole to a call that could
    not take the lifted buffer.

    Reference, with an example: docs/primitives/buffers.md#autolift_alloc
    """
    return _unforwardable(proc, _exo._sched_autolift_alloc(proc, alloc_cursor._impl.path, n_lifts, mode, size,
                                                           keep_dims))


@sched_op([BlockCursorA, NewExprA("block_cursor")])
def add_unsafe_guard(proc, block_cursor, var_expr):
    """Deprecated upstream, kept for compatibility: wraps the block's first statement in
    `if var_expr:`. As its name says, nothing checks that the guard is always true, so the
    result may compute less than the original; prefer `specialize`.

    Checks: `var_expr` must be a boolean expression of the variables in scope.

    Reference, with an example: docs/primitives/guards.md#add_unsafe_guard
    """
    return _unforwardable(proc, _exo._sched_add_unsafe_guard(proc, block_cursor[0]._impl.path, var_expr))


_WINDOW_ARG = re.compile(r"(\w+)\[([^\]]+)\]")


class _NoopCallArgA(NewExprA):
    """An expression, or a window `name[lo:hi, pt, ...]` (upstream's
    NewExprOrCustomWindowExprA)."""

    def __call__(self, expr, all_args):
        if isinstance(expr, str) and ":" in expr:
            m = _WINDOW_ARG.match(expr)
            if not m:
                raise ValueError(f"expected windowing string of the form 'name[args]', but got '{expr}'")
            if not _VALID_NAME.match(m[1]):
                raise ValueError(f"'{m[1]}' is not a valid name")
            dims = []
            for a in m[2].split(","):
                r = re.match(r"\s*([^:]+)\s*:\s*([^:]+)\s*", a)
                dims.append((r[1].strip(), r[2].strip()) if r else a.strip())
            return ("window", m[1], dims)
        return super().__call__(expr, all_args)


@sched_op([GapCursorA, ProcA, ListA(_NoopCallArgA("gap_cursor"))])
def insert_noop_call(proc, gap_cursor, instr, args):
    """Inserts a call to `instr`, whose body must be `pass` (a prefetch, a fence, a trace
    point), at a gap; `args` lists the call's arguments as strings or cursors.

    Checks: the callee's body is `pass`, the arguments match its parameters, and the
    call satisfies its asserts and access bounds where it goes.

    Reference, with an example: docs/primitives/subprocedures.md#insert_noop_call
    """
    if len(args) != len(instr.args()):
        raise TypeError("Function argument count mismatch")
    impl = gap_cursor._impl
    return _result(proc, _exo._sched_insert_noop_call(proc, impl.anchor, impl.type == PC.GapType.After, instr, args))


# --------------------------------------------------------------------------- #
# Sub-procedure operations (replace, inline, call_eqv, extract_subproc)

from .rewrite.LoopIR_unification import UnificationError  # noqa: E402

_NAME_COUNT_CALL = re.compile(r"^([a-zA-Z_]\w*)\s*(\#\s*([0-9]+))?$")


class CallCursorA(StmtCursorA):
    def _cursor_call(self, call_pattern, all_args):
        if isinstance(call_pattern, Procedure):
            call_pattern = f"{call_pattern.name()}(_)"
        elif isinstance(call_pattern, str) and (m := _NAME_COUNT_CALL.search(call_pattern)):
            count = f" #{m[3]}" if m[3] is not None else ""
            call_pattern = f"{m[1]}(_){count}"
        cursor = super()._cursor_call(call_pattern, all_args)
        if not isinstance(cursor, PC.CallCursor):
            self.err(f"expected a CallCursor, not {type(cursor)}")
        return cursor


# Procedure objects given as callees, so that a call's callee (a fresh object when read
# back from the IR) can be traced to its scheduling history for call_eqv.
_callee_objects = []
_callee_ids = set()  # their ids (the list keeps them alive, so an id stays its object's)


def _remember_callee(p):
    if id(p) not in _callee_ids:
        _callee_ids.add(id(p))
        _callee_objects.append(p)


def _lineage(p):
    chain = [p]
    while (prov := _exo._provenance(p)) is not None:
        p = prov[0]
        chain.append(p)
    return chain


def _changes_along(chain, upto):
    # the config changes of the steps that made chain[0 .. upto-1] from chain[upto]
    out = []
    for q in chain[:upto]:
        for change in _changed_configs(q):
            if not any(change[0] is c[0] and change[1] == c[1] for c in out):
                out.append(change)
    return out


def _procs_equivalent(callee, eqv):
    """None if the two are not known to be equivalent; else the (config, field) pairs
    whose final values may differ between them (upstream's get_strictest_eqv_proc)."""
    eqv_chain = _lineage(eqv)
    for j, q in enumerate(eqv_chain):
        if callee == q:
            return _changes_along(eqv_chain, j)
    for known in _callee_objects:
        if known == callee:
            known_chain = _lineage(known)
            for i, a in enumerate(known_chain):
                for j, b in enumerate(eqv_chain):
                    if a is b or a == b:
                        return _changes_along(known_chain, i) + _changes_along(eqv_chain, j)
    return None


@sched_op([BlockCursorA, ProcA, BoolA])
def replace(proc, block_cursor, subproc, quiet=False):
    """Replaces statements by a call to `subproc` (usually an instruction): the first
    `len(subproc.body())` statements of the block are unified with `subproc`'s body, which
    finds the call's arguments (sizes, scalars and windows). This is how a loop becomes a
    SIMD instruction. When unification fails, `replace` prints the subproc and the
    statements it tried before raising, as upstream does; `quiet=True` raises without
    printing.

    Checks: the statements must match the body up to the arguments
    (`UnificationError` otherwise), and the call must satisfy `subproc`'s preconditions at
    that place: its asserts (sizes, unit strides) and the bounds of its accesses. Upstream
    checks neither; see [check levels](../scheduling.md#check-levels) for the compatible
    mode that only warns.

    Reference, with an example: docs/primitives/subprocedures.md#replace
    """
    b = block_cursor._impl
    _remember_callee(subproc)
    r = _exo._sched_replace(proc, (b.parent, b.field, b.lo, b.hi), subproc)
    if not isinstance(r, str):
        return _result(proc, r)
    if not quiet:
        print(f"Failed to unify the following:\nSubproc:\n{subproc}\nStatements:")
        for sc in block_cursor:
            print(sc)
    raise UnificationError(r)


@sched_op([CallCursorA])
def inline(proc, call_cursor):
    """Replaces a call by the callee's body, with the arguments substituted (window arguments
    become window statements, which `inline_window` removes) and the callee's local names
    renamed apart from the caller's.

    Checks: the cursor is a call. Inlining changes nothing the proc computes, so
    nothing else is checked (an instruction's call can be inlined too: its body is what it
    computes).

    Reference, with an example: docs/primitives/subprocedures.md#inline
    """
    return _result(proc, _exo._sched_inline(proc, call_cursor._impl.path))


@sched_op([CallCursorA, ProcA])
def call_eqv(proc, call_cursor, eqv_proc):
    """Swaps the callee of a call for an equivalent proc: one scheduled from the callee (or
    both scheduled from a common original). The usual way to use a scheduled version of a
    sub-kernel in a caller.

    Checks: the two procs are equivalent (one derives from the other by primitives),
    and the config fields whose final value differs between them (changed by
    `bind_config`, `write_config` or `delete_config` along the way) are not read after the
    call.

    Reference, with an example: docs/primitives/subprocedures.md#call_eqv
    """
    callee = call_cursor.subproc()
    differing = _procs_equivalent(callee, eqv_proc)
    if differing is None:
        raise SchedulingError("Cannot swap call because the two procedures are not equivalent")
    _remember_callee(eqv_proc)
    return _config_result(proc, _exo._sched_call_eqv(proc, call_cursor._impl.path, eqv_proc, differing))


@sched_op([BlockCursorA, NameA, BoolA])
def extract_subproc(proc, block, subproc_name, include_asserts=True):
    """Moves a block into a new proc `subproc_name` and replaces it by a call; returns the
    pair `(proc, subproc)`. The new proc takes the variables in scope that the block uses
    (and the sizes of the buffers among them); with `include_asserts`, it asserts the facts
    known at the block (the proc's asserts, the enclosing loop bounds and if conditions)
    that mention only its parameters.

    Checks: the name is an identifier; a window named before the block is passed as a
    window argument, and a call that would then alias it with its buffer is refused; a
    block that never runs is refused (its asserts would contradict each other).

    Reference, with an example: docs/primitives/subprocedures.md#extract_subproc
    """
    b = block._impl
    new_proc, edits, subproc = _exo._sched_extract_subproc(
        proc, (b.parent, b.field, b.lo, b.hi), subproc_name, include_asserts
    )
    _remember_callee(subproc)
    return _result(proc, (new_proc, edits)), subproc


class InstrStrA(ArgumentProcessor):
    def __call__(self, instr, all_args):
        if not isinstance(instr, str):
            self.err("expected an instruction macro (i.e. a string with {} escapes)")
        return instr


@sched_op([InstrStrA, InstrStrA])
def make_instr(proc, c_instr, c_global=""):
    """Turns a proc into an instruction, exactly as if it had been declared with
    `@instr(c_instr)` (see [the object language](../language.md#instructions)): calls to
    it are emitted as the C text `c_instr` with `{arg}` holes filled, and `c_global` is
    emitted once at the top of the C file (typically an `#include`).

    Checks: both arguments must be strings.

    Reference, with an example: docs/primitives/basic.md#make_instr
    """
    instr = _exo._proc_make_instr(proc, c_instr, c_global)
    _exo._set_provenance(instr, proc, [("identity",)])
    return instr
