"""Gemmini hardware library (exo.platforms.gemmini): a 16x16 int8 systolic array.

Gemmini has two private memories, both addressed in rows of 16 elements
(exo.libs.memories): the scratchpad GEMM_SCRATCH (i8 operands) and the accumulator
GEMM_ACCUM (i32 results). DRAM <-> scratchpad/accumulator moves (mvin/mvout) and the
matrix multiply are RoCC commands; each needs some state set by a configuration command
first (the DRAM row stride of a load, the scale/activation of a store, the dataflow of
the array). That state is modelled by configs:

  ConfigLoad, ConfigLoad_id1, ConfigLoad_id2   src_stride of the three load queues
  ConfigLoadAcc                                 whether the accumulator load is set up
  ConfigStore                                   scale, dst_stride, act (relu) of stores
  ConfigMatmul                                  whether the array is configured

Instructions come in three forms:
  X      configures and runs in one go (the C emits the config command too);
  do_X   only runs; it asserts the config it needs (or reads it in its body);
  X_v2   the same semantics as X, written as `config_X(...); do_X(...)`: inlining it
         exposes the config call, which can then be hoisted out of loops (lift_config).
X_v2 is scheduled from X (so call_eqv accepts swapping one for the other) rather than
written out. Names, arguments, bodies and C strings are those of upstream Exo's
exo.platforms.gemmini, whose programs and goldens depend on them; so are the
scheduling helpers at the end (upstream's recipes for its matmul and conv kernels).
"""
from __future__ import annotations

from exo import proc, instr, DRAM, config
from exo.libs.memories import GEMM_SCRATCH, GEMM_ACCUM
from exo.libs.externs import select, relu
from exo.stdlib.scheduling import *


# ----------------------------------------------------------------------------------
# Scheduling helpers used while building the library and by its users
# ----------------------------------------------------------------------------------


def _hoist_within_block(p, stmt):
    """Move `stmt` up past its predecessors for as long as reorder_stmts allows."""
    while True:
        try:
            p = reorder_stmts(p, p.forward(stmt).expand(1, 0))
        except Exception:
            return p


def lift_config(p, config_str):
    """Hoist the config write (or config instruction call) matching `config_str` out of
    its enclosing loops: bring it to the top of its block, split the loop after it and
    drop the loop left around it; repeat until a step fails (no loop left, or the write
    depends on the loop)."""
    config_stmt = p.find(config_str)
    while True:
        p = _hoist_within_block(p, config_stmt)
        try:
            # the write goes ahead of all the loop's iterations; the split is unchecked
            # because the config is read by the statements after it in every iteration
            p = fission(p, p.forward(config_stmt).after(), unsafe_disable_checks=True)
            p = remove_loop(p, p.forward(config_stmt).parent())
        except Exception:
            return p


def set_prec_mem(p, bufname, precision, memory):
    p = set_memory(p, bufname, memory)
    p = set_precision(p, bufname, precision)
    return p


old_split = repeat(divide_loop)
old_reorder = repeat(reorder_loops)
old_unroll = repeat(unroll_loop)


def old_fission_after(proc, stmt_pattern, n_lifts=1):
    """autofission after every statement matching `stmt_pattern`."""
    return loop_hack(autofission, lambda p: [c.after() for c in p.find_all(stmt_pattern)])(proc, n_lifts)


def old_lift_alloc(proc, stmt_pat, n_lifts=1, mode="row", size=None, keep_dims=True):
    """autolift_alloc every allocation matching `stmt_pat`."""
    return loop_hack(autolift_alloc, lambda p: p.find_all(stmt_pat))(proc, n_lifts, mode, size, keep_dims)


def _config_then_run(p, cfg, field, value, run_instr, config_instr):
    """Rewrite p's loop nest as `config_instr(...); run_instr(...)`: write `value` to
    cfg.field at the top, then replace the loop by `run_instr` (which relies on that
    field) and the write by `config_instr`."""
    p = write_config(p, p.body().before(), cfg, field, value)
    p = replace(p, "for i in _:_", run_instr)
    p = replace(p, f"{cfg.name()}.{field} = _", config_instr)
    return p


# ----------------------------------------------------------------------------------
# Configuration state
# ----------------------------------------------------------------------------------


@config
class ConfigLoad:
    src_stride: stride


@config
class ConfigLoad_id1:
    src_stride: stride


@config
class ConfigLoad_id2:
    src_stride: stride


@config
class ConfigLoadAcc:
    stride_set: bool


@config
class ConfigStore:
    scale: f32
    dst_stride: stride
    act: bool


@config
class ConfigMatmul:
    done: bool


_LOAD_CONFIGS = [ConfigLoad, ConfigLoad_id1, ConfigLoad_id2]


# ----------------------------------------------------------------------------------
# Scalar helpers of the store path: scale an accumulator value, clamp to i8
# ----------------------------------------------------------------------------------


# ACC_SCALE is Gemmini's scaling macro (multiply by a float, rounding as the hardware).
@instr("{dst}[0] = ACC_SCALE({src}[0], {scale}[0]);")
def acc_scale(src: i32, dst: f32, scale: f32):
    dst = scale * src


# Saturate to [-128, 127]: select(x, v, y, z) is `x < v ? y : z`.
@proc
def clamp(src: f32, dst: i8):
    l: f32
    h: f32
    l = -128.0
    h = 127.0
    tmp: f32
    tmp = select(h, src, h, src)
    tmp = select(src, l, l, tmp)
    dst = tmp


# ----------------------------------------------------------------------------------
# Load configuration commands. gemmini_extended3_config_ld(stride, scale, shrunk, id)
# sets the DRAM row stride (in bytes) of load queue `id`.
# ----------------------------------------------------------------------------------


