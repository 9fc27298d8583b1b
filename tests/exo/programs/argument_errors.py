# Mistakes in a primitive's arguments and in cursor use raise upstream's exception type
# with upstream's text (its tests match them).
from __future__ import annotations
from exo import *
from exo.stdlib.scheduling import *


@proc
def k(x: f32[8], y: f32[8]):
    for i in seq(0, 8):
        x[i] = y[i] + 1.0


def attempt(what, f):
    try:
        print(what, "->", f())
    except Exception as e:
        print(what, "->", type(e).__name__, e)


attempt("reorder_stmts of one statement", lambda: reorder_stmts(k, k.find("x[_] = _")))
attempt("expand with a negative delta_lo", lambda: k.find("x[_] = _").expand(-1, 0))
attempt("expand with a negative delta_hi", lambda: k.find("x[_] = _").expand(0, -1))
attempt("printing an expression cursor", lambda: str(k.find("y[_] + _")))
attempt("divide_loop of a non-loop", lambda: divide_loop(k, k.find("x[_] = _"), 2, ["io", "ii"]))
