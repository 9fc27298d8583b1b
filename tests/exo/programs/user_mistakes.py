# Common user mistakes in object code and in schedules: each raises what upstream raises
# (type and text, compared by running this file under upstream Exo 1.0), with exocc's
# explanation after upstream's words and the primitive named where upstream prints
# <<<unknown directive>>>.
from __future__ import annotations
from exo import *
from exo.stdlib.scheduling import *

def attempt(what, f):
    """What a user mistake raises: the exception type and text (upstream's, reviewed by
    running the same file under upstream Exo; exocc adds hints after it)."""
    try:
        r = f()
        print(what, "->", "OK")
    except Exception as e:
        print(what, "->", type(e).__name__ + ":", str(e).replace("\n", " | "))

def p_shape():
    @proc
    def cp8(x: f32[8]):
        x[0] = 1.0
    @proc
    def bad(y: f32[4]):
        cp8(y)
    return bad
attempt("call with a wrong shape", p_shape)

def p_undef():
    @proc
    def bad(x: f32[8]):
        x[0] = zz
    return bad
attempt("undefined name", p_undef)

def p_assign_size():
    @proc
    def bad(n: size, x: f32[8]):
        n = 3
    return bad
attempt("assign to a size", p_assign_size)

def p_idx():
    @proc
    def bad(x: f32[8, 8]):
        x[0] = 1.0
    return bad
attempt("too few indices", p_idx)

def p_float_idx():
    @proc
    def bad(x: f32[8]):
        x[1.0] = 1.0
    return bad
attempt("float index", p_float_idx)

def p_loop():
    @proc
    def bad(x: f32[8]):
        for i in range(0, 8):
            x[i] = 1.0
    return bad
attempt("range instead of seq", p_loop)

@proc
def k(x: f32[8], y: f32[8]):
    for i in seq(0, 8):
        x[i] = y[i] + 1.0

attempt("find_loop of a missing loop", lambda: k.find_loop("j"))
attempt("divide_loop by 0", lambda: divide_loop(k, "i", 0, ["io", "ii"]))
attempt("divide_loop with one name", lambda: divide_loop(k, "i", 2, ["io"]))
attempt("divide_loop bad tail", lambda: divide_loop(k, "i", 2, ["io", "ii"], tail="nope"))
attempt("reorder_loops of a single loop", lambda: reorder_loops(k, "i"))
attempt("stage_mem bad window", lambda: stage_mem(k, "for i in _: _", "x[0:8, 0]", "xs"))
attempt("stage_mem unknown buffer", lambda: stage_mem(k, "for i in _: _", "q[0:8]", "xs"))
attempt("bind_expr with no match", lambda: bind_expr(k, "x[_] * 7.0", "b"))
attempt("rename to a bad name", lambda: rename(k, "1abc"))
attempt("unroll a symbolic loop", lambda: unroll_loop(k, "i"))
attempt("set_memory of a non-alloc", lambda: set_memory(k, "x", DRAM))
attempt("expand_dim bad size", lambda: expand_dim(k, "x", 0, 0))
attempt("simplify of a non-proc", lambda: simplify(3))
attempt("fission at a bad gap", lambda: fission(k, k.find_loop("i").before()))