@instr("gemmini_extended3_config_ld({src_stride}, 1.0f, 0, 0);\n")
def config_ld_i8(src_stride: stride):
    ConfigLoad.src_stride = src_stride


@instr("gemmini_extended3_config_ld({src_stride}, 1.0f, 0, 1);\n")
def config_ld_i8_id1(src_stride: stride):
    ConfigLoad_id1.src_stride = src_stride


@instr("gemmini_extended3_config_ld({src_stride}, 1.0f, 0, 2);\n")
def config_ld_i8_id2(src_stride: stride):
    ConfigLoad_id2.src_stride = src_stride


# Loading with stride 0 from address 0 fills rows with zeros.
@instr("gemmini_extended3_config_ld(0, 1.0f, 0, 0);\n")
def config_zero():
    ConfigLoad.src_stride = 0


# ----------------------------------------------------------------------------------
# Loads of an n x m (<= 16 x 16) i8 tile into scratchpad rows: ld_i8 and its queue
# 1 / queue 2 versions. mvin, mvin2, mvin3 use load queues 0, 1, 2.
# ----------------------------------------------------------------------------------


@proc
def ld_i8_prototype(n: size, m: size, src: [i8][n, m] @ DRAM, dst: [i8][n, 16] @ GEMM_SCRATCH):
    assert n <= 16
    assert m <= 16
    assert stride(src, 1) == 1
    assert stride(dst, 0) == 16
    assert stride(dst, 1) == 1
    for i in seq(0, n):
        for j in seq(0, m):
            dst[i, j] = src[i, j]


def _mvin(queue):
    """The mvin command of load queue 0, 1 or 2 for an n x m tile."""
    command = ["gemmini_extended_mvin", "gemmini_extended_mvin2", "gemmini_extended_mvin3"][queue]
    return f"{command}( &{{src_data}}, ((uint64_t) &{{dst_data}}), {{m}}, {{n}} );"


def _config_ld_of_src(queue, stride_factor=1):
    """The load configuration taking the stride from the window argument `src`."""
    return f"gemmini_extended3_config_ld({{src}}.strides[0]*{stride_factor}, 1.0f, 0, {queue});\n"


# The do_ forms only run the load, with the stride the queue was configured with: it
# must be src's row stride (the last precondition, checked against the config value
# the caller wrote before the call).
@instr(_mvin(0))
def do_ld_i8(n: size, m: size, src: [i8][n, m] @ DRAM, dst: [i8][n, 16] @ GEMM_SCRATCH):
    assert n <= 16
    assert m <= 16
    assert stride(src, 1) == 1
    assert stride(dst, 0) == 16
    assert stride(dst, 1) == 1
    assert stride(src, 0) == ConfigLoad.src_stride
    for i in seq(0, n):
        for j in seq(0, m):
            dst[i, j] = src[i, j]


@instr(_mvin(1))
def do_ld_i8_id1(n: size, m: size, src: [i8][n, m] @ DRAM, dst: [i8][n, 16] @ GEMM_SCRATCH):
    assert n <= 16
    assert m <= 16
    assert stride(src, 1) == 1
    assert stride(dst, 0) == 16
    assert stride(dst, 1) == 1
    assert stride(src, 0) == ConfigLoad_id1.src_stride
    for i in seq(0, n):
        for j in seq(0, m):
            dst[i, j] = src[i, j]


@instr(_mvin(2))
def do_ld_i8_id2(n: size, m: size, src: [i8][n, m] @ DRAM, dst: [i8][n, 16] @ GEMM_SCRATCH):
    assert n <= 16
    assert m <= 16
    assert stride(src, 1) == 1
    assert stride(dst, 0) == 16
    assert stride(dst, 1) == 1
    assert stride(src, 0) == ConfigLoad_id2.src_stride
    for i in seq(0, n):
        for j in seq(0, m):
            dst[i, j] = src[i, j]

# ld_i8 keeps a leading `pass` until its variants are made (_ld_i8_variant removes it):
# write_config inserts the config write before it.
_ld_i8_with_pass = make_instr(ld_i8_prototype, _config_ld_of_src(0) + _mvin(0))
_ld_i8_with_pass = insert_pass(_ld_i8_with_pass, _ld_i8_with_pass.find("for i in _: _").before())
_ld_i8_with_pass = rename(_ld_i8_with_pass, "ld_i8")

_LD_I8_QUEUES = [
    # (config, do_ instruction, config instruction)
    (ConfigLoad, do_ld_i8, config_ld_i8),
    (ConfigLoad_id1, do_ld_i8_id1, config_ld_i8_id1),
    (ConfigLoad_id2, do_ld_i8_id2, config_ld_i8_id2),
]


def _ld_i8_variant(name, queue, stride_value=None):
    """ld_i8 on load queue `queue`; with `stride_value`, in the config-then-run form."""
    p = _ld_i8_with_pass
    if stride_value:
        cfg, run_instr, config_instr = _LD_I8_QUEUES[queue]
        p = _config_then_run(p, cfg, "src_stride", stride_value, run_instr, config_instr)
    p = delete_pass(p)
    p = rename(p, name)
    return make_instr(p, _config_ld_of_src(queue) + _mvin(queue))


