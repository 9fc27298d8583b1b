# call_eqv between procs equivalent only up to a config's final value (bind_config,
# write_config and delete_config change it): the swap is refused where the caller reads
# that config afterwards, and a caller that leaves the change visible inherits it.
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *


@config
class CFG:
    scale: f32


@proc
def scale4(x: f32[4], s: f32):
    for i in seq(0, 4):
        x[i] = s * x[i]


scale4_cfg = bind_config(scale4, "s", CFG, "scale")
print(scale4_cfg)


@proc
def reads_after(x: f32[4], s: f32, y: f32):
    scale4(x, s)
    y = CFG.scale


@proc
def overwrites_after(x: f32[4], s: f32):
    scale4(x, s)
    CFG.scale = 1.0


@proc
def leaves_visible(x: f32[4], s: f32):
    scale4(x, s)


@proc
def top(x: f32[4], s: f32, y: f32):
    leaves_visible(x, s)
    y = CFG.scale


def attempt(p, pattern, eqv):
    try:
        r = call_eqv(p, pattern, eqv)
        print(r)
        return r
    except SchedulingError as e:
        print("SchedulingError:", e)


attempt(reads_after, "scale4(_)", scale4_cfg)
attempt(overwrites_after, "scale4(_)", scale4_cfg)
leaves_visible_cfg = attempt(leaves_visible, "scale4(_)", scale4_cfg)
# leaves_visible_cfg changes CFG.scale: its own callers may not read it after the call
attempt(top, "leaves_visible(_)", leaves_visible_cfg)


# a read afterwards is fine when the new callee leaves the value the config already had
@proc
def same_value_after(x: f32[4], s: f32, y: f32):
    CFG.scale = s
    scale4(x, s)
    y = CFG.scale


attempt(same_value_after, "scale4(_)", scale4_cfg)

# ... but not when the value differs
@proc
def other_value_after(x: f32[4], s: f32, y: f32):
    CFG.scale = 2.0
    scale4(x, s)
    y = CFG.scale


attempt(other_value_after, "scale4(_)", scale4_cfg)
# equivalent procs with no config change swap anywhere
attempt(reads_after, "scale4(_)", rename(scale4, "scale4_renamed"))
