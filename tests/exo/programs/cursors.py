# Cursors: find with patterns, navigation, kinds, printing with markers, forwarding.
from __future__ import annotations

from exo import *
from exo.API_cursors import *
from exo.stdlib.scheduling import *


@proc
def foo(n: size, x: f32[n], y: f32[n]):
    tmp: f32
    for i in seq(0, n):
        tmp = x[i] * 2.0
        y[i] = tmp + 1.0
    for j in seq(0, n):
        if j < 3:
            y[j] += x[j]
        else:
            pass


c = foo.find("tmp = _")
print(type(c).__name__, c.name(), c.rhs().op(), c.rhs().lhs().name(), c.rhs().rhs().value())
loop = foo.find_loop("j")
print(type(loop).__name__, loop.name(), loop.hi().name(), len(loop.body()))
branch = loop.body()[0]
print(type(branch).__name__, branch.cond().op(), len(branch.orelse()), type(branch.orelse()[0]).__name__)
print([type(r).__name__ for r in foo.find("x[_]", many=True)])
print(foo.find("y[_] += _").parent().parent() == loop, foo.find("y[_] = _").prev().name())
print(bool(foo.find("y[_] = _").next()), isinstance(foo.find("y[_] = _").next(), InvalidCursor))
print(type(foo.find("tmp = _; y[_] = _")).__name__, len(foo.find("tmp = _; y[_] = _")))
print([a.name() for a in foo.args()], foo.args()[1].is_tensor(), foo.args()[1].type(), len(foo.args()[1].shape()))
print(foo.find_alloc_or_arg("x").name(), foo.find_alloc_or_arg("tmp").name(), foo.find("tmp : _").type())
print(foo.find("j < 3").rhs().value(), foo.find_loop("i").is_ancestor_of(c))
print(foo.find("tmp = _").expand(1) == foo.find_loop("i").body())
try:
    foo.find("z = _")
except SchedulingError as e:
    print("SchedulingError:", e)
try:
    foo.body()[0:3:2]
except IndexError as e:
    print("IndexError:", e)

print(foo.find("tmp = _"))
print(foo.find("tmp = _").after())
print(foo.find_loop("j").body())
print(foo._root())

# Forwarding through rewrites.
p = divide_loop(foo, "i", 4, ["io", "ii"], tail="cut")
print(p.forward(c))
q = fission(p, p.find("tmp = _ #0").after(), unsafe_disable_checks=True)
print(q.forward(c).parent().name(), q.forward(foo.find("y[_] = _")).parent().name())


@proc
def pair(x: f32, y: f32):
    x = 1.0
    y = 2.0
    pass


r = reorder_stmts(pair, pair.body()[0:2])
print(r)
print(r.forward(pair.find("pass")))
# as upstream, the second statement moved before the first: both stay valid
print(r.forward(pair.find("x = _")))
print(r.forward(pair.find("y = _")))
try:
    reorder_stmts(foo, foo.find("tmp : _").expand(0, 1))
except SchedulingError as e:
    print("SchedulingError:", e)


# Pattern unquotes: {name} and {name.attr} come from the calling scope.
def find_value(p, val, it):
    return p.find("y[_] = {val}"), p.find_loop("{it}")


@proc
def consts(x: f32[4], y: f32[4]):
    for i in seq(0, 4):
        y[i] = 3.0
    for j in seq(0, 4):
        y[j] = 4.0


found, found_loop = find_value(consts, 4.0, "j")
print(found.rhs().value(), found_loop.name())