ld_i8_id1 = _ld_i8_variant("ld_i8_id1", 1)
ld_i8_id1_v2 = _ld_i8_variant("ld_i8_id1_v2", 1, "stride(src, 0)")
ld_i8_id1_s2_v2 = _ld_i8_variant("ld_i8_id1_s2_v2", 1, "stride(src, 0)")
ld_i8_id2 = _ld_i8_variant("ld_i8_id2", 2)
ld_i8_id2_v2 = _ld_i8_variant("ld_i8_id2_v2", 2, "stride(src, 0)")
ld_i8_id2_s2_v2 = _ld_i8_variant("ld_i8_id2_s2_v2", 2, "stride(src, 0)")
ld_i8_v2 = _ld_i8_variant("ld_i8_v2", 0, "stride(src,0)")
ld_i8 = _ld_i8_variant("ld_i8", 0)


# ----------------------------------------------------------------------------------
# Block loads: m (<= 4) tiles of n x 16 side by side in DRAM, one mvin of 16*m columns.
# The hardware puts tile j n rows after tile j-1: dst's strides are (16*n, 16, 1).
# Only the last two are asserted (a stride cannot be compared with `16 * n`).
# (Upstream asserts strides 16 and 1 for dst's first two dimensions, which no caller
# satisfies; it never checks them. exocc checks them at replace, so they are stated
# as the hardware needs them.)
# ----------------------------------------------------------------------------------


@instr(_config_ld_of_src(0) + "gemmini_extended_mvin( &{src_data}, ((uint64_t) &{dst_data}), 16*{m}, {n} );")
def ld_i8_block(n: size, m: size, src: [i8][n, 16 * m] @ DRAM, dst: [i8][m, n, 16] @ GEMM_SCRATCH):
    assert n <= 16
    assert m <= 4
    assert stride(src, 1) == 1
    assert stride(dst, 1) == 16
    assert stride(dst, 2) == 1
    for i in seq(0, n):
        for j in seq(0, m):
            for k in seq(0, 16):
                dst[j, i, k] = src[i, 16 * j + k]


def _mvin_block(queue):
    command = ["gemmini_extended_mvin", "gemmini_extended_mvin2", "gemmini_extended_mvin3"][queue]
    return f"{command}( &{{src_data}}, ((uint64_t) &{{dst_data}}), 16*{{m}}, {{n}} );"


do_ld_i8_block_id1 = make_instr(rename(ld_i8_block, "do_ld_i8_block_id1"), _mvin_block(1))
do_ld_i8_block_id2 = make_instr(rename(ld_i8_block, "do_ld_i8_block_id2"), _mvin_block(2))

# Queue 2's configuration also passes the block height n (extended4 form).
_LD_I8_BLOCK_QUEUES = {
    1: (ConfigLoad_id1, do_ld_i8_block_id1, config_ld_i8_id1,
        _config_ld_of_src(1) + _mvin_block(1)),
    2: (ConfigLoad_id2, do_ld_i8_block_id2, config_ld_i8_id2,
        "gemmini_extended4_config_ld({src}.strides[0]*1, 1.0f, 0, {n}, 2);\n" + _mvin_block(2)),
}


def _ld_i8_block_variant(name, queue, stride_value=None):
    cfg, run_instr, config_instr, c_text = _LD_I8_BLOCK_QUEUES[queue]
    p = ld_i8_block
    if stride_value:
        p = _config_then_run(p, cfg, "src_stride", stride_value, run_instr, config_instr)
    return make_instr(rename(p, name), c_text)


ld_i8_block_id1 = _ld_i8_block_variant("ld_i8_block_id1", 1)
ld_i8_block_id1_v2 = _ld_i8_block_variant("ld_i8_block_id1_v2", 1, "stride(src,0)")
ld_i8_block_id1_s2_v2 = _ld_i8_block_variant("ld_i8_block_id1_s2_v2", 1, "stride(src,0)")
ld_i8_block_id2 = _ld_i8_block_variant("ld_i8_block_id2", 2)
ld_i8_block_id2_v2 = _ld_i8_block_variant("ld_i8_block_id2_v2", 2, "stride(src,0)")
ld_i8_block_id2_s2_v2 = _ld_i8_block_variant("ld_i8_block_id2_s2_v2", 2, "stride(src,0)")


@instr("gemmini_extended4_config_ld(0, 1.0f, 0, {n}, 2);\n"
       "gemmini_extended_mvin3( 0, ((uint64_t) &{dst_data}), 16*{m}, {n} );")
def zero_block_id2(n: size, m: size, dst: [i8][m, n, 16] @ GEMM_SCRATCH):
    assert n <= 16
    assert m <= 4
    assert stride(dst, 1) == 16
    assert stride(dst, 2) == 1
    for i in seq(0, n):
        for j in seq(0, m):
            for k in seq(0, 16):
                dst[j, i, k] = 0.0


# ----------------------------------------------------------------------------------
# Loads of every other DRAM row (stride 2, for strided convolutions), of one
# 16-element vector, and of i8 / i32 data into the accumulator
# ----------------------------------------------------------------------------------


@instr("gemmini_extended3_config_ld({src}.strides[0]*2, 1.0f, 0, 1);\n" + _mvin(1))
def ld_i8_s2(n: size, m: size, src: [i8][n * 2 - 1, m] @ DRAM, dst: [i8][n, 16] @ GEMM_SCRATCH):
    assert 0 < n and n <= 16
    assert 0 < m and m <= 16
    assert stride(src, 1) == 1
    assert stride(dst, 0) == 16
    assert stride(dst, 1) == 1
    for i in seq(0, n):
        for j in seq(0, m):
            dst[i, j] = src[i * 2, j]


@instr("gemmini_extended3_config_ld({src_stride}*2, 1.0f, 0, 1);\n")
def config_ld_i8_s2_id1(src_stride: stride):
    ConfigLoad_id1.src_stride = src_stride


