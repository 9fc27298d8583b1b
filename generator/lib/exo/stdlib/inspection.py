"""exo.stdlib.inspection: questions scheduling code asks about a proc through cursors
(traversals, kind tests, where a cursor sits, how two cursors relate). Written for
exocc after upstream's module of the same name, with the same names and behaviour.

As upstream, importing it also brings in the exo front end, the memories and the x86
and Neon instruction libraries, so `from exo.stdlib.stdlib import *` sees them."""
from __future__ import annotations

from exo import *
from exo.libs.memories import *
from exo.platforms.x86 import *
from exo.platforms.neon import *
from exo.frontend.syntax import *
from exo.API_cursors import *
from exo.API_cursors import CursorNavigationError
from exo.stdlib.analysis import *


# --------------------------------------------------------------------------- traversals

def _expr_children(expr):
    if isinstance(expr, (ReadCursor, WindowExprCursor)):
        yield from expr.idx()
    elif isinstance(expr, UnaryMinusCursor):
        yield expr.arg()
    elif isinstance(expr, BinaryOpCursor):
        yield expr.lhs()
        yield expr.rhs()
    elif isinstance(expr, ExternFunctionCursor):
        yield from expr.args()
    elif isinstance(expr, (LiteralCursor, ReadConfigCursor)):
        return
    else:
        raise SchedulingError(f"Got an instance of {type(expr)} which is unsupported.")


def _stmt_children(stmt):
    if isinstance(stmt, AllocCursor):
        if stmt.is_tensor():
            yield from stmt.shape()
    elif isinstance(stmt, (AssignCursor, ReduceCursor)):
        yield from stmt.idx()
        yield stmt.rhs()
    elif isinstance(stmt, ForCursor):
        yield stmt.lo()
        yield stmt.hi()
        yield from stmt.body()
    elif isinstance(stmt, IfCursor):
        yield stmt.cond()
        yield from stmt.body()
        if not isinstance(stmt.orelse(), InvalidCursor):
            yield from stmt.orelse()
    elif isinstance(stmt, CallCursor):
        yield from stmt.args()
    elif isinstance(stmt, WindowStmtCursor):
        # upstream asks a window statement for idx(), which its cursor lacks
        yield from stmt.idx()
    elif isinstance(stmt, AssignConfigCursor):
        yield stmt.rhs()
    elif isinstance(stmt, PassCursor):
        return
    else:
        raise SchedulingError(f"Got an instance of {type(stmt)} which is unsupported.")


def _children_in_order(cursor):
    if isinstance(cursor, (ExprListCursor, BlockCursor, tuple, list)):
        yield from cursor
    elif isinstance(cursor, Procedure):
        yield from cursor.args()
        yield cursor.body()
    elif isinstance(cursor, ArgCursor):
        if cursor.is_tensor():
            yield cursor.shape()
    elif isinstance(cursor, ExprCursor):
        yield from _expr_children(cursor)
    elif isinstance(cursor, StmtCursor):
        yield from _stmt_children(cursor)
    else:
        raise SchedulingError(f"Got an instance of {type(cursor)} which is unsupported.")


def get_children(proc, cursor=InvalidCursor(), lr=True):
    """The direct children of `cursor` (the proc's arguments and body when it is
    invalid), left to right, or right to left when `lr` is False."""
    if isinstance(cursor, InvalidCursor):
        cursor = proc
    elif isinstance(cursor, (StmtCursor, ExprCursor)):
        cursor = proc.forward(cursor)
    if lr:
        yield from _children_in_order(cursor)
    else:
        yield from list(_children_in_order(cursor))[::-1]


def _walk(proc, cursor, node_first, lr):
    """Depth-first over `cursor` and everything below it, each node before (pre-order)
    or after (post-order) its children."""
    if not isinstance(cursor, (InvalidCursor, ExprListCursor, BlockCursor)):
        cursor = proc.forward(cursor)

    def visit(c):
        if node_first:
            yield c
        for child in get_children(proc, c, lr):
            yield from visit(child)
        if not node_first:
            yield c

    return visit(cursor)


def lrn(proc, cursor=InvalidCursor()):
    yield from _walk(proc, cursor, False, True)


def nlr(proc, cursor=InvalidCursor()):
    yield from _walk(proc, cursor, True, True)


def rln(proc, cursor=InvalidCursor()):
    yield from _walk(proc, cursor, False, False)


def nrl(proc, cursor=InvalidCursor()):
    yield from _walk(proc, cursor, True, False)


