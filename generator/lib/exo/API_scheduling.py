"""The scheduling API: argument processing shared by every primitive, and the
primitives themselves (implemented natively; this module grows with them).

Each primitive checks its arguments with upstream's wording,
"argument <i>, '<name>' to <primitive>: <problem>", before touching the proc.
"""
import functools
import inspect
import re

import _exo
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
        if isinstance(cur, PC.Cursor):
            cur = p.forward(cur)
        elif isinstance(cur, list):
            cur = [p.forward(c) for c in cur]
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


def sched_op(processors):
    """Makes a scheduling primitive: the proc comes first, then one processor per
    remaining parameter, applied in order after binding (defaults included)."""

    processors = [ProcA] + list(processors)

    def build(func):
        sig = inspect.signature(func)
        procs = [p() if isinstance(p, type) else p for p in processors]
        for i, (param, p) in enumerate(zip(sig.parameters, procs)):
            p.setdata(i, param, func.__name__)

        @functools.wraps(func)
        def primitive(*args, **kwargs):
            outer = _exo._enter_schedule_phase()  # timing for `exocc build -v`
            try:
                bound = sig.bind(*args, **kwargs)
                bound.apply_defaults()
                values = bound.arguments
                for name, p in zip(list(values), procs):
                    values[name] = p(values[name], values)
                return func(*bound.args, **bound.kwargs)
            finally:
                _exo._leave_phase(outer)

        primitive.is_atomic_scheduling_op = True
        return primitive

    return build


@sched_op([NameA])
def rename(proc, name):
    """Rename the procedure. Affects generated symbol names."""
    renamed = _exo.rename_proc(proc, name)
    _exo._set_provenance(renamed, proc, [("identity",)])
    return renamed


@sched_op([ForCursorA, PosIntA, ListA(NameA, length=2), EnumA(["cut", "guard", "cut_and_guard"]), BoolA])
def divide_loop(proc, loop_cursor, div_const, new_iters, tail="guard", perfect=False):
    """Divide a loop into an outer loop and an inner loop of `div_const` iterations
    (Halide's and TVM's "split").

    Args:
        loop_cursor: the loop; a cursor, or a pattern such as "i" or "i #1".
        div_const: the inner loop's trip count, an int >= 1.
        new_iters: the names of the outer and the inner iteration variables.
        tail: what happens to the iterations past the last full inner loop when the
            trip count is not a multiple of `div_const`:
              "guard" (default): the outer loop rounds up and the body runs under
                  `if q * outer + inner < hi:`;
              "cut": a second loop after the nest runs the remaining iterations;
              "cut_and_guard": as "cut", with that loop inside `if hi % q > 0:`.
        perfect: True asserts that the trip count is a multiple of `div_const`, so
            there is no tail; exocc proves it (from the proc's asserts) or refuses.

    The body's uses of the old variable become `q * outer + inner`. Refused when
    `perfect` cannot be proved, or when a name is not a valid identifier.

    Example, with div_const=4, new_iters=["io", "ii"], tail="cut":
        for i in seq(0, n):                 for io in seq(0, n / 4):
            x[i] = x[i] * 2.0       ->          for ii in seq(0, 4):
                                                    x[4 * io + ii] = x[4 * io + ii] * 2.0
                                            for ii in seq(0, n % 4):
                                                x[ii + n / 4 * 4] = x[ii + n / 4 * 4] * 2.0
    """
    return _result(proc, _exo._sched_divide_loop(proc, loop_cursor._impl.path, div_const, new_iters[0],
                                                 new_iters[1], tail, perfect))


@sched_op([NestedForCursorA])
def reorder_loops(proc, nested_loops):
    """Interchange two directly nested loops: the inner loop becomes the outer one.

    Args:
        nested_loops: the outer loop, whose body must be exactly the inner loop; a
            cursor, or a pattern "i j" naming both iteration variables.

    Refused when the inner loop's bounds depend on the outer variable, or when the
    interchange could change the result: the iterations must commute (no
    iteration reads what another writes, except through reductions that commute).

    Example ("i j"):
        for i in seq(0, n):                 for j in seq(0, m):
            for j in seq(0, m):     ->          for i in seq(0, n):
                x[i, j] = 0.0                       x[i, j] = 0.0
    """
    return _result(proc, _exo._sched_reorder_loops(proc, nested_loops._impl.path))


