# A refusal names the primitive the user called, also where one native entry serves
# several primitives (set_precision / set_window / set_memory) or one primitive has two
# (resize_dim and its fold form).
from __future__ import annotations
from exo import proc, SchedulingError
from exo.stdlib.scheduling import *


@proc
def foo(n: size, a: f32, x: f32[8], y: f32[8]):
    t: f32[8]
    for i in seq(0, 8):
        t[i] = x[i]
    for i in seq(0, 8):
        y[i] = t[7 - i]


def refusal(name, schedule):
    try:
        schedule()
        print(name, "accepted")
    except SchedulingError as e:
        text = str(e)
        print(name, "named" if text.startswith(name + ": ") else "NOT NAMED", "|", text.splitlines()[0][:90])


refusal("set_window", lambda: set_window(foo, "a", True))
refusal("resize_dim", lambda: resize_dim(foo, "t", 0, 4, 0, fold=True))
refusal("resize_dim", lambda: resize_dim(foo, "t", 0, 4, 0))
