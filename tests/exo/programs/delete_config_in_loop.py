# delete_config of a config write inside a loop that stores the value the field
# already holds: the value before the loop, and the value every iteration stores, are
# the same argument (never written by the proc), so the write is redundant. Storing an
# argument the proc writes, or a different value, still counts as a change.
from __future__ import annotations
from exo import proc, instr, config, DRAM
from exo.stdlib.scheduling import *


@config
class Cfg:
    scale: f32


@instr("set_scale({s});")
def set_scale(s: f32):
    Cfg.scale = s


@proc
def scaled(x: f32[1]):
    x[0] = x[0] * Cfg.scale


@proc
def same_value(n: size, s: f32, x: f32[n]):
    set_scale(s)
    for i in seq(0, n):
        for j in seq(0, 2):
            set_scale(s)
            scaled(x[i:i + 1])


@proc
def written_arg(n: size, s: f32, x: f32[n]):
    set_scale(s)
    s = 2.0
    for i in seq(0, n):
        set_scale(s)
        scaled(x[i:i + 1])


@proc
def other_value(n: size, s: f32, t: f32, x: f32[n]):
    set_scale(s)
    for i in seq(0, n):
        set_scale(t)
        scaled(x[i:i + 1])


print(delete_config(same_value, "set_scale(_) #1"))
for p in [written_arg, other_value]:
    try:
        delete_config(p, "set_scale(_) #1")
        print(p.name(), "accepted")
    except SchedulingError as e:
        print(p.name(), "rejected:", str(e).split(";")[1].strip())