def lrn_stmts(proc, block=InvalidCursor()):
    yield from (c for c in lrn(proc, cursor=block) if isinstance(c, StmtCursor))


def nlr_stmts(proc, block=InvalidCursor()):
    yield from (c for c in nlr(proc, cursor=block) if isinstance(c, StmtCursor))


def get_symbols(proc, cursor=InvalidCursor()):
    """The names of everything named below `cursor` (post-order, with repeats)."""
    for c in lrn(proc, cursor):
        if hasattr(c, "name"):
            yield c.name()


def get_declaration(proc, ctxt, name):
    """The allocation (or else the proc argument) that `name` refers to at `ctxt`."""
    ctxt = proc.forward(ctxt)
    stmt = ctxt if isinstance(ctxt, StmtCursor) else get_enclosing_stmt(proc, ctxt)
    for earlier in get_observed_stmts(stmt):
        if isinstance(earlier, AllocCursor) and earlier.name() == name:
            return earlier
    for arg in proc.args():
        if arg.name() == name:
            return arg
    raise SchedulingError("Declaration not found!")


def get_unique_names(proc):
    """Yields var0, var1, ... (up to var99), skipping names the proc already uses."""
    taken = set(get_symbols(proc))
    for i in range(100):
        if f"var{i}" not in taken:
            yield f"var{i}"


# --------------------------------------------------------------------------- predicates

def is_stmt(proc, stmt):
    return isinstance(proc.forward(stmt), StmtCursor)


def is_if(proc, if_c):
    return isinstance(proc.forward(if_c), IfCursor)


def is_loop(proc, loop):
    return isinstance(proc.forward(loop), ForCursor)


def check_is_loop(proc, loop):
    if not is_loop(proc, loop):
        raise TypeError(f"loop is not a {ForCursor}")


def is_loop_bounds_const(proc, loop):
    check_is_loop(proc, loop)
    loop = proc.forward(loop)
    return isinstance(loop.lo(), LiteralCursor) and isinstance(loop.hi(), LiteralCursor)


def loop_body_len(proc, loop):
    check_is_loop(proc, loop)
    return len(proc.forward(loop).body())


def is_single_stmt_loop(proc, loop):
    check_is_loop(proc, loop)
    return loop_body_len(proc, proc.forward(loop)) == 1


def is_binop(proc, expr, op=None):
    expr = proc.forward(expr)
    return isinstance(expr, BinaryOpCursor) and (op is None or expr.op() == op)


def is_add(proc, expr):
    return is_binop(proc, expr, "+")


def is_sub(proc, expr):
    return is_binop(proc, expr, "-")


def is_mul(proc, expr):
    return is_binop(proc, expr, "*")


def is_div(proc, expr):
    return is_binop(proc, expr, "/")


def is_mod(proc, expr):
    return is_binop(proc, expr, "%")


def is_builtin(proc, expr, name):
    expr = proc.forward(expr)
    return isinstance(expr, ExternFunctionCursor) and expr.name() == name


def is_select(proc, expr):
    return is_builtin(proc, expr, "select")


def is_relu(proc, expr):
    return is_builtin(proc, expr, "relu")


def is_sin(proc, expr):
    return is_builtin(proc, expr, "sin")


def is_literal(proc, expr, value=None):
    expr = proc.forward(expr)
    return isinstance(expr, LiteralCursor) and (value is None or expr.value() == value)


def is_reduce(proc, reduce):
    return isinstance(proc.forward(reduce), ReduceCursor)


def is_assign(proc, assign):
    return isinstance(proc.forward(assign), AssignCursor)


def is_read(proc, read, name=None):
    read = proc.forward(read)
    return isinstance(read, ReadCursor) and (name is None or read.name() == name)


def is_write(proc, write):
    return is_reduce(proc, write) or is_assign(proc, write)


def is_access(proc, access):
    return is_read(proc, access) or is_write(proc, access)


def is_unary_minus(proc, expr):
    return isinstance(proc.forward(expr), UnaryMinusCursor)


def is_start_of_body(proc, stmt):
    return isinstance(proc.forward(stmt).prev(), InvalidCursor)


def is_end_of_body(proc, stmt):
    return isinstance(proc.forward(stmt).next(), InvalidCursor)


# --------------------------------------------------------------------------- navigation

