# Cursors: pointing at code, walking around it, and keeping hold of it while the
# program is rewritten.
#
# A scheduling primitive needs to be told *where* to act. A pattern string ("for j in
# _:_ #1") is fine at the top level, but a schedule written as a reusable function needs
# something sturdier: a cursor, a reference to one statement, expression, block or gap
# of a specific proc. This file walks through
#
#   1. finding cursors (by loop name, by pattern, all matches at once);
#   2. navigating from one cursor to others (body, parent, next/prev, blocks, gaps,
#      the parts of an expression);
#   3. forwarding: a cursor into a proc stays usable in the procs derived from it;
#   4. writing new scheduling operations in plain Python on top of cursors.
#
# The kernel scales each row of a matrix by a weight vector and sums the scaled row.
# Section 4 schedules it into `scale_rows_fast`; the driver checks both procs.
#
# `exocc run cursors.py` prints what each step finds; compiling the file is quiet.
from __future__ import annotations

from exo import proc
from exo.API_cursors import *
from exo.stdlib.scheduling import *


def show(title, thing=None):
    # Only when run directly (`exocc run`); compiling the file stays quiet.
    if __name__ == "__main__":
        print(f"# ---- {title}")
        if thing is not None:
            print(thing)


@proc
def scale_rows(M: size, N: size, x: f32[M, N], w: f32[N], y: f32[M, N], total: f32[M]):
    for i in seq(0, M):
        total[i] = 0.0
        for j in seq(0, N):
            y[i, j] = x[i, j] * w[j]
        for j in seq(0, N):
            total[i] += y[i, j]


show("the kernel", scale_rows)

# ------------------------------------------------------------------------------------
# 1. Finding cursors
#
# `find_loop` takes a loop's name, optionally with `#n` for the n-th loop of that name
# (counting from 0). `find` takes any statement or expression pattern, `_` matching
# anything. Printing a statement cursor prints its proc with the statement marked.
p = scale_rows
i_loop = p.find_loop("i")
first_j = p.find_loop("j")
second_j = p.find_loop("j #1")
assert second_j == p.find("for j in _:_ #1")  # the same loop, found two ways
sum_stmt = p.find("total[_] += _")
show("1. p.find_loop('j #1')", second_j)
show("1. p.find('total[_] += _')", sum_stmt)

# `many=True` returns every match, in program order.
all_j = p.find("for j in _:_", many=True)
assert len(all_j) == 2 and all_j[0] == first_j and all_j[1] == second_j

# Expressions are found the same way; a cursor knows what kind of node it points at.
w_read = p.find("w[_]")
assert isinstance(w_read, ReadCursor) and w_read.name() == "w"
assert isinstance(first_j, ForCursor) and isinstance(sum_stmt, ReduceCursor)

# ------------------------------------------------------------------------------------
# 2. Navigating
#
# From any cursor, the neighbours are one call away: a loop's body() is a block whose
# elements are statements, parent() goes out one level, next()/prev() move within a
# block. Stepping off the end gives an InvalidCursor, which is falsy.
init = i_loop.body()[0]  # total[i] = 0.0
assert isinstance(init, AssignCursor) and init.name() == "total"
assert init.next() == first_j and first_j.next() == second_j
assert second_j.body()[0] == sum_stmt and sum_stmt.parent() == second_j
assert second_j.parent() == i_loop and not second_j.next()
assert not i_loop.parent()  # a top-level statement has no enclosing statement
assert i_loop.is_ancestor_of(sum_stmt)

# A block cursor spans several statements: expand() grows a statement into one.
both_j = first_j.expand(0, 1)  # the two j loops
assert len(both_j) == 2 and both_j[1] == second_j
show("2. first_j.expand(0, 1): a block", both_j)

# A gap is the space between two statements: where new code may go (fission cuts a
# loop at one).
show("2. init.after(): a gap", init.after())

# Expression cursors expose their parts: the left-hand side of y[i, j] = x[i, j] * w[j]
# is read by name and index, its right-hand side is a binary operation of two reads.
scale_stmt = first_j.body()[0]
product = scale_stmt.rhs()
assert isinstance(product, BinaryOpCursor) and product.op() == "*"
assert product.lhs().name() == "x" and product.rhs() == w_read
assert [e.name() for e in scale_stmt.idx()] == ["i", "j"]
assert first_j.hi().name() == "N"