@sched_op([ForCursorA])
def unroll_loop(proc, loop_cursor):
    """Replace a loop with constant bounds by copies of its body, one per iteration,
    with the iteration variable replaced by its value.

    Args:
        loop_cursor: the loop; a cursor or a pattern such as "i".

    Refused when a bound is not a constant.

    Example:
        for i in seq(0, 3):         ->      x[0] = 1.0
            x[i] = 1.0                      x[1] = 1.0
                                            x[2] = 1.0
    """
    return _result(proc, _exo._sched_unroll_loop(proc, loop_cursor._impl.path))


@sched_op([ForCursorA, NewExprA("loop_cursor")])
def cut_loop(proc, loop_cursor, cut_point):
    """Split a loop's iteration range at `cut_point` into two consecutive loops,
    `seq(lo, cut_point)` then `seq(cut_point, hi)`, each with the whole body.

    Args:
        loop_cursor: the loop; a cursor or a pattern such as "i".
        cut_point: an expression (a string such as "n - 4", or an int) of the
            variables in scope at the loop.

    Refused unless lo <= cut_point <= hi is proved ("Expected `cut_point` <= `hi`").

    Example (cut_point=2, with n >= 2 known from an assert):
        for i in seq(0, n):         ->      for i in seq(0, 2):
            x[i] = 0.0                          x[i] = 0.0
                                            for i in seq(2, n):
                                                x[i] = 0.0
    """
    return _result(proc, _exo._sched_cut_loop(proc, loop_cursor._impl.path, cut_point))


@sched_op([ForCursorA, NewExprA("loop_cursor")])
def shift_loop(proc, loop_cursor, new_lo):
    """Make a loop run from `new_lo` with the same trip count; the body's uses of the
    iteration variable are adjusted (i becomes i + (lo - new_lo)).

    Args:
        loop_cursor: the loop; a cursor or a pattern such as "i".
        new_lo: the new lower bound, an expression that must be proved >= 0.

    Example (new_lo=2; the result as simplify() leaves it):
        for i in seq(0, n):         ->      for i in seq(2, 2 + n):
            x[i] = 0.0                          x[-2 + i] = 0.0
    """
    return _result(proc, _exo._sched_shift_loop(proc, loop_cursor._impl.path, new_lo))


@sched_op([ForCursorA, BoolA])
def remove_loop(proc, loop_cursor, unsafe_disable_check=False):
    """Remove a loop whose body does not depend on its iterator."""
    return _result(proc, _exo._sched_remove_loop(proc, loop_cursor._impl.path, unsafe_disable_check))


@sched_op([NestedForCursorA, NameA])
def mult_loops(proc, nested_loops, new_iter_name):
    """Merge two nested loops (the inner with a constant bound) into one."""
    return _result(proc, _exo._sched_mult_loops(proc, nested_loops._impl.path, new_iter_name))


@sched_op([GapCursorA, PosIntA, BoolA])
def fission(proc, gap_cursor, n_lifts=1, unsafe_disable_checks=False):
    """Split the loops (and ifs) around a gap between two statements into two copies,
    one holding the statements before the gap and one those after it, `n_lifts`
    levels up.

    Args:
        gap_cursor: a gap between two statements, e.g. `p.find("x[_] = _").after()`.
        n_lifts: how many enclosing loops / ifs to split (default 1).
        unsafe_disable_checks: skip the safety check (upstream's escape hatch).

    Refused when the second half could read what a later iteration of the first half
    writes (or the reverse): running all of the first half first must not change the
    result. A gap at the start or end of a block is refused.

    Example (the gap after `x[i] = 1.0`):
        for i in seq(0, n):         ->      for i in seq(0, n):
            x[i] = 1.0                          x[i] = 1.0
            y[i] = 2.0                      for i in seq(0, n):
                                                y[i] = 2.0
    """
    stmt = gap_cursor.anchor().prev() if gap_cursor.type() == PC.GapType.Before else gap_cursor.anchor()
    if not stmt or not stmt.next():
        raise ValueError("expected cursor to point to a gap between statements, not at an edge")
    return _result(proc, _exo._sched_fission(proc, stmt._impl.path, True, n_lifts, unsafe_disable_checks))


