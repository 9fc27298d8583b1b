from __future__ import annotations
from exo import proc, DRAM

@proc
def foo(n: size, x: f32[n] @ DRAM, y: f32[n]):
    assert n % 4 == 0
    for i in seq(0, n):
        y[i] = x[i] * 2.0 + 1.0
    tmp: f32[4]
    for j in seq(0, 4):
        tmp[j] = 0.0
        tmp[j] += y[j]

print(foo)
print(foo.name(), foo.is_instr())
