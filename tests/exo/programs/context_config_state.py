# A scheduling check's context is the state at the start of the block it looks at: the
# configs the statements before it wrote, directly or through a call, on the way in.
# The analysis walks only the earlier statements that can change that state, so the
# cases below put each kind of writer among statements that cannot (loops, an
# allocation, a call that writes no config) and check that eliminate_dead_code still
# sees the value: a condition known True is removed; one that is unknown is refused.
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *


@config
class Cfg:
    on: bool


@proc
def turn_on():
    Cfg.on = True


@proc
def zero(n: size, x: f32[n]):
    for i in seq(0, n):
        x[i] = 0.0


def verdict(p):
    try:
        q = eliminate_dead_code(p, p.find("if Cfg.on: _"))
    except SchedulingError as e:
        return "refused: " + str(e).split(": ", 1)[1]
    return "kept" if "if Cfg.on" in str(q) else "removed"


@proc
def written_directly(n: size, x: f32[n]):
    Cfg.on = True
    for i in seq(0, n):
        x[i] = 1.0
    tmp: f32[4]
    zero(n, x)
    if Cfg.on:
        x[0] = 2.0


@proc
def written_by_a_call(n: size, x: f32[n]):
    for i in seq(0, n):
        x[i] = 1.0
    turn_on()
    zero(n, x)
    if Cfg.on:
        x[0] = 2.0


@proc
def written_in_an_outer_block(n: size, x: f32[n]):
    turn_on()
    for i in seq(0, n):
        zero(n, x)
        if Cfg.on:
            x[i] = 2.0


@proc
def never_written(n: size, x: f32[n]):
    for i in seq(0, n):
        x[i] = 1.0
    zero(n, x)
    if Cfg.on:
        x[0] = 2.0


@proc
def written_only_sometimes(n: size, x: f32[n]):
    if n > 4:
        turn_on()
    zero(n, x)
    if Cfg.on:
        x[0] = 2.0


for p in [written_directly, written_by_a_call, written_in_an_outer_block, never_written, written_only_sometimes]:
    print(p.name(), verdict(p))