@sched_op([GapCursorA])
def insert_pass(proc, gap_cursor):
    """Insert a `pass` statement at the gap."""
    impl = gap_cursor._impl
    return _result(proc, _exo._sched_insert_pass(proc, impl.anchor, impl.type == PC.GapType.After))


@sched_op([])
def delete_pass(proc):
    """Delete every `pass` statement (and loops / ifs left holding only `pass`)."""
    return _result(proc, _exo._sched_delete_pass(proc))


@sched_op([])
def simplify(proc):
    """Simplify index expressions, fold constants, drop dead branches."""
    return _result(proc, _exo._sched_simplify(proc))


@sched_op([BlockCursorA(block_size=2)])
def reorder_stmts(proc, block_cursor):
    """Swap two adjacent statements."""
    b = block_cursor._impl
    return _result(proc, _exo._sched_reorder_stmts(proc, (b.parent, b.field, b.lo, b.hi)))


@sched_op([ForOrIfCursorA])
def lift_scope(proc, scope_cursor):
    """Move a for loop or if statement one scope up (swapping it with its parent)."""
    return _result(proc, _exo._sched_lift_scope(proc, scope_cursor._impl.path))


@sched_op([StmtCursorA, StmtCursorA, BoolA])
def fuse(proc, stmt1, stmt2, unsafe_disable_check=False):
    """Fuse two adjacent loops with equal bounds, or two adjacent ifs with equal conditions."""
    if isinstance(stmt1, PC.IfCursor) != isinstance(stmt2, PC.IfCursor) or not isinstance(
            stmt1, (PC.IfCursor, PC.ForCursor)) or not isinstance(stmt2, (PC.IfCursor, PC.ForCursor)):
        raise ValueError("expected the two argument cursors to either both point to loops or both point to if's")
    return _result(proc, _exo._sched_fuse(proc, stmt1._impl.path, stmt2._impl.path, unsafe_disable_check))


@sched_op([ForCursorA, ForCursorA])
def join_loops(proc, loop1_cursor, loop2_cursor):
    """Join two adjacent loops over consecutive ranges with identical bodies."""
    return _result(proc, _exo._sched_join_loops(proc, loop1_cursor._impl.path, loop2_cursor._impl.path))


@sched_op([BlockCursorA, NameA, NewExprA("block_cursor"), BoolA, BoolA])
def add_loop(proc, block_cursor, iter_name, hi_expr, guard=False, unsafe_disable_check=False):
    """Wrap a statement in a loop `for iter_name in seq(0, hi_expr)` (optionally guarded
    by `if iter_name == 0`)."""
    if len(block_cursor) != 1:
        raise NotImplementedError("TODO: support blocks of size > 1")
    stmt = block_cursor[0]
    return _result(proc, _exo._sched_add_loop(proc, stmt._impl.path, iter_name, hi_expr, guard, unsafe_disable_check))


@sched_op([ForOrIfCursorA])
def eliminate_dead_code(proc, stmt_cursor):
    """Remove an if whose condition is always true or false (keeping the live branch), or a
    loop that never runs."""
    return _result(proc, _exo._sched_eliminate_dead_code(proc, stmt_cursor._impl.path))


