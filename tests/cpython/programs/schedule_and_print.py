# Run by both hosts (python3 with exocc's package, and `exocc run`): same output.
from __future__ import annotations

from exo import proc
from exo.libs.memories import DRAM
from exo.stdlib.scheduling import divide_loop, reorder_loops, simplify, stage_mem


@proc
def blur(n: size, x: f32[n + 2] @ DRAM, y: f32[n] @ DRAM):
    for i in seq(0, n):
        y[i] = (x[i] + x[i + 1] + x[i + 2]) / 3.0


print(blur)
s = divide_loop(blur, "i", 4, ["io", "ii"], tail="cut_and_guard")
print(s)
print(simplify(s))
print(s.find_loop("ii"))
try:
    reorder_loops(s, "io ii")
except Exception as e:
    print(type(e).__name__, e)
print(blur.c_code_str())
