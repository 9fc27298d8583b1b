"""exo.stdlib.inspection: questions about cursors that scheduling code asks (where a
statement sits, which loops enclose it, how two cursors relate). Written for exocc;
this is the part of upstream's inspection library that the cursor API needs so far."""
from __future__ import annotations

from exo.API_cursors import (
    Cursor, InvalidCursor, ForCursor, IfCursor, StmtCursor, BlockCursor, GapCursor, ExprCursor,
    InvalidCursorError, CursorNavigationError,
)


def _path(cursor):
    impl = cursor._impl
    if hasattr(impl, "path"):
        return impl.path
    if hasattr(impl, "anchor"):
        return impl.anchor
    return impl.parent


def get_depth(proc, cursor):
    """How many statements enclose the cursor (a top-level statement has depth 1)."""
    return sum(1 for f, _ in _path(cursor) if f in ("body", "orelse"))


def is_loop(proc, loop):
    return isinstance(proc.forward(loop), ForCursor)


def is_if(proc, if_c):
    return isinstance(proc.forward(if_c), IfCursor)


def get_parents(proc, stmt, up_to=None):
    """The enclosing statements of `stmt`, innermost first (stopping at `up_to`)."""
    cur = proc.forward(stmt).parent()
    while cur:
        if up_to is not None and cur == up_to:
            return
        yield cur
        cur = cur.parent()


def get_enclosing_scope(proc, cursor, scope_type):
    for p in get_parents(proc, cursor):
        if isinstance(p, scope_type):
            return p
    raise CursorNavigationError("No enclosing scope found")


def _nth_enclosing(proc, cursor, kind, n, what):
    found = 0
    for p in get_parents(proc, cursor):
        if isinstance(p, kind):
            found += 1
            if found == n:
                return p
    raise CursorNavigationError(f"No enclosing {what} found")


def get_enclosing_loop(proc, cursor, n=1):
    return _nth_enclosing(proc, cursor, ForCursor, n, "loop")


def get_enclosing_loop_by_name(proc, cursor, loop_iter):
    for p in get_parents(proc, cursor):
        if isinstance(p, ForCursor) and p.name() == loop_iter:
            return p
    raise CursorNavigationError("no enclosing loop found")


def get_enclosing_if(proc, cursor, n=1):
    return _nth_enclosing(proc, cursor, IfCursor, n, "if")


def get_top_level_stmt(proc, c):
    c = proc.forward(c)
    while not isinstance(c, StmtCursor) or c.parent():
        c = c.parent()
        if not c:
            raise CursorNavigationError("cursor is not inside a statement")
    return c


def match_parent(cursor1, cursor2):
    """Moves both cursors up until they are siblings (children of one node)."""
    assert cursor1.proc() == cursor2.proc(), "cursors originate from different procs"
    d1, d2 = get_depth(None, cursor1), get_depth(None, cursor2)
    while d1 > d2:
        cursor1, d1 = cursor1.parent(), d1 - 1
    while d2 > d1:
        cursor2, d2 = cursor2.parent(), d2 - 1
    while _path(cursor1)[:-1] != _path(cursor2)[:-1]:
        cursor1, cursor2 = cursor1.parent(), cursor2.parent()
    return cursor1, cursor2


def get_lca(proc, cursor1, cursor2):
    """The innermost statement enclosing both cursors (InvalidCursor for the proc)."""
    c1, c2 = match_parent(proc.forward(cursor1), proc.forward(cursor2))
    if c1 == c2:
        return c1
    return c1.parent()