@instr(_mvin(1))
def do_ld_i8_s2_id1(n: size, m: size, src: [i8][n * 2 - 1, m] @ DRAM, dst: [i8][n, 16] @ GEMM_SCRATCH):
    assert n <= 16
    assert m <= 16
    assert stride(src, 1) == 1
    assert stride(dst, 0) == 16
    assert stride(dst, 1) == 1
    for i in seq(0, n):
        for j in seq(0, m):
            dst[i, j] = src[i * 2, j]


# One row of 16: contiguous in the scratchpad (upstream asserts stride 16 here).
_MVIN_VECTOR = "gemmini_extended_mvin( &{src_data}, ((uint64_t) &{dst_data}), 16, 1);"


@instr("gemmini_extended3_config_ld(1, 1.0f, 0, 0);\n" + _MVIN_VECTOR)
def ld_i8_vector(src: [i8][16] @ DRAM, dst: [i8][16] @ GEMM_SCRATCH):
    assert stride(dst, 0) == 1
    for i in seq(0, 16):
        dst[i] = src[i]


@instr(_MVIN_VECTOR)
def do_ld_i8_vector(src: [i8][16] @ DRAM, dst: [i8][16] @ GEMM_SCRATCH):
    assert stride(dst, 0) == 1
    for i in seq(0, 16):
        dst[i] = src[i]


# i8 into the i32 accumulator: the third config argument (shrunk = 1) says the DRAM
# data is 8-bit.
ld_acc_i8 = set_prec_mem(rename(ld_i8, "ld_acc_i8"), "dst", "i32", GEMM_ACCUM)
ld_acc_i8 = make_instr(ld_acc_i8,
                       "gemmini_extended3_config_ld({src}.strides[0]*1, 1.0f, 1, 0);\n"
                       "gemmini_extended_mvin( &{src_data}, ((uint32_t) &{dst_data}), {m}, {n} );")

# i32 rows: the stride is in bytes, 4 per element.
_MVIN_ACC_I32 = "gemmini_extended_mvin( ((uint64_t) &{src_data}), ((uint32_t) &{dst_data}), {m}, {n} );"


@instr("gemmini_extended3_config_ld({src}.strides[0]*4, 1.0f, 0, 0);\n" + _MVIN_ACC_I32)
def ld_acc_i32(n: size, m: size, src: [i32][n, m] @ DRAM, dst: [i32][n, 16] @ GEMM_ACCUM):
    assert n <= 16
    assert m <= 16
    assert stride(src, 1) == 1
    assert stride(dst, 0) == 16
    assert stride(dst, 1) == 1
    for i in seq(0, n):
        for j in seq(0, m):
            dst[i, j] = src[i, j]


@instr(_MVIN_ACC_I32)
def do_ld_acc_i32(n: size, m: size, src: [i32][n, m] @ DRAM, dst: [i32][n, 16] @ GEMM_ACCUM):
    assert n <= 16
    assert m <= 16
    assert stride(src, 1) == 1
    assert stride(dst, 0) == 16
    assert stride(dst, 1) == 1
    for i in seq(0, n):
        for j in seq(0, m):
            dst[i, j] = src[i, j]


# One 16-wide i32 row (a bias vector) repeated into n accumulator rows: stride 0.
# (The preconditions are the row layout; upstream's `stride(dst, 0) == 1` and
# `stride(src, 0) == 1` do not describe it.)
@instr("gemmini_extended3_config_ld(0, 1.0f, 0, 0);\n")
def config_ld_acc_i32_vector(stride_set: bool):
    ConfigLoadAcc.stride_set = stride_set


_MVIN_ACC_VECTOR = "gemmini_extended_mvin( ((uint64_t) &{src_data}), ((uint32_t) &{dst_data}), 16, {n} );"


@instr("gemmini_extended3_config_ld(0, 1.0f, 0, 0);\n" + _MVIN_ACC_VECTOR)
def ld_acc_i32_vector(n: size, src: [i32][1, 16] @ DRAM, dst: [i32][n, 16] @ GEMM_ACCUM):
    assert n <= 16
    assert stride(dst, 0) == 16
    assert stride(dst, 1) == 1
    assert stride(src, 1) == 1
    for i in seq(0, n):
        for j in seq(0, 16):
            dst[i, j] = src[0, j]


@instr(_MVIN_ACC_VECTOR)
def do_ld_acc_i32_vector(n: size, src: [i32][1, 16] @ DRAM, dst: [i32][n, 16] @ GEMM_ACCUM):
    assert n <= 16
    assert stride(dst, 0) == 16
    assert stride(dst, 1) == 1
    assert stride(src, 1) == 1
    for i in seq(0, n):
        for j in seq(0, 16):
            dst[i, j] = src[0, j]


ld_acc_i32_vector_v2 = make_instr(
    _config_then_run(rename(ld_acc_i32_vector, "ld_acc_i32_vector_v2"), ConfigLoadAcc, "stride_set", "True",
                     do_ld_acc_i32_vector, config_ld_acc_i32_vector),
    "gemmini_extended3_config_ld(0, 1.0f, 0, 0);\n" + _MVIN_ACC_VECTOR)


# ----------------------------------------------------------------------------------
# Stores (mvout). From the scratchpad the data is copied; from the accumulator each
# i32 is scaled, clamped to i8 and optionally passed through relu.
# ----------------------------------------------------------------------------------


@instr("gemmini_extended_config_st({dst}.strides[0]*1, 0, 1.0f);\n"
       "gemmini_extended_mvout( ((uint64_t) &{dst_data}), (uint32_t) &{src_data}, {m}, {n} );")
