# Syntax whose fields are rare in real modules; the module store's encoding must keep
# each of them (check_parser.sh compares the decoded tree with CPython's too).
from __future__ import annotations
from . import sibling
from ..pkg.mod import (a as b, c)
import os.path as osp, sys


async def fetch(x, /, y=1, *args, z, w=2, **kw) -> "int":
    return x


(n): int = 3
obj.attr: list[int]
m[0]: float = 1.5
u = u"text" + "more" + b"\x00\xff".decode()
big = 0xFFFF_FFFF_FFFF + 1e308 * 10 - 0.1 if False else ...
f = f"{u!r:>{n}} {u!s} {u!a} {n:0{n}.{n}f} {'nested'=} {{literal}}"
g = lambda *a, k=None, **kw: (yield) if False else (a, k, kw)
lst = [*range(3), *[4]]
dct = {**{"a": 1}, "b": 2}
st = {x for x in range(3) if x if not x}
gen = (y for x in [[1]] for y in x)
dc = {k: v for k, v in {}.items()}
s = lst[1:2, ::3, ...]
del s, dct["a"]
x = y = z = -~+1
x @= y
(w := 10)


class C(object, metaclass=type, **{}):
    global gg
    def f(self):
        nonlocal_holder = 1
        def inner():
            nonlocal nonlocal_holder
            yield from range(nonlocal_holder)
        return inner


try:
    pass
except (ValueError, TypeError) as e:
    raise RuntimeError("x") from e
except Exception:
    raise
else:
    assert x, "msg"
finally:
    pass

with open("a") as fa, open("b"):
    pass

for i in range(3):
    continue
else:
    pass
while False:
    break
else:
    pass