def match_parent(cursor1, cursor2):
    """Moves the deeper cursor up to the other's depth, then both up together until
    they are children of the same node; returns the two."""
    proc = cursor1.proc()
    assert proc == cursor2.proc(), "cursors originate from different procs"
    excess = get_depth(proc, cursor1) - get_depth(proc, cursor2)
    for _ in range(abs(excess)):
        if excess > 0:
            cursor1 = cursor1.parent()
        else:
            cursor2 = cursor2.parent()
    while cursor1.parent() != cursor2.parent():
        cursor1 = cursor1.parent()
        cursor2 = cursor2.parent()
    return cursor1, cursor2


def get_top_level_stmt(proc, c):
    c = proc.forward(c)
    while not isinstance(c.parent(), InvalidCursor):
        c = c.parent()
    return c


def get_enclosing_scope(proc, cursor, scope_type):
    """The nearest strict ancestor of `cursor` that is a `scope_type`."""
    cursor = proc.forward(cursor).parent()
    while not isinstance(cursor, (scope_type, InvalidCursor)):
        cursor = cursor.parent()
    if isinstance(cursor, InvalidCursor):
        raise SchedulingError("No enclosing scope found")
    return cursor


def _nth_enclosing(proc, cursor, scope_type, n):
    cursor = proc.forward(cursor)
    for _ in range(n):
        cursor = get_enclosing_scope(proc, cursor, scope_type)
    return cursor


def get_enclosing_loop(proc, cursor, n=1):
    return _nth_enclosing(proc, cursor, ForCursor, n)


def get_enclosing_if(proc, cursor, n=1):
    return _nth_enclosing(proc, cursor, IfCursor, n)


def get_enclosing_stmt(proc, cursor, n=1):
    return _nth_enclosing(proc, cursor, StmtCursor, n)


def get_enclosing_loop_by_name(proc, cursor: Cursor, loop_iter: str):
    """The innermost loop over `loop_iter` that is `cursor` or encloses it."""
    cursor = proc.forward(cursor)
    while not (isinstance(cursor, ForCursor) and cursor.name() == loop_iter):
        cursor = cursor.parent()
        if isinstance(cursor, InvalidCursor):
            raise CursorNavigationError("no enclosing loop found")
    return cursor


def get_my_stmt(proc, cursor):
    """The cursor itself if it is a statement, else the statement it is part of."""
    cursor = proc.forward(cursor)
    if isinstance(cursor, StmtCursor):
        return cursor
    return get_enclosing_stmt(proc, cursor)


def get_index_in_body(proc, stmt, from_top=True):
    """The statement's position in its list; counted from the end (-1 for the last)
    when `from_top` is False."""
    stmt = proc.forward(stmt)
    index = 0
    while not isinstance(stmt.prev(), InvalidCursor):
        stmt = stmt.prev()
        index += 1
    if not from_top:
        index -= len(get_parent(proc, stmt).body())
    return index


def get_parent(proc, stmt):
    """The enclosing statement, or the proc for a top-level statement."""
    parent = proc.forward(stmt).parent()
    return proc if isinstance(parent, InvalidCursor) else parent


def get_parents(proc, stmt, up_to=None):
    """The ancestors of `stmt`, innermost first, excluding `stmt` and including `up_to`
    (all of them when `up_to` is None)."""
    stmt = proc.forward(stmt)
    if up_to is None:
        stmt = stmt.parent()
        while not isinstance(stmt, InvalidCursor):
            yield stmt
            stmt = stmt.parent()
        return
    up_to = proc.forward(up_to)
    assert up_to.is_ancestor_of(stmt)
    if up_to == stmt:
        return
    stmt = stmt.parent()
    while stmt != up_to:
        yield stmt
        stmt = stmt.parent()
    yield up_to


def get_nth_inner_loop(proc, loop, n):
    """The n-th (from 0) loop directly in `loop`'s body."""
    loop = proc.forward(loop)
    inner = [s for s in loop.body() if is_loop(proc, s)]
    if n >= len(inner):
        raise SchedulingError(f"Expected exactly at least {n + 1} loops, found {len(inner)}")
    return inner[n]


def get_inner_loop(proc, loop):
    return get_nth_inner_loop(proc, loop, 0)


def get_depth(proc, cursor):
    """1 + the number of nodes from the cursor up to and including the proc root
    (upstream's numbering: a top-level statement has depth 2)."""
    cursor = proc.forward(cursor)
    depth = 1
    while not isinstance(cursor, InvalidCursor):
        cursor = cursor.parent()
        depth += 1
    return depth