def enclosing_loops(c):
    """Names of the loops around cursor c, outermost first: parent() up to the proc."""
    names = []
    c = c.parent()
    while c:
        if isinstance(c, ForCursor):
            names.insert(0, c.name())
        c = c.parent()
    return names


assert enclosing_loops(sum_stmt) == ["i", "j"]

# ------------------------------------------------------------------------------------
# 3. Forwarding
#
# Every primitive returns a new proc and leaves its argument untouched; the cursors
# above still point into `scale_rows`. `q.forward(c)` translates a cursor into proc q,
# across any number of rewrites, following the statement wherever it moved.
q = fuse(p, first_j, second_j)  # one j loop that does both statements
show("3. after fuse: q.forward(sum_stmt)", q.forward(sum_stmt))
assert q.forward(sum_stmt).parent() == q.forward(first_j)

# A cursor to code that no longer exists cannot be forwarded: the second j loop was
# merged into the first.
try:
    q.forward(second_j)
    assert False, "the fused-away loop should not forward"
except InvalidCursorError:
    show("3. q.forward(second_j): InvalidCursorError, the loop is gone")

# Primitives forward the cursors they are given, so a cursor found once can be used
# for a whole sequence of rewrites. Here the fused loop is cut into 8-wide pieces plus a
# tail: `first_j` (a cursor into the original proc) still names it, and afterwards it
# forwards to the outer loop of the pair, `jo`.
q = divide_loop(q, first_j, 8, ["jo", "ji"], tail="cut")
assert q.forward(first_j).name() == "jo"
assert enclosing_loops(q.forward(sum_stmt)) == ["i", "jo", "ji"]
show("3. after divide_loop, the original sum statement is here", q.forward(sum_stmt))

# ------------------------------------------------------------------------------------
# 4. New scheduling operations from cursors
#
# An operation is a Python function from a proc and cursors to a proc. It can inspect
# the code through cursors to decide what to do, so it works on any kernel of the
# right shape, not only on the one it was written for.


def fuse_following_loops(p, loop):
    """Fuse `loop` with every loop right after it that has the same name and bounds."""
    loop = p.forward(loop)
    nxt = loop.next()
    while isinstance(nxt, ForCursor) and nxt.name() == loop.name():
        p = fuse(p, loop, nxt)
        loop = p.forward(loop)
        nxt = loop.next()
    return p


def accumulate_locally(p, reduce_stmt, name):
    """A reduction `buf[idx] += e` in a loop: sum into a local scalar `name` instead,
    read `buf[idx]` once before the loop and write it once after. The loop and the
    index come from the cursor, so the caller names neither."""
    reduce_stmt = p.forward(reduce_stmt)
    loop = reduce_stmt.parent()
    while not isinstance(loop, ForCursor):
        loop = loop.parent()
    # The reduction's loop must not appear in the index (it would be a different
    # element each iteration); its outer loops may.
    idx = [e.name() for e in reduce_stmt.idx()]
    assert loop.name() not in idx
    return stage_mem(p, loop, f"{reduce_stmt.name()}[{', '.join(idx)}]", name)


def split_loop(p, loop, width):
    """Cut `loop` into full `width`-wide pieces and a tail, and unroll the pieces."""
    loop = p.forward(loop)
    outer = loop.name() + "o"
    inner = loop.name() + "i"
    p = divide_loop(p, loop, width, [outer, inner], tail="cut")
    p = unroll_loop(p, p.forward(loop).body()[0])
    return p


def schedule(p):
    sum_stmt = p.find("total[_] += _")  # found once, used by all three steps
    p = fuse_following_loops(p, p.find_loop("j"))
    p = accumulate_locally(p, sum_stmt, "acc")
    # The j loop is the parent of the sum statement, wherever it is now.
    p = split_loop(p, p.forward(sum_stmt).parent(), 4)
    return simplify(p)


scale_rows_fast = rename(schedule(scale_rows), "scale_rows_fast")
show("4. scheduled with fuse_following_loops, accumulate_locally, split_loop", scale_rows_fast)

__all__ = ["scale_rows", "scale_rows_fast"]
