# bind_config only binds a value to a config field of the same type.
from __future__ import annotations
from exo import proc, config
from exo.stdlib.scheduling import *


@config
class Cfg:
    i: index
    x: f32


@proc
def foo(A: f32[10]):
    for i in seq(0, 10):
        tmp: f32
        A[i] = tmp


try:
    bind_config(foo, "tmp", Cfg, "i")
except TypeError as e:
    print("TypeError:", e)
print(bind_config(foo, "tmp", Cfg, "x"))
