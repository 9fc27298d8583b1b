"""exo.stdlib.scheduling: the scheduling primitives and the library built on them.

It re-exports every primitive of exo.API_scheduling (more land with issues 6-9).
"""
from exo import Procedure
from exo.rewrite.LoopIR_scheduling import SchedulingError
from exo.API_cursors import *
from exo.API_scheduling import (is_atomic_scheduling_op, sched_op, ArgumentProcessor, ProcA, BoolA, BlockCursorA, ArgOrAllocCursorA,
                                FormattedExprStr)
import exo.API_scheduling as _api
from .analysis import check_call_mem_types

# Every primitive of exo.API_scheduling (each is marked by sched_op).
globals().update({name: value for name, value in vars(_api).items() if is_atomic_scheduling_op(value)})


def repeat(sched, n_times=None, verbose=False):
    """A scheduling operation that applies `sched` again and again: `n_times` times, or
    (n_times None) until it raises SchedulingError, TypeError or ValueError, returning
    the last proc it produced."""
    if n_times is not None and (not isinstance(n_times, int) or isinstance(n_times, bool) or n_times < 1):
        raise TypeError("expected n_times to be None or a positive int")

    def repeated(proc, *args, **kwargs):
        if n_times is not None:
            for _ in range(n_times):
                proc = sched(proc, *args, **kwargs)
            return proc
        while True:
            try:
                proc = sched(proc, *args, **kwargs)
            except (SchedulingError, TypeError, ValueError) as err:
                if verbose:
                    print("repeat ended with error", err)
                return proc

    repeated.__name__ = f"repeat_{getattr(sched, '__name__', 'sched')}"
    repeated.__doc__ = getattr(sched, "__doc__", None)
    return repeated


def sched_seq(proc, sched_list):
    """Applies each operation of `sched_list` in turn: a callable taking the proc, or a
    list/tuple (operation, arguments...)."""
    try:
        steps = list(sched_list)
    except TypeError:
        raise TypeError("sched_seq(proc, sched_list) expects an iterable of scheduling operations")
    for step in steps:
        if callable(step):
            proc = step(proc)
        elif isinstance(step, (list, tuple)) and step and callable(step[0]):
            proc = step[0](proc, *step[1:])
        else:
            raise TypeError("each entry of sched_list must be a callable or a (callable, args...) list/tuple")
    return proc


def lift_if(proc, cursor, n_lifts=1):
    """Moves an if statement up through `n_lifts` enclosing loops / ifs (lift_scope, with
    the cursor forwarded after each step)."""
    orig = proc
    for i in range(n_lifts):
        try:
            proc = lift_scope(proc, cursor)
        except SchedulingError as e:
            raise SchedulingError(f"Could not fully lift if statement! {n_lifts - i} lift(s) remain! {e}\n"
                                  f"Orig: {orig}\nProc: {proc}") from e
    return proc


# ---------------------------------------------------------------- replace helpers

from exo.rewrite.LoopIR_unification import UnificationError as _UnificationError  # noqa: E402


class MemoryError(Exception):
    def __init__(self, msg):
        self._err_msg = str(msg)

    def __str__(self):
        return self._err_msg


def _all_calls_ok(block):
    for c in block:
        if isinstance(c, CallCursor):
            if not check_call_mem_types(c):
                return False
        elif isinstance(c, IfCursor):
            if not _all_calls_ok(c.body()):
                return False
            if not isinstance(c.orelse(), InvalidCursor) and not _all_calls_ok(c.orelse()):
                return False
        elif isinstance(c, ForCursor):
            if not _all_calls_ok(c.body()):
                return False
    return True


@sched_op([BlockCursorA, ProcA, BoolA])
def call_site_mem_aware_replace(proc, block_cursor, subproc, quiet=False):
    """replace, then check that every call's buffers live in the memories its callee
    expects (MemoryError otherwise)."""
    proc = replace(proc, block_cursor, subproc, quiet=quiet)
    if not _all_calls_ok(proc.body()):
        raise MemoryError("replace failed due to memory type mismatch between block and subproc")
    return proc


_FIRST_STMT_PATTERNS = {AssignCursor: "_ = _", ReduceCursor: "_ += _", ForCursor: "for _ in _: _"}


def _replace_helper(proc, subprocs, mem_aware, once):
    if not isinstance(subprocs, list):
        subprocs = [subprocs]
    for sp in subprocs:
        assert isinstance(sp, Procedure), "expected Procedure as 2nd argument"
    for sp in subprocs:
        body = sp.body()
        pattern = _FIRST_STMT_PATTERNS.get(type(body[0]), "TODO")
        i = 0
        while True:
            try:
                block = proc.find(f"{pattern} #{i}").expand(0, len(body) - 1)
                if len(block) != len(body):
                    raise _UnificationError("Unification failed due to length mismatch")
                if mem_aware:
                    proc = call_site_mem_aware_replace(proc, block, sp, quiet=True)
                else:
                    proc = replace(proc, block, sp, quiet=True)
                if once:
                    break
            except (TypeError, SchedulingError) as e:
                if "failed to find matches" in str(e):
                    break
                raise
            except (_UnificationError, MemoryError, NotImplementedError):
                i += 1
    return proc


def replace_all(proc, subprocs, mem_aware=True):
    """Replace every block that unifies with one of `subprocs` (in order) by a call."""
    return _replace_helper(proc, subprocs, mem_aware, False)


def replace_once(proc, subprocs, mem_aware=True):
    """Replace the first block that unifies with each of `subprocs` by a call."""
    return _replace_helper(proc, subprocs, mem_aware, True)


def loop_hack(sched, find_func, verbose=False):
    """(Deprecated upstream.) An operation that applies `sched` once at each of the cursors
    `find_func(proc)` returns, re-finding them in the current proc before each step."""

    def looped(proc, *args, **kwargs):
        for i in range(len(find_func(proc))):
            proc = sched(proc, find_func(proc)[i], *args, **kwargs)
        return proc

    looped.__name__ = f"loop_hack_{getattr(sched, '__name__', 'sched')}"
    return looped