def st_i8(n: size, m: size, src: [i8][n, 16] @ GEMM_SCRATCH, dst: [i8][n, m] @ DRAM):
    assert n <= 16
    assert m <= 16
    assert stride(dst, 1) == 1
    assert stride(src, 0) == 16
    assert stride(src, 1) == 1
    for i in seq(0, n):
        for j in seq(0, m):
            dst[i, j] = src[i, j]


_MVOUT = "gemmini_extended_mvout( ((uint64_t) &{dst_data}), (uint32_t) &{src_data}, {m}, {n} );"


@instr("gemmini_extended_config_st({dst}.strides[0]*1, {act}, {scale}[0]);\n" + _MVOUT)
def st_acc_i8(n: size, m: size, scale: f32, act: bool, src: [i32][n, 16] @ GEMM_ACCUM,
              dst: [i8][n, m] @ DRAM):
    assert n <= 16
    assert m <= 16
    assert stride(dst, 1) == 1
    assert stride(src, 0) == 16
    assert stride(src, 1) == 1
    for i in seq(0, n):
        for j in seq(0, m):
            src_tmp: i32
            src_tmp = src[i, j]
            tmp: f32
            acc_scale(src_tmp, tmp, scale)
            tmp2: i8
            clamp(tmp, tmp2)
            if act == True:
                tmp2 = relu(tmp2)
            dst[i, j] = tmp2


@instr("gemmini_extended_config_st({dst_stride}, {act}, {scale}[0]);\n")
def config_st_acc_i8(scale: f32, dst_stride: stride, act: bool):
    ConfigStore.scale = scale
    ConfigStore.dst_stride = dst_stride
    ConfigStore.act = act


# The same store reading scale and act from the configuration.
@instr(_MVOUT)
def do_st_acc_i8(n: size, m: size, src: [i32][n, 16] @ GEMM_ACCUM, dst: [i8][n, m] @ DRAM):
    assert n <= 16
    assert m <= 16
    assert stride(dst, 1) == 1
    assert stride(src, 0) == 16
    assert stride(src, 1) == 1
    for i in seq(0, n):
        for j in seq(0, m):
            src_tmp: i32
            src_tmp = src[i, j]
            tmp: f32
            acc_scale(src_tmp, tmp, ConfigStore.scale)
            tmp2: i8
            clamp(tmp, tmp2)
            if ConfigStore.act == True:
                tmp2 = relu(tmp2)
            dst[i, j] = tmp2


def _hoist_config_write_out_of_tile(p, field, earlier_stmts):
    """Move the config write `ConfigStore.<field> = _` (just bound inside the loops) up
    past `earlier_stmts` to the top of the loop body, then split the loops after it
    (autofission drops the loops around the loop-invariant write)."""
    for stmt in earlier_stmts:
        p = reorder_stmts(p, f"{stmt} ; ConfigStore.{field} = _")
    return old_fission_after(p, f"ConfigStore.{field} = _", n_lifts=2)


def _st_acc_i8_config_then_run(name):
    """st_acc_i8 as `config_st_acc_i8(scale, stride(dst, 0), act); do_st_acc_i8(...)`.
    (Its C string stays st_acc_i8's, which configures and stores.)"""
    p = rename(st_acc_i8, name)
    p = bind_config(p, "scale", ConfigStore, "scale")
    p = _hoist_config_write_out_of_tile(p, "scale", ["tmp : _", "src_tmp = _", "src_tmp : _"])
    p = write_config(p, p.find("ConfigStore.scale = _").after(), ConfigStore, "dst_stride", "stride(dst, 0)")
    p = bind_config(p, "act", ConfigStore, "act")
    p = _hoist_config_write_out_of_tile(
        p, "act", ["clamp(_)", "tmp2 : _", "acc_scale(_)", "tmp : _", "src_tmp = _", "src_tmp : _"])
    p = replace(p, "for i in _:_", do_st_acc_i8)
    p = replace(p, "ConfigStore.scale = _ ; ConfigStore.dst_stride = _ ; ConfigStore.act = _", config_st_acc_i8)
    return p


st_acc_i8_v2 = _st_acc_i8_config_then_run("st_acc_i8_v2")
st_acc_i8_s2_v2 = _st_acc_i8_config_then_run("st_acc_i8_s2_v2")


# i32 out of the accumulator unscaled: bit 29 of the address selects full-width output.
@instr("gemmini_extended_config_st({dst}.strides[0]*4, 0, 1.0f);\n"
       "gemmini_extended_mvout( ((uint64_t) &{dst_data}), ((uint32_t) &{src_data} | 0x20000000), {m}, {n} );")
def st_acc_i32(n: size, m: size, src: [i32][n, 16] @ GEMM_ACCUM, dst: [i32][n, m] @ DRAM):
    assert n <= 16
    assert m <= 16
    assert stride(dst, 1) == 1
    assert stride(src, 0) == 16
    assert stride(src, 1) == 1
    for i in seq(0, n):
        for j in seq(0, m):
            dst[i, j] = src[i, j]


# ----------------------------------------------------------------------------------
# Zeroing: an mvin from address 0 with stride 0 writes zeros.
# ----------------------------------------------------------------------------------

_MVIN_ZEROS = "gemmini_extended_mvin( 0, ((uint64_t) &{dst_data}),{m}, {n} );"
_ZERO = "gemmini_extended3_config_ld(0, 1.0f, 0, 0);\n" + _MVIN_ZEROS


@instr(_MVIN_ZEROS)
def do_zero_i8(n: size, m: size, dst: [i8][n, 16] @ GEMM_SCRATCH):
    assert n <= 16
    assert m <= 16
    assert stride(dst, 0) == 16
    assert stride(dst, 1) == 1
    for i in seq(0, n):
        for j in seq(0, m):
            dst[i, j] = 0.0