@sched_op([StmtCursorA])
def delete_config(proc, stmt_cursor):
    """Delete a config write whose new value is never read."""
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
    """Stage a window of a buffer in a new buffer around a block: the block uses the
    new buffer instead, which is loaded before the block and stored back after it.

    Args:
        block_cursor: the statements to stage around (a cursor or a pattern).
        win_expr: the window, "x[32, i:i+4]": per dimension a point or a lo:hi range,
            over variables in scope at the block.
        new_buf_name: the new buffer's name (an allocation placed before the block,
            shaped like the window's ranges, in the original buffer's memory).
        accum: the block only reduces (`+=`) into the window: zero the new buffer
            before and add it into the original after, instead of load and store.

    Loads are emitted only if the block may read the window, stores only if it may
    write it. Refused when the block reaches the buffer outside the window (an access
    neither fully inside nor disjoint from it), or when the buffer is not visible at
    the block ("Must find the symbol in env: ...", naming it and what is visible).

    Example, staging "x[4*io:4*io+4]" as "xr" around the loop over ii (the result as
    simplify() leaves it):
        for io in seq(0, n / 4):                    for io in seq(0, n / 4):
            for ii in seq(0, 4):            ->          xr: f32[4] @ DRAM
                y[4 * io + ii] = x[4 * io + ii]         for i0 in seq(0, 4):
                                                            xr[i0] = x[i0 + 4 * io]
                                                        for ii in seq(0, 4):
                                                            y[ii + 4 * io] = xr[ii]
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
    """`a * b` becomes `b * a`, `a + b` becomes `b + a`, for each expression."""
    for e in expr_cursors:
        if _expr_op(e) not in ("+", "*"):
            raise TypeError(f"only '+' or '*' can commute, got {_expr_op(e)}")
    if any(not _expr_is_numeric(e) for e in expr_cursors):
        raise TypeError("only numeric (not index or size) expressions can commute by commute_expr()")
    return _result(proc, _exo._sched_commute_expr(proc, [e._impl.path for e in expr_cursors]))


@sched_op([ExprCursorA])
def left_reassociate_expr(proc, expr):
    """`a + (b + c)` becomes `(a + b) + c` (the same for `*`)."""
    op = _expr_op(expr)
    if op not in ("+", "*"):
        raise TypeError(f"Only '+' or '*' can be reassociated, got {op}")
    if _expr_op(expr.rhs()) != op:
        raise TypeError(f"The rhs of the expression must be the same binary operation as the expression ({op})")
    return _result(proc, _exo._sched_left_reassociate_expr(proc, expr._impl.path))


@sched_op([ExprCursorA, NewExprA("expr_cursor")])
def rewrite_expr(proc, expr_cursor, new_expr):
    """Replace the expression by `new_expr`, which must be equivalent in its context."""
    return _result(proc, _exo._sched_rewrite_expr(proc, expr_cursor._impl.path, new_expr))


@sched_op([ListOrElemA(ExprCursorA), NameA])
def bind_expr(proc, expr_cursors, new_name):
    """Bind (occurrences of) a numeric expression to a new scalar `new_name` computed just
    before them."""
    if any(not _expr_is_numeric(e) for e in expr_cursors):
        raise TypeError("only numeric (not index or size) expressions can be bound by bind_expr()")
    from .core.memory import DRAM
    return _result(proc, _exo._sched_bind_expr(proc, [e._impl.path for e in expr_cursors], new_name, DRAM))


@sched_op([BlockCursorA, ListOrElemA(NewExprA("block"))])
def specialize(proc, block, conds):
    """Duplicate the block into `if c0: B elif c1: B ... else: B`."""
    b = block._impl
    return _result(proc, _exo._sched_specialize(proc, (b.parent, b.field, b.lo, b.hi), conds))


def _stmt_kind(c):
    return type(c).__name__


@sched_op([BlockCursorA(block_size=2)])
def merge_writes(proc, block_cursor):
    """Merge two consecutive assign/reduce statements to the same location."""
    s1, s2 = block_cursor[0], block_cursor[1]
    if not isinstance(s1, (PC.AssignCursor, PC.ReduceCursor)) or not isinstance(s2, (PC.AssignCursor, PC.ReduceCursor)):
        raise ValueError(f"expected two consecutive assign/reduce statements, got {type(s1)} and {type(s2)} instead.")
    b = block_cursor._impl
    return _result(proc, _exo._sched_merge_writes(proc, (b.parent, b.field, b.lo, b.hi)))


@sched_op([AssignOrReduceCursorA])
def split_write(proc, stmt):
    """`a = b + c` becomes `a = b; a += c`."""
    return _result(proc, _exo._sched_split_write(proc, stmt._impl.path))


@sched_op([AssignCursorA])
def fold_into_reduce(proc, assign):
    """`a = a + e` becomes `a += e`."""
    return _result(proc, _exo._sched_fold_into_reduce(proc, assign._impl.path))


@sched_op([AssignCursorA])
def inline_assign(proc, alloc_cursor):
    """Substitute `x = e` into the statements after it, and delete it."""
    return _result(proc, _exo._sched_inline_assign(proc, alloc_cursor._impl.path))


@sched_op([WindowStmtCursorA])
def inline_window(proc, winstmt_cursor):
    """Substitute the window statement `y = x[...]` into the uses of `y`, and delete it."""
    return _result(proc, _exo._sched_inline_window(proc, winstmt_cursor._impl.path))


@sched_op([BlockCursorA(block_size=2)])
def lift_reduce_constant(proc, block_cursor):
    """`x = 0; for ...: x += c * e` becomes `x = 0; for ...: x += e; x = c * x`."""
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
    """Resize dimension `dim_idx` of a buffer to `size`, shifting its indices by
    `-offset`; with `fold=True`, make it a circular buffer of literal size `size`."""
    assert dim_idx >= 0, "Dimension index must be non-negative"
    path = buf_cursor._impl.path
    if fold:
        assert isinstance(size, int) and not isinstance(size, bool) and size > 0
        return _result(proc, _exo._sched_fold_buffer(proc, path, dim_idx, size))
    return _result(proc, _exo._sched_resize_dim(proc, path, dim_idx, size, offset))


@sched_op([AllocCursorA, NewExprA("buf_cursor"), NewExprA("buf_cursor")])
def expand_dim(proc, buf_cursor, alloc_dim, indexing_expr):
    """Add a new leading dimension of size `alloc_dim` to a buffer; every access
    indexes it with `indexing_expr`."""
    return _result(proc, _exo._sched_expand_dim(proc, buf_cursor._impl.path, alloc_dim, indexing_expr))


@sched_op([AllocCursorA, ListA(IntA)])
def rearrange_dim(proc, buf_cursor, permute_vector):
    """Permute the dimensions of a buffer (`permute_vector` is a permutation of
    0..N-1)."""
    n = _alloc_rank(buf_cursor)
    if list(range(0, n)) != sorted(permute_vector):
        raise ValueError(f"permute_vector argument ({permute_vector}) was not a permutation of {set(range(0, n))}")
    return _result(proc, _exo._sched_rearrange_dim(proc, buf_cursor._impl.path, permute_vector))


@sched_op([AllocCursorA, IntA, PosIntA])
def divide_dim(proc, alloc_cursor, dim_idx, quotient):
    """Split dimension `dim_idx` of a buffer into [d / quotient, quotient]."""
    if not (0 <= dim_idx < _alloc_rank(alloc_cursor)):
        raise ValueError(f"Cannot divide out-of-bounds dimension index {dim_idx}")
    return _result(proc, _exo._sched_divide_dim(proc, alloc_cursor._impl.path, dim_idx, quotient))


@sched_op([AllocCursorA, IntA, IntA])
def mult_dim(proc, alloc_cursor, hi_dim_idx, lo_dim_idx):
    """Merge dimensions `hi_dim_idx` and `lo_dim_idx` (a literal size) of a buffer."""
    for dim_idx in [hi_dim_idx, lo_dim_idx]:
        if not (0 <= dim_idx < _alloc_rank(alloc_cursor)):
            raise ValueError(f"Cannot multiply out-of-bounds dimension index {dim_idx}")
    if hi_dim_idx == lo_dim_idx:
        raise ValueError(f"Cannot multiply dimension {hi_dim_idx} by itself")
    return _result(proc, _exo._sched_mult_dim(proc, alloc_cursor._impl.path, hi_dim_idx, lo_dim_idx))


@sched_op([AllocCursorA, IntA])
def unroll_buffer(proc, alloc_cursor, dimension):
    """Replace a buffer's constant-size dimension by separate buffers name_0, name_1..."""
    return _result(proc, _exo._sched_unroll_buffer(proc, alloc_cursor._impl.path, dimension))


