# Procedure methods beyond printing: transpose, add_assertion, is_eq, equality, Procedure(p).
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *


@proc
def copy2d(n: size, m: size, a: f32[n, m], b: f32[n, m]):
    assert stride(a, 1) == 1
    for i in seq(0, n):
        for j in seq(0, m):
            b[i, j] = a[i, j]


# The asserts stay as written over the new dimensions (upstream's transpose): the caller
# of the transposed proc passes a layout whose last dimension is contiguous.
print(copy2d.transpose(copy2d.args()[2]))

try:
    copy2d.transpose(copy2d.args()[0])
except TypeError as e:
    print("TypeError:", e)
print(copy2d.add_assertion("n % 4 == 0"))
try:
    copy2d.add_assertion("k > 0")
except ParseFragmentError as e:
    print("ParseFragmentError:", e)

scheduled = reorder_loops(copy2d, "i j")
print(scheduled.is_eq(copy2d), copy2d.is_eq(divide_loop(scheduled, "j", 2, ["jo", "ji"])))


@proc
def other(n: size, m: size, a: f32[n, m], b: f32[n, m]):
    for i in seq(0, n):
        for j in seq(0, m):
            b[i, j] = a[i, j]


print(copy2d.is_eq(other), copy2d == Procedure(copy2d), copy2d != other, copy2d != 3)


@proc
def copy4(dst: [f32][4], src: [f32][4]):
    for i in seq(0, 4):
        dst[i] = src[i]


as_instr = make_instr(copy4, "memcpy({dst_data}, {src_data}, 16);", "#include <string.h>")
print(as_instr)
print(as_instr.is_instr(), as_instr.get_instr(), copy4.is_instr())