# The leading `pass` is where the _v2 form gets its config write; removed below.
@instr(_ZERO)
def zero_i8(n: size, m: size, dst: [i8][n, 16] @ GEMM_SCRATCH):
    assert n <= 16
    assert m <= 16
    assert stride(dst, 0) == 16
    assert stride(dst, 1) == 1
    pass
    for i in seq(0, n):
        for j in seq(0, m):
            dst[i, j] = 0.0


def _i32_accumulator_version(p, name, c_text):
    p = set_prec_mem(rename(p, name), "dst", "i32", GEMM_ACCUM)
    return make_instr(p, c_text)


do_zero_acc_i32 = _i32_accumulator_version(do_zero_i8, "do_zero_acc_i32", _MVIN_ZEROS)
zero_acc_i32 = _i32_accumulator_version(zero_i8, "zero_acc_i32", _ZERO)


def _zero_config_then_run(p, name, run_instr, c_text=_ZERO):
    p = _config_then_run(rename(p, name), ConfigLoad, "src_stride", "0", run_instr, config_zero)
    return make_instr(delete_pass(p), c_text)


zero_i8_v2 = _zero_config_then_run(zero_i8, "zero_i8_v2", do_zero_i8)
zero_acc_i32_v2 = _zero_config_then_run(zero_acc_i32, "zero_acc_i32_v2", do_zero_acc_i32)
zero_i8 = make_instr(delete_pass(zero_i8), _ZERO)
zero_acc_i32 = make_instr(delete_pass(zero_acc_i32), _ZERO)

_MVIN_ZERO_VECTOR = "gemmini_extended_mvin( 0, ((uint64_t) &{dst_data}),16, 1 );"
_ZERO_VECTOR = "gemmini_extended3_config_ld(0, 1.0f, 0, 0);\n" + _MVIN_ZERO_VECTOR


@instr(_ZERO_VECTOR)
def zero_i8_vector(dst: [i8][16] @ GEMM_SCRATCH):
    assert stride(dst, 0) == 1
    pass
    for i in seq(0, 16):
        dst[i] = 0.0


@instr(_MVIN_ZERO_VECTOR)
def do_zero_i8_vector(dst: [i8][16] @ GEMM_SCRATCH):
    assert stride(dst, 0) == 1
    for i in seq(0, 16):
        dst[i] = 0.0


zero_i8_vector_v2 = _zero_config_then_run(zero_i8_vector, "zero_i8_vector_v2", do_zero_i8_vector, _ZERO_VECTOR)
zero_i8_vector = make_instr(delete_pass(zero_i8_vector), _ZERO_VECTOR)


# ----------------------------------------------------------------------------------
# Matrix multiply on the array (weight-stationary): preload B and the output address,
# then stream A through. C = A * B (matmul_i8) or C += A * B (matmul_acc_i8, bit 30
# of the output address means accumulate) for N x K by K x M tiles, all <= 16.
# ----------------------------------------------------------------------------------

_CONFIG_MATMUL = "gemmini_extended_config_ex(WS, 0, 0, 1, 0, 0);\n"


@instr(_CONFIG_MATMUL)
def config_matmul():
    ConfigMatmul.done = True


def _preload_and_compute(accumulate):
    c_address = "(uint32_t)(&{C_data})" + (" | 0x40000000" if accumulate else "")
    return ("gemmini_extended_preload((uint32_t)(&{B_data}), " + c_address + ", {M}, {K}, {M}, {N});\n"
            "gemmini_extended_compute_preloaded((uint32_t)(&{A_data}), ~((uint32_t)0), {K}, {N}, 16, 16);")


_MATMUL = _preload_and_compute(False)
_MATMUL_ACC = _preload_and_compute(True)


@instr(_CONFIG_MATMUL + _MATMUL)
def matmul_i8(N: size, M: size, K: size, A: [i8][N, 16] @ GEMM_SCRATCH, B: [i8][K, 16] @ GEMM_SCRATCH,
              C: [i32][N, 16] @ GEMM_ACCUM):
    assert N <= 16
    assert M <= 16
    assert K <= 16
    pass
    for i in seq(0, N):
        for j in seq(0, M):
            C[i, j] = 0.0
            for k in seq(0, K):
                a: i32
                b: i32
                a = A[i, k]
                b = B[k, j]
                C[i, j] += a * b


@instr(_MATMUL)
def do_matmul_i8(N: size, M: size, K: size, A: [i8][N, 16] @ GEMM_SCRATCH, B: [i8][K, 16] @ GEMM_SCRATCH,
                 C: [i32][N, 16] @ GEMM_ACCUM):
    assert N <= 16
    assert M <= 16
    assert K <= 16
    for i in seq(0, N):
        for j in seq(0, M):
            C[i, j] = 0.0
            for k in seq(0, K):
                a: i32
                b: i32
                a = A[i, k]
                b = B[k, j]
                C[i, j] += a * b


@instr(_CONFIG_MATMUL + _MATMUL_ACC)
def matmul_acc_i8(N: size, M: size, K: size, A: [i8][N, 16] @ GEMM_SCRATCH, B: [i8][K, 16] @ GEMM_SCRATCH,
                  C: [i32][N, 16] @ GEMM_ACCUM):
    assert N <= 16
    assert M <= 16
    assert K <= 16
    pass
    for i in seq(0, N):
        for j in seq(0, M):
            for k in seq(0, K):
                a: i32
                b: i32
                a = A[i, k]
                b = B[k, j]
                C[i, j] += a * b