@sched_op([AllocCursorA, PosIntA])
def lift_alloc(proc, alloc_cursor, n_lifts=1):
    """Move an allocation `n_lifts` enclosing loops / ifs up."""
    return _result(proc, _exo._sched_lift_alloc(proc, alloc_cursor._impl.path, n_lifts))


@sched_op([AllocCursorA])
def sink_alloc(proc, alloc_cursor):
    """Move an allocation into the loop or if statement right after it."""
    scope_cursor = alloc_cursor.next()
    if not isinstance(scope_cursor, (PC.ForCursor, PC.IfCursor)):
        node = scope_cursor._impl._node if isinstance(scope_cursor, PC.StmtCursor) else None
        raise ValueError(f"Cannot sink alloc because the statement after the allocation is not a loop or if statement, "
                         f"it is {node}")
    return _result(proc, _exo._sched_sink_alloc(proc, alloc_cursor._impl.path))


@sched_op([AllocCursorA])
def delete_buffer(proc, buf_cursor):
    """Delete an allocation whose buffer is unused."""
    return _result(proc, _exo._sched_delete_buffer(proc, buf_cursor._impl.path))


@sched_op([AllocCursorA, AllocCursorA])
def reuse_buffer(proc, buf_cursor, replace_cursor):
    """Use buffer `buf_cursor` in place of the later allocation `replace_cursor` (which is
    deleted); `buf_cursor`'s buffer must be dead where the other is first written."""
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
    """Write a control value into a config field just before its statement and read the
    field in its place."""
    if not isinstance(var_cursor, PC.ReadCursor):
        raise TypeError("expected a cursor to a single variable Read")
    t = var_cursor.type()
    if not ((t.is_numeric() and len(var_cursor.idx()) == 0) or t.is_bool()):
        raise TypeError(f"cannot bind non-real-scalar non-boolean value {var_cursor._impl._node} to configuration "
                        "states, since index and size expressions may depend on loop iteration")
    return _config_result(proc, _exo._sched_bind_config(proc, var_cursor._impl.path, config, field))


