"""toyacc: a made-up tile accelerator, defined entirely in this test directory to show
that a hardware library needs no exocc rebuild (tests/exo/accel/README.md).

The accelerator has a scratchpad of f32 rows, 8 elements wide, addressed by element
index (a `toy_addr_t`, not a C pointer). Buffers placed in it (`TOY_TILE`) are only
touched by its instructions: load rows from DRAM, zero rows, multiply-accumulate a
tile by an 8x8 tile, and store rows to DRAM multiplied by a configured scale.
toy_accel.h emulates it in C.
"""
from __future__ import annotations

from exo import DRAM, Memory, config, instr
from exo.core.memory import MemGenError, generate_offset

ROW = 8


class TOY_TILE(Memory):
    """Scratchpad rows of 8 f32. A buffer is an address into the scratchpad; an
    element is TOY_AT(buffer, offset)."""

    @classmethod
    def global_(cls):
        return '#include "toy_accel.h"'

    @classmethod
    def can_read(cls):
        return False

    @classmethod
    def alloc(cls, new_name, prim_type, shape, srcinfo):
        if prim_type != "float":
            raise MemGenError(f"{srcinfo}: toyacc tiles hold f32 only, got {prim_type}")
        if not shape or shape[-1] != str(ROW):
            raise MemGenError(f"{srcinfo}: toyacc tiles must be rows of {ROW}, got shape {shape}")
        for extent in shape:
            if not extent.isdecimal():
                raise MemGenError(f"{srcinfo}: toyacc tiles need a constant size, got {extent}")
        elements = " * ".join(shape)
        return f"toy_addr_t {new_name} = toy_alloc({elements});"

    @classmethod
    def free(cls, new_name, prim_type, shape, srcinfo):
        return f"toy_free({new_name});"

    @classmethod
    def window(cls, basetyp, baseptr, indices, strides, srcinfo):
        return f"TOY_AT({baseptr}, {generate_offset(indices, strides)})"


@config
class ToyCfg:
    scale: f32


# The instructions take the row count n; the C gets scratchpad addresses for tile
# operands ({x_data}) and a pointer plus row stride for DRAM operands.


@instr("toy_set_scale(*{s});")
def toy_set_scale(s: f32):
    ToyCfg.scale = s


@instr("toy_load(&{src_data}, {src}.strides[0], {dst_data}, {n});")
def toy_load(n: size, src: [f32][n, 8] @ DRAM, dst: [f32][n, 8] @ TOY_TILE):
    assert stride(src, 1) == 1
    assert stride(dst, 0) == 8
    assert stride(dst, 1) == 1
    for i in seq(0, n):
        for j in seq(0, 8):
            dst[i, j] = src[i, j]


@instr("toy_zero({dst_data}, {n});")
def toy_zero(n: size, dst: [f32][n, 8] @ TOY_TILE):
    assert stride(dst, 0) == 8
    assert stride(dst, 1) == 1
    for i in seq(0, n):
        for j in seq(0, 8):
            dst[i, j] = 0.0


# acc (n x 8) += a (n x 8) * b (8 x 8)
@instr("toy_mac({acc_data}, {a_data}, {b_data}, {n});")
def toy_mac(n: size, acc: [f32][n, 8] @ TOY_TILE, a: [f32][n, 8] @ TOY_TILE, b: [f32][8, 8] @ TOY_TILE):
    assert stride(acc, 0) == 8
    assert stride(a, 0) == 8
    assert stride(b, 0) == 8
    for i in seq(0, n):
        for k in seq(0, 8):
            for j in seq(0, 8):
                acc[i, j] += a[i, k] * b[k, j]


# The scale comes from the configuration, not from an argument.
@instr("toy_store_scaled({src_data}, &{dst_data}, {dst}.strides[0], {n});")
def toy_store_scaled(n: size, src: [f32][n, 8] @ TOY_TILE, dst: [f32][n, 8] @ DRAM):
    assert stride(src, 0) == 8
    assert stride(dst, 1) == 1
    for i in seq(0, n):
        for j in seq(0, 8):
            dst[i, j] = src[i, j] * ToyCfg.scale