@instr(_MATMUL_ACC)
def do_matmul_acc_i8(N: size, M: size, K: size, A: [i8][N, 16] @ GEMM_SCRATCH, B: [i8][K, 16] @ GEMM_SCRATCH,
                     C: [i32][N, 16] @ GEMM_ACCUM):
    assert N <= 16
    assert M <= 16
    assert K <= 16
    for i in seq(0, N):
        for j in seq(0, M):
            for k in seq(0, K):
                a: i32
                b: i32
                a = A[i, k]
                b = B[k, j]
                C[i, j] += a * b


def _matmul_config_then_run(p, name, run_instr, c_text):
    p = _config_then_run(rename(p, name), ConfigMatmul, "done", "True", run_instr, config_matmul)
    return make_instr(delete_pass(p), c_text)


matmul_i8_v2 = _matmul_config_then_run(matmul_i8, "matmul_i8_v2", do_matmul_i8, _MATMUL)
matmul_acc_i8_v2 = _matmul_config_then_run(matmul_acc_i8, "matmul_acc_i8_v2", do_matmul_acc_i8, _MATMUL_ACC)
matmul_i8 = make_instr(delete_pass(matmul_i8), _CONFIG_MATMUL + _MATMUL)
matmul_acc_i8 = make_instr(delete_pass(matmul_acc_i8), _CONFIG_MATMUL + _MATMUL_ACC)


# ----------------------------------------------------------------------------------
# Upstream's schedule recipes for matmul and conv on Gemmini (used by its apps and
# tests): tiling to 16x16 blocks, fission into load / compute / store nests,
# replacement by instructions, and hoisting the config instructions.
# ----------------------------------------------------------------------------------


def tile_outer_loops(gemmini):
    gemmini = divide_loop(gemmini, "i", 16, ["i", "i_in"], perfect=True)
    gemmini = old_reorder(gemmini, "i_in j")
    gemmini = divide_loop(gemmini, "j", 64, ["j", "j_in"], perfect=True)
    gemmini = divide_loop(gemmini, "j_in", 16, ["j_in_o", "j_in_i"], perfect=True)
    return old_reorder(gemmini, "j_in_o j_in_i")


def _reorder_all(p, pairs):
    for pair in pairs:
        p = old_reorder(p, pair)
    return p


def fission_outer_blocks(gemmini):
    gemmini = old_fission_after(gemmini, "res[_] = 0.0 #0", n_lifts=3)
    gemmini = old_fission_after(gemmini, "for k in _:_ #0", n_lifts=3)
    return _reorder_all(gemmini, ["j_in_i j_in_o", "i_in k", "j_in_i k", "j_in_o k"])


def fission_inner_blocks(gemmini):
    gemmini = divide_loop(gemmini, "k", 64, ["ko", "k"], perfect=True)
    gemmini = divide_loop(gemmini, "k", 16, ["k", "ki"], perfect=True)
    gemmini = old_lift_alloc(gemmini, "a : i8", n_lifts=3)
    gemmini = old_lift_alloc(gemmini, "a : _ #0", n_lifts=1, mode="col")
    gemmini = old_lift_alloc(gemmini, "a : _", n_lifts=2)
    gemmini = _reorder_all(gemmini, ["ki j_in_o", "ki j_in_i"])
    gemmini = old_lift_alloc(gemmini, "b : i8", n_lifts=2)
    gemmini = old_lift_alloc(gemmini, "b : i8", n_lifts=1, mode="col")
    gemmini = old_lift_alloc(gemmini, "b : _", n_lifts=3)
    gemmini = old_fission_after(gemmini, "a[_] = _", n_lifts=5)
    gemmini = old_fission_after(gemmini, "b[_] = _", n_lifts=5)
    return _reorder_all(gemmini, ["j_in_i i_in", "ki i_in", "k i_in", "j_in_i ki", "j_in_o ki", "j_in_i i_in"])


def replace_gemmini_calls(gemmini):
    for loop, instruction in [("i_in", zero_acc_i32), ("i_in", ld_i8_block_id1), ("ki", ld_i8_block_id2),
                              ("i_in", matmul_acc_i8), ("i_in", st_acc_i8)]:
        gemmini = replace(gemmini, f"for {loop} in _:_ #0", instruction)
    return gemmini


def _swap_and_inline(p, call, v2, v2_call, windows):
    """Swap the callee of `call` for its config-then-run form `v2`, inline the call
    `v2_call` and substitute the window statements inlining created."""
    p = call_eqv(p, call, v2)
    p = inline(p, v2_call)
    for window in windows:
        p = inline_window(p, window)
    return p


def inline_lift_config(gemmini):
    steps = [
        ("zero_acc_i32(_, _, _)", zero_acc_i32_v2, "zero_acc_i32_v2(_, _, _)", ["dst = res[_]"],
         "config_zero()"),
        ("ld_i8_block_id1(_)", ld_i8_block_id1_v2, "ld_i8_block_id1_v2(_, _, _, _, _)",
         ["src = A[_]", "dst = a[_]"], "config_ld_i8_id1()"),
        ("ld_i8_block_id2(_)", ld_i8_block_id2_v2, "ld_i8_block_id2_v2(_, _, _, _, _)",
         ["src = B[_]", "dst = b[_]"], "config_ld_i8_id2()"),
        ("matmul_acc_i8(_, _, _, _, _)", matmul_acc_i8_v2, "matmul_acc_i8_v2(_, _, _, _, _)",
         ["A = a[_]", "B = b[_]", "C = res[_]"], "config_matmul()"),
        ("st_acc_i8(_, _, _, _, _, _)", st_acc_i8_v2, "st_acc_i8_v2(_, _, _, _, _, _)",
         ["src = res[_]", "dst = C[_]"], "config_st_acc_i8(_)"),
    ]
    for call, v2, v2_call, windows, config_call in steps:
        gemmini = _swap_and_inline(gemmini, call, v2, v2_call, windows)
        gemmini = lift_config(gemmini, config_call)
    return gemmini