@sched_op([GapCursorA, ConfigA, ConfigFieldA, NewExprA("gap_cursor")])
def write_config(proc, gap_cursor, config, field, rhs):
    """Insert `config.field = rhs` at the gap."""
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
    """Set a buffer's element precision."""
    return _result(proc, _exo._sched_set_type_mem(proc, _target(cursor), typ, None, None))


@sched_op([ArgCursorA, BoolA])
def set_window(proc, cursor, is_window=True):
    """Mark an argument as a window (or not)."""
    return _result(proc, _exo._sched_set_type_mem(proc, _target(cursor), None, is_window, None))


@sched_op([ArgOrAllocCursorA, MemoryA])
def set_memory(proc, cursor, memory_type):
    """Set a buffer's memory."""
    return _result(proc, _exo._sched_set_type_mem(proc, _target(cursor), None, None, memory_type))


@sched_op([ForCursorA])
def parallelize_loop(proc, loop_cursor):
    """Make a loop parallel (`par`); the parallel-safety check runs at code generation."""
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
    """Split a loop into `outer_hi` blocks of `outer_stride` iterations; each inner loop
    runs `outer_stride + (hi - outer_hi * outer_stride)` iterations, recomputing the
    overlap (so the body must be idempotent)."""
    return _result(proc, _exo._sched_divide_with_recompute(proc, loop_cursor._impl.path, outer_hi, outer_stride,
                                                           new_iters[0], new_iters[1]))


