# remove_loop forwards cursors into the removed loop's body to the statements that
# took its place (lift_config-style hoisting: fission after a statement, remove the
# loop left around it, continue with the same cursor).
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *


@proc
def fill(n: size, x: f32[n], y: f32):
    for j in seq(0, n):
        y = 1.0
        x[j] = 0.0


write = fill.find("y = _")
p = fission(fill, write.after())
p = remove_loop(p, p.forward(write).parent())
print(p)
print(p.forward(write))
# The removed loop itself no longer exists.
try:
    p.forward(fill.find_loop("j"))
    print("loop cursor still valid")
except InvalidCursorError:
    print("InvalidCursorError for the removed loop")


@proc
def maybe_empty(n: index, y: f32):
    assert n >= 0
    for j in seq(0, n):
        y = 1.0


# With a guard (n may be 0), the body stays where it was, under the new if.
write = maybe_empty.find("y = _")
q = remove_loop(maybe_empty, write.parent())
print(q)
print(q.forward(write))
