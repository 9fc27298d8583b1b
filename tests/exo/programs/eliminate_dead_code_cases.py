# eliminate_dead_code on an `if` decides its condition in the statement's context: always
# true keeps the body, always false the orelse, neither is refused. Where the context
# itself cannot hold, both are provable and the body is kept, as upstream (which tries
# true first).
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *


def attempt(p, pattern):
    try:
        print(eliminate_dead_code(p, pattern))
    except SchedulingError as e:
        print(f"SchedulingError: {e}")


@proc
def p(n: size, x: f32[n]):
    assert n >= 4
    for i in seq(0, n):
        if i < n:
            x[i] = 1.0
        else:
            x[i] = 2.0
    for j in seq(0, n):
        if j + n < 2:
            x[j] = 3.0
        else:
            x[j] = 4.0
    for k in seq(0, n):
        if k < 2:
            x[k] = 5.0
    if n < 2:
        if n > 2:
            x[0] = 6.0
        else:
            x[0] = 7.0


attempt(p, "if i < n: _")
attempt(p, "if j + n < 2: _")
attempt(p, "if k < 2: _")
attempt(p, "if n > 2: _")