@sched_op([GapCursorA, PosIntA])
def autofission(proc, gap_cursor, n_lifts=1):
    """Legacy fission at the gap through `n_lifts` scopes; a loop whose half does not use
    its iterator and is idempotent is dropped around that half. No safety check."""
    stmt = gap_cursor.anchor().prev() if gap_cursor.type() == PC.GapType.Before else gap_cursor.anchor()
    if not stmt or not stmt.next():
        raise ValueError("expected cursor to point to a gap between statements, not at an edge")
    return _unforwardable(proc, _exo._sched_autofission(proc, stmt._impl.path, n_lifts))


@sched_op([AllocCursorA, PosIntA, EnumA(["row", "col"]), OptionalA(PosIntA), BoolA])
def autolift_alloc(proc, alloc_cursor, n_lifts=1, mode="row", size=None, keep_dims=False):
    """Legacy lift of an allocation `n_lifts` scopes up; with `keep_dims`, every lifted
    loop the buffer depends on adds a dimension (of extent `size` if given)."""
    return _unforwardable(proc, _exo._sched_autolift_alloc(proc, alloc_cursor._impl.path, n_lifts, mode, size,
                                                           keep_dims))


@sched_op([BlockCursorA, NewExprA("block_cursor")])
def add_unsafe_guard(proc, block_cursor, var_expr):
    """DEPRECATED: wrap the block's first statement in `if var_expr:` (unchecked)."""
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
    """Insert a call to `instr` (whose body must be `pass`) at the gap."""
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


def _remember_callee(p):
    if not any(q is p for q in _callee_objects):
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
    """Replace the first len(subproc.body()) statements of the block with a call to
    `subproc`, with arguments found by unifying its body with them. Raises
    UnificationError when they cannot be unified, and SchedulingError when the call
    would violate `subproc`'s preconditions (its asserts or the bounds of its accesses)."""
    b = block_cursor._impl
    _remember_callee(subproc)
    try:
        return _result(proc, _exo._sched_replace(proc, (b.parent, b.field, b.lo, b.hi), subproc))
    except UnificationError:
        if quiet:
            raise
        print(f"Failed to unify the following:\nSubproc:\n{subproc}\nStatements:")
        for sc in block_cursor:
            print(sc)
        raise


@sched_op([CallCursorA])
def inline(proc, call_cursor):
    """Inline a call: the callee's body with its arguments substituted (window arguments
    become window statements), its variables renamed apart."""
    return _result(proc, _exo._sched_inline(proc, call_cursor._impl.path))


@sched_op([CallCursorA, ProcA])
def call_eqv(proc, call_cursor, eqv_proc):
    """Swap the callee of the call for `eqv_proc`, which must be equivalent to it (one
    scheduled from the other, or both from a common proc)."""
    callee = call_cursor.subproc()
    differing = _procs_equivalent(callee, eqv_proc)
    if differing is None:
        raise SchedulingError("Cannot swap call because the two procedures are not equivalent")
    _remember_callee(eqv_proc)
    return _config_result(proc, _exo._sched_call_eqv(proc, call_cursor._impl.path, eqv_proc, differing))


@sched_op([BlockCursorA, NameA, BoolA])
def extract_subproc(proc, block, subproc_name, include_asserts=True):
    """Extract the block as a new procedure `subproc_name`, replaced by a call to it;
    returns (proc, subproc). The new procedure takes the variables in scope that the
    block uses (and the sizes of the buffers among them); with include_asserts, it
    asserts the facts known at the block that mention only those."""
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
    """Turn the proc into an instruction with the given C macro (and global C code)."""
    instr = _exo._proc_make_instr(proc, c_instr, c_global)
    _exo._set_provenance(instr, proc, [("identity",)])
    return instr
