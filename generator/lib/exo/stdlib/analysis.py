"""exo.stdlib.analysis: what a statement can see (the statements before it and the
scopes around it), and whether a call passes buffers from the memories its callee
expects. Written for exocc after upstream's module of the same name."""
from exo import DRAM

import exo.API_cursors as _PC
from exo import Procedure
from exo.rewrite.LoopIR_scheduling import SchedulingError


def get_observed_stmts(stmt_cursor):
    """Yields the statements that run before `stmt_cursor` and enclose or precede it:
    walking backwards through its list, then to the enclosing statement and on through
    that one's list, up to the first statement of the proc."""
    if not isinstance(stmt_cursor, _PC.StmtCursor):
        raise TypeError("stmt_cursor must be an instance of StmtCursor")
    cursor = stmt_cursor
    while True:
        earlier = cursor.prev()
        if type(earlier) is _PC.InvalidCursor:
            # first of its list: the enclosing statement comes next (none at the top)
            earlier = cursor.parent()
            if type(earlier) is _PC.InvalidCursor:
                return
        cursor = earlier
        yield cursor


def check_call_mem_types(call_cursor):
    """True when every numeric buffer the call passes lives in the memory the callee's
    parameter names, or in a memory derived from it."""
    if not isinstance(call_cursor, _PC.CallCursor):
        raise TypeError("call_cursor must be a CallCursor")

    # The memory of each buffer name visible at the call: proc arguments, then the
    # allocations before it (as upstream, a later entry of the walk overwrites).
    memory_of = {}
    for arg in call_cursor.proc().args():
        if arg.type().is_numeric():
            memory_of[arg.name()] = arg.mem()
    for stmt in get_observed_stmts(call_cursor):
        if type(stmt) is _PC.AllocCursor:
            memory_of[stmt.name()] = stmt.mem()

    for passed, param in zip(call_cursor.args(), call_cursor.subproc().args()):
        if param.type().is_numeric():
            if not issubclass(memory_of[passed.name()], param.mem()):
                return False
    return True
