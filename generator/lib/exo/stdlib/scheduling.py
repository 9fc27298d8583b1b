"""exo.stdlib.scheduling: the scheduling primitives and the library built on them.

It re-exports every primitive of exo.API_scheduling (more land with issues 6-9).
"""
from exo import Procedure
from exo.rewrite.LoopIR_scheduling import SchedulingError
from exo.API_cursors import *
from exo.API_scheduling import sched_op, ArgumentProcessor, ProcA, BoolA, BlockCursorA, FormattedExprStr
import exo.API_scheduling as _api

# Every primitive of exo.API_scheduling (each is marked by sched_op).
globals().update({name: value for name, value in vars(_api).items()
                  if getattr(value, "is_atomic_scheduling_op", False)})


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
