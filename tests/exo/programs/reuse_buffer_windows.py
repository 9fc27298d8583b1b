# reuse_buffer renames the replaced buffer everywhere after it, including the source
# buffer that window types record (EXOCC_VERIFY_IR, set by the test suites, checks that
# no mention of the old buffer is left behind).
from __future__ import annotations
from exo import proc
from exo.stdlib.scheduling import *


@proc
def copy4(dst: [f32][4], src: [f32][4]):
    for i in seq(0, 4):
        dst[i] = src[i]


@proc
def twice(x: f32[4], y: f32[4]):
    a: f32[4]
    copy4(a[0:4], x[0:4])
    copy4(y[0:4], a[0:4])
    b: f32[4]
    copy4(b[0:4], x[0:4])
    copy4(y[0:4], b[0:4])


twice = reuse_buffer(twice, "a : _", "b : _")
print(twice)
# the window of the reused buffer can be staged and inlined like any other
print(simplify(inline(twice, "copy4(_) #3")))
