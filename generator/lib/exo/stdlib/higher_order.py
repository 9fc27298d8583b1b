"""exo.stdlib.higher_order: combinators that build scheduling operations out of other
ones (try, map over cursors, guard by a predicate, run over a traversal, repeat until
failure). Written for exocc after upstream's module of the same name."""
from .inspection import *

# The errors a failed scheduling step raises; `attempt` swallows these by default.
exo_exceptions_ = {
    ValueError,
    TypeError,
    SchedulingError,
    InvalidCursorError,
}


def attempt(op, errs=exo_exceptions_):
    """`op`, but on one of `errs` the proc comes back unchanged. Called with rs=True
    it returns (proc, whether op succeeded)."""
    errs = tuple(errs)

    def rewrite(p, *args, rs=False, **kwargs):
        try:
            p, ok = op(p, *args, **kwargs), True
        except errs:
            ok = False
        return (p, ok) if rs else p

    return rewrite


def apply(op):
    """`op` applied at each cursor of an iterable, in order, threading the proc."""

    def rewrite(proc, cursors, *args, **kwargs):
        for c in cursors:
            proc = op(proc, c, *args, **kwargs)
        return proc

    return rewrite


def predicate(op, pred):
    """`op`, run only when pred(proc, same arguments) holds."""

    def rewrite(proc, *args, **kwargs):
        if pred(proc, *args, **kwargs):
            proc = op(proc, *args, **kwargs)
        return proc

    return rewrite


def make_pass(op, trav_start=nlr_stmts):
    """`op` applied at every statement `trav_start` visits in a block (the whole proc
    by default); the cursors point into the proc as it was before the pass, so `op`
    forwards them."""

    def rewrite(proc, block=InvalidCursor(), *args, **kwargs):
        return apply(op)(proc, trav_start(proc, block), *args, **kwargs)

    return rewrite


def lift_rc(op, attr):
    """`op` called with rc=True, returning (proc, the one returned cursor named attr)."""

    def rewrite(*args, **kwargs):
        proc, cursors = op(*args, **kwargs, rc=True)
        return proc, getattr(cursors, attr)

    return rewrite


def repeate(op):
    """`op` again and again until it fails (see attempt); the last good proc."""
    try_op = attempt(op)

    def rewrite(p, *args, **kwargs):
        ok = True
        while ok:
            p, ok = try_op(p, *args, **kwargs, rs=True)
        return p

    return rewrite


__all__ = ["apply", "attempt", "make_pass", "lift_rc", "repeate", "predicate"]