def matmul_tile(gemmini):
    gemmini = divide_loop(gemmini, "j", 4, ["jo", "ji"], perfect=True)
    gemmini = divide_loop(gemmini, "i", 8, ["io", "i"], perfect=True)
    gemmini = divide_loop(gemmini, "io", 2, ["ioo", "io"], perfect=True)
    return _reorder_all(gemmini, ["i jo", "io jo"])


def split_fission_dim(conv):
    conv = old_split(conv, "ocol", 16, ["ocol_o", "ocol_i"], tail="cut_and_guard")
    conv = old_split(conv, "och", 16, ["och_o", "och_i"], perfect=True)
    conv = old_split(conv, "kch", 16, ["kch_o", "kch_i"], perfect=True)
    conv = old_reorder(conv, "ocol_i och_o")
    conv = old_lift_alloc(conv, "res : _", n_lifts=3)
    conv = old_fission_after(conv, "res[_] = _", n_lifts=3)
    conv = old_fission_after(conv, "for krow in _:_", n_lifts=3)
    conv = _reorder_all(conv, ["och_i krow", "och_i kcol", "och_i kch_o", "ocol_i krow", "ocol_i kcol",
                               "ocol_i kch_o", "och_o krow"])
    conv = simplify(conv)
    conv = old_lift_alloc(conv, "i_s : _", n_lifts=6)
    conv = old_lift_alloc(conv, "w_s : _", n_lifts=1)
    conv = old_lift_alloc(conv, "w_s : _", n_lifts=1, mode="col")
    conv = _reorder_all(conv, ["och_o kcol", "och_o kch_o"])
    conv = old_lift_alloc(conv, "w_s : _", n_lifts=3)
    conv = old_fission_after(conv, "w_s = _", n_lifts=5)
    return old_fission_after(conv, "i_s = _", n_lifts=5)


def replace_div_part(conv):
    conv = replace(conv, "for ocol_i in _:_ #0", ld_acc_i32_vector)
    conv = _reorder_all(conv, ["och_i kch_i", "och_o kch_i"])
    conv = replace(conv, "for kch_i in _:_ #0", ld_i8_block_id1)
    conv = old_reorder(conv, "kch_o ocol_i")
    conv = replace(conv, "for ocol_i in _:_ #0", ld_i8_block_id2)
    conv = old_reorder(conv, "kch_i och_i")
    conv = replace(conv, "for ocol_i in _:_ #0", matmul_acc_i8)
    return replace(conv, "for ocol_i in _:_ #0", st_acc_i8)


def replace_mod_part(conv):
    conv = replace(conv, "for ocol_i in _:_ #0", ld_acc_i32_vector)
    conv = old_reorder(conv, "och_i kch_i")
    conv = replace(conv, "for kch_i in _:_ #0", ld_i8_block_id1)
    conv = replace(conv, "for ocol_i in _:_ #0", ld_i8_block_id2)
    conv = old_reorder(conv, "kch_i och_i")
    conv = replace(conv, "for ocol_i in _:_ #0", matmul_acc_i8)
    return replace(conv, "for ocol_i in _:_ #0", st_acc_i8)


def inline_vector(conv):
    return _swap_and_inline(conv, "ld_acc_i32_vector(_)", ld_acc_i32_vector_v2, "ld_acc_i32_vector_v2(_)",
                            ["src = bias[_]", "dst = res[_]"])


def inline_ld_id1(conv):
    return _swap_and_inline(conv, "ld_i8_block_id1(_)", ld_i8_block_id1_s2_v2, "ld_i8_block_id1_s2_v2(_)",
                            ["src = weights[_]", "dst = w_s[_]"])


def inline_matmul(conv):
    return _swap_and_inline(conv, "matmul_acc_i8(_)", matmul_acc_i8_v2, "matmul_acc_i8_v2(_)",
                            ["A = i_s[_]", "B = w_s[_]", "C = res[_]"])


def inline_st(conv):
    return _swap_and_inline(conv, "st_acc_i8(_)", st_acc_i8_s2_v2, "st_acc_i8_s2_v2(_)",
                            ["src = res[_]", "dst = output[_]"])


_CONV_CONFIG_CALLS = ["config_ld_acc_i32_vector(_)", "config_ld_i8_id1(_)", "config_matmul(_)",
                      "config_st_acc_i8(_)"]


def inline_div_part(conv):
    for inline_step, config_call in zip([inline_vector, inline_ld_id1, inline_matmul, inline_st],
                                        _CONV_CONFIG_CALLS):
        conv = lift_config(inline_step(conv), config_call)
    return conv


def inline_mod_part(conv):
    for inline_step in [inline_vector, inline_ld_id1, inline_matmul, inline_st]:
        conv = inline_step(conv)
    # the div part already configured the same values
    for config_call in _CONV_CONFIG_CALLS:
        conv = delete_config(conv, f"{config_call} #1")
    return simplify(conv)


def set_gemm_memories(conv):
    conv = set_memory(conv, "res", GEMM_ACCUM)
    conv = set_memory(conv, "i_s", GEMM_SCRATCH)
    conv = set_memory(conv, "w_s", GEMM_SCRATCH)
    try:
        # a second copy of each buffer, when the kernel was split into two parts
        conv = set_memory(conv, "res #1", GEMM_ACCUM)
        conv = set_memory(conv, "i_s #1", GEMM_SCRATCH)
        conv = set_memory(conv, "w_s #1", GEMM_SCRATCH)
    except Exception:
        pass
    return conv