def get_lca(proc, cursor1, cursor2):
    """The innermost node that is `cursor1` or one of its ancestors and is an ancestor
    of (or equal to) `cursor2`."""
    cursor1 = proc.forward(cursor1)
    cursor2 = proc.forward(cursor2)
    c = cursor1
    while not c.is_ancestor_of(cursor2):
        c = c.parent()
        if isinstance(c, InvalidCursor):
            raise CursorNavigationError("these cursors do not have a common ancestor")
    return c


def get_distance(proc, cursor1, cursor2):
    """How many parent steps lead from one cursor to the other through their LCA."""
    lca = get_lca(proc, cursor1, cursor2)
    return get_depth(proc, cursor1) + get_depth(proc, cursor2) - 2 * get_depth(proc, lca)


_COMPARED_ATTRIBUTES = ("name", "value", "op", "config", "field")


def are_exprs_equal(proc, expr1, expr2):
    """Structural equality of two expressions (same kinds, names, values, operators and
    config fields, all the way down)."""

    def same(e1, e2):
        if type(e1) != type(e2):
            return False
        for attr in _COMPARED_ATTRIBUTES:
            if hasattr(e1, attr) and getattr(e1, attr)() != getattr(e2, attr)():
                return False
        kids1 = list(get_children(proc, e1))
        kids2 = list(get_children(proc, e2))
        return len(kids1) == len(kids2) and all(same(a, b) for a, b in zip(kids1, kids2))

    return same(proc.forward(expr1), proc.forward(expr2))


def is_copy(proc, assign):
    """Is `assign` a plain copy `x[...] = y[...]` between buffers in the same memory?"""
    assign = proc.forward(assign)
    if not is_assign(proc, assign) or not is_read(proc, assign.rhs()):
        return False
    dst = get_declaration(proc, assign, assign.name())
    src = get_declaration(proc, assign, assign.rhs().name())
    return dst.mem() is src.mem()


def get_bounding_block(proc, cursors):
    """The smallest block of sibling statements that contains every cursor."""
    stmts = [get_my_stmt(proc, proc.forward(c)) for c in cursors]
    depths = [get_depth(proc, s) for s in stmts]

    def siblings(ss):
        parent = ss[0].parent()
        return all(parent == s.parent() for s in ss)

    while not siblings(stmts):
        deepest = max(depths)
        for i, s in enumerate(stmts):
            if depths[i] == deepest:
                stmts[i] = s.parent()
                depths[i] -= 1
    placed = sorted(((s, get_index_in_body(proc, s)) for s in stmts), key=lambda p: p[1])
    first, first_index = placed[0]
    return first.as_block().expand(0, placed[-1][1] - first_index)


def expr_to_string(expr_cursor, subst={}):
    """Exo source text for an expression, every node in parentheses; reads of a name in
    `subst` print as its text instead. An expression list prints as `[a, b]` (empty:
    nothing)."""

    def list_text(exprs):
        parts = [expr_to_string(e, subst) for e in exprs]
        return "[" + ", ".join(parts) + "]" if parts else ""

    if isinstance(expr_cursor, ExprListCursor):
        return list_text(expr_cursor)
    if not isinstance(expr_cursor, ExprCursor):
        raise SchedulingError("Cursor must be an ExprCursor")
    if isinstance(expr_cursor, ReadCursor):
        name = str(expr_cursor.name())
        if name in subst:
            return f"({subst[name]})"
        return f"({name}{list_text(expr_cursor.idx())})"
    if isinstance(expr_cursor, ReadConfigCursor):
        raise SchedulingError("ReadConfigCursor is not supported")
    if isinstance(expr_cursor, LiteralCursor):
        return f"({expr_cursor.value()})"
    if isinstance(expr_cursor, UnaryMinusCursor):
        return f"(-{expr_to_string(expr_cursor.arg(), subst)})"
    if isinstance(expr_cursor, BinaryOpCursor):
        lhs = expr_to_string(expr_cursor.lhs(), subst)
        rhs = expr_to_string(expr_cursor.rhs(), subst)
        return f"({lhs}{expr_cursor.op()}{rhs})"
    if isinstance(expr_cursor, ExternFunctionCursor):
        return f"({expr_cursor.name()}({list_text(expr_cursor.args())[1:-1]}))"
    if isinstance(expr_cursor, WindowExprCursor):
        raise SchedulingError("WindowExprCursor is not supported")
    assert False, "Undefined Type"
