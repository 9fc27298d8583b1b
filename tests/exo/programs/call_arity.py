# A call must pass exactly the callee's parameters (upstream zips the two lists: an
# extra argument is dropped, a missing one reaches the C compiler).
from __future__ import annotations
from exo import *


@proc
def cp(x: f32[8]):
    x[0] = 1.0


try:

    @proc
    def too_many(x: f32[8]):
        cp(x, x)

except TypeError as e:
    print(e)

try:

    @proc
    def too_few(n: size, x: f32[8]):
        cp()

except TypeError as e:
    print(e)
