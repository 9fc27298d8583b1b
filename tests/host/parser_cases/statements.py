"""Module docstring."""
from __future__ import annotations
import os, sys as system, a.b.c, a.b as ab
from . import x
from .. import y as z
from ...pkg.mod import (a, b as c,)
from mod import *
from .mod import d
global gg
x: int
y: list[int] = []
(z): int = 1
obj.attr: str = 'a'
obj[0]: int
a = b = c = 1
a, b = b, a
[a, b] = c
(a, b), c = d
a, *b = c
*a, b = c
a, (*b, c) = d
del a, b[0], c.d, (e, f), [g]
del (a)
assert x, 'msg'
assert x
raise
raise X
raise X from Y
pass
x = yield_ = 1


@decorator
@decorator.with_args(1, k=2)
@(lambda f: f)
def f(a, b: int, /, c, d=1, *args: str, e, f: int = 2, **kwargs) -> None:
    """Docstring."""
    global g
    x = yield
    y = yield from z
    yield
    yield 1, 2
    yield *a, b
    z = yield a
    return
    return 1
    return 1, *a


def g(*, a, b=1):
    def h():
        nonlocal a
        return a
    return lambda *, k: k


def posonly(a, /): pass
def kwonly(*, a): pass
def star(*a): pass
def dstar(**k): pass
def empty(): pass
def defaults(a=1, /, b=2, *, c, d=4): pass


class A: pass


class B(A, metaclass=M, **kw):
    x = 1

    @property
    def p(self):
        return self._p

    class Inner(object):
        pass


@dataclass(frozen=True)
class C(*bases):
    a: int = 0


if a:
    pass
elif b:
    pass
elif c:
    x = 1
else:
    pass

while x:
    break
else:
    continue_ = 1

for i in range(3):
    continue
else:
    pass

for i, (j, k) in x: pass
for *a, b in c: pass
for x in *a, *b: pass

try:
    pass
except ValueError:
    pass
except (TypeError, KeyError) as e:
    raise RuntimeError('x') from e
except:
    pass
else:
    pass
finally:
    pass

try:
    pass
finally:
    pass

with a: pass
with a as b: pass
with a as b, c as d: pass
with a as (b, c): pass
with (a as b, c as d): pass
with (a as b, c as d,): pass
with (a, b) as c: pass
with (a, b): pass
with (a): pass
with (yield_): pass
with (
    open('x') as f,
    open('y') as g,
):
    pass

if x: y = 1; z = 2
while True: break
match = 1
match.x = 2
match(x)
case = 3
_ = 4
type = 5
print(match, case, type)
x = lambda: (yield)
x = [lambda: (yield) for _ in y]
