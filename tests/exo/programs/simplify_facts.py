# simplify: branch facts, constant branches, empty loops, float folding. No upstream
# golden covers these; the expected output was worked out by hand from upstream's
# DoSimplify (facts from `e == c` conditions, `X / M == 0` implying `X % M == X`;
# a constant `if` replaced by its taken branch; `seq(c, c)` loops deleted; blocks
# emptied by deletion hold `pass`; loops whose body is `pass` are kept).
from __future__ import annotations
from exo import proc
from exo.stdlib.scheduling import simplify

@proc
def foo(n: size, x: R[n + 8]):
    for i in seq(0, n):
        if i == 3:
            x[i] = 1.0
            x[i + 1] = 2.0
        else:
            x[i] = 3.0
    if 1 > 2:
        if True:
            pass
    if True:
        if False:
            x[0] = 1.0
    x[0] = 2.0
    for j in seq(4, 4):
        x[j] = 1.0
    for k in seq(0, 2):
        if 2 + 2 == 5:
            x[k] = 1.0
    if n / 4 == 0:
        x[n % 4] = 1.0
    x[0] = 2.0 * 1.0 + 0.0
print(simplify(foo))
