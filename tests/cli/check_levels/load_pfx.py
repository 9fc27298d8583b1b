# The replace conflict of ExoBLAS's triangular kernels, minimally: an instruction whose
# `assert m <= 8` holds only by the caller's reasoning, replacing a loop in a proc that
# does not bound n. Upstream accepts the replace (it never checks an instruction's
# asserts at the call site); exocc's strict check level refuses it.
from __future__ import annotations

from exo import instr, proc
from exo.stdlib.scheduling import replace


@instr("load_pfx({m}, {dst_data}, &{src_data});")
def load_pfx(m: size, dst: [f32][8], src: [f32][8]):
    assert m <= 8
    for i in seq(0, 8):
        if i < m:
            dst[i] = src[i]


@proc
def copy_prefix(n: size, y: f32[8], x: f32[8]):
    for i in seq(0, 8):
        if i < n:
            y[i] = x[i]


copy_prefix = replace(copy_prefix, "for i in _: _", load_pfx)
