# A pattern or an expression fragment that is not Python raises SyntaxError (as upstream's
# ast.parse does), and the program goes on.
from __future__ import annotations
from exo import proc
from exo.stdlib.scheduling import *


@proc
def foo(n: size, A: i8[n]):
    for i in seq(0, n):
        t: i8
        t = 1
        A[i] = t


for bad in (lambda: foo.find("A = [0:N]_"),
            lambda: foo.find("for i in _:\n  _\n  bad indent"),
            lambda: foo.find_loop("i i"),
            lambda: expand_dim(foo, "t", "n +", "i"),
            lambda: expand_dim(foo, "t", "n", "i)")):
    try:
        bad()
    except SyntaxError as e:
        print(type(e).__name__ + ":", e)
print(expand_dim(foo, "t", "n", "i"))
