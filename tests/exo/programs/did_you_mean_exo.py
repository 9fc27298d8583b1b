# Patterns and names that match nothing say what exists nearby; upstream's wording
# stays first. The uncaught NameError at the end suggests the primitive's name.
from __future__ import annotations

from exo import *
from exo.API_scheduling import *
from exo.stdlib.scheduling import *


@proc
def scale(n: size, x: f32[n], y: f32[n]):
    tmp: f32
    for io in seq(0, n):
        tmp = x[io] * 2.0
        y[io] = tmp
    for jo in seq(0, n):
        y[jo] += x[jo]


def show(f):
    try:
        f()
    except SchedulingError as e:
        print(type(e).__name__, str(e).replace("\n", " | "))


show(lambda: scale.find_loop("ioo"))           # a loop that does not exist: the nearest and all
show(lambda: scale.find_loop("zzz"))           # nothing near
show(lambda: scale.find_loop("io #3"))         # the loop exists: no name hint
show(lambda: scale.find("tmpp = _"))           # an unknown buffer in a statement pattern
show(lambda: scale.find("y[_] += _ #4"))
show(lambda: expand_dim(scale, "tnp", "n", "io"))
show(lambda: stage_mem(scale, scale.find_loop("io"), "xx[0:n]", "x_tmp"))
print(scale.find_loop("io").name())
p = divide_lop(scale, "io", 4, ["ioo", "ioi"], tail="cut")
