# Cursors of every kind (statement, block, gap, expression, argument) forwarded through
# every kind of edit a primitive records: insert, replace, wrap, fission, unwrap, absorb,
# swap and move, through histories of several steps, and the ways a location is lost
# (its node or block gone, a step no cursor crosses, a proc from another history).
from __future__ import annotations
from exo import *
from exo.API import Procedure
from exo.API_cursors import InvalidCursorError
from exo.stdlib.scheduling import *


@proc
def k(n: size, x: f32[n, 8], y: f32[n, 8]):
    for i in seq(0, n):
        for j in seq(0, 8):
            x[i, j] = 1.0
            y[i, j] = 2.0
    for i2 in seq(0, n):
        for j2 in seq(0, 8):
            x[i2, j2] += y[i2, j2]
    pass


def cursors(p):
    writes = p.find_loop("j").body()
    return {
        "loop i": p.find_loop("i"),
        "x write": p.find("x[_] = _"),
        "both writes": writes,
        "second write": writes[1:],
        "gap after x write": p.find("x[_] = _").after(),
        "rhs 2.0": p.find("y[_] = _").rhs(),
        "loop i2": p.find_loop("i2"),
        "reduce": p.find("x[_] += _"),
        "pass": p.body()[2],
        "arg y": p.args()[2],
    }


origin = cursors(k)


def where(impl):
    """A location as the cursor layer keeps it."""
    if hasattr(impl, "path"):
        return f"node {impl.path}"
    if hasattr(impl, "anchor"):
        return f"gap {impl.type.name.lower()} {impl.anchor}"
    return f"block {impl.parent} {impl.field}[{impl.lo}:{impl.hi}]"


def show(title, p):
    print(f"== {title}")
    for name, c in origin.items():
        try:
            f = p.forward(c)
        except (InvalidCursorError, NotImplementedError) as e:
            print(f"{name}: {type(e).__name__}: {e}")
            continue
        if name == "arg y":
            print(f"{name}: {type(f).__name__} {f.name()}")
        else:
            print(f"{name}: {type(f).__name__} {where(f._impl)}")


p = insert_pass(k, k.find_loop("i").before())  # insert
show("insert_pass before loop i", p)
p = delete_pass(p)  # replace
show("then delete_pass", p)
p = fission(p, p.find("x[_] = _").after(), n_lifts=2)  # fission (loops j and i)
show("then fission after the x write", p)
p = fuse(p, p.find_loop("i"), p.find_loop("i #1"))  # absorb
show("then fuse the two loops i", p)
p = reorder_loops(p, p.find_loop("i2"))  # swap
show("then reorder loops i2, j2", p)
p = add_loop(p, p.find("x[_] = _"), "t", 2)  # wrap
show("then add_loop around the x write", p)
p = remove_loop(p, p.find_loop("t"))  # unwrap
show("then remove_loop t", p)
p = reorder_stmts(p, p.find_loop("j").expand(0, 1))  # move
show("then reorder the loops j", p)
p = autofission(p, p.find_loop("j").after(), n_lifts=1)  # a step no cursor crosses
show("then autofission", p)



def twin():
    """A Procedure of k's own LoopIR, without its history: equal to k, so its root
    stands for k's."""
    return Procedure(k.INTERNAL_proc())


def stranger():
    """k's LoopIR under another name, without a history: not equal to k, so a history
    of its own."""
    return Procedure(rename(k, "k_other").INTERNAL_proc())


renamed = rename(k, "renamed")
for title, source in (("from an equal proc", twin()), ("from an unrelated proc", stranger())):
    print(f"== {title}")
    theirs = cursors(source)
    for name in ("loop i", "both writes", "arg y"):
        try:
            f = renamed.forward(theirs[name])
            print(f"{name}: {type(f).__name__} {f.name() if name == 'arg y' else where(f._impl)}")
        except (InvalidCursorError, NotImplementedError) as e:
            print(f"{name}: {type(e).__name__}: {e}")

print("== fuse loop i with loop i2")
q = fuse(k, k.find_loop("i"), k.find_loop("i2"))
for name, c in (("from loop i2 on", k.body()[1:3]), ("loops i and i2", k.body()[0:2]), ("loop i2", k.find_loop("i2")),
                ("reduce", k.find("x[_] += _")), ("pass", k.body()[2])):
    try:
        print(f"{name}: {where(q.forward(c)._impl)}")
    except InvalidCursorError as e:
        print(f"{name}: InvalidCursorError: {e}")
