# add_loop(guard=True) forwards a cursor to the wrapped statement as upstream does:
# to the guard `if` that now sits where the statement was (one level of wrapping),
# which upstream's gemmini add_guard helper relies on to sink the guard into loops.
from __future__ import annotations
from exo import proc
from exo.stdlib.scheduling import *


@proc
def foo(x: f32[8]):
    for k in seq(0, 8):
        x[k] = 1.0


loop = foo.find_loop("k")
bar = add_loop(foo, loop, "i", 4, guard=True)
fwd = bar.forward(loop)
print(type(fwd).__name__)
print(fwd)
