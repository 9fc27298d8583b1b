"""exo.stdlib.halide_scheduling_ops: Halide-style scheduling (compute_at, store_at,
tile, split) built from Exo primitives. Written for exocc after upstream's module of
the same name.

Like upstream, these assume: buffer names are unique; the producer and consumer loop
nests are at the top level; a consumer iteration uses a contiguous run of producer
values; each loop walks one buffer dimension (no arr[x, x]); and, per dimension, loops
are nested from the largest stride to the smallest."""
from __future__ import annotations

import _exo
from exo.API_cursors import *

from .range_analysis import bounds_inference
from .scheduling import *
from .inspection import *


def _names_read_in(expr):
    """The variables and buffers an expression reads (pre-order, with repeats)."""
    names = []

    def visit(e):
        if isinstance(e, (ReadCursor, WindowExprCursor, StrideExprCursor)):
            names.append(e.name())
        if isinstance(e, StrideExprCursor):
            return
        for child in get_children(e.proc(), e):
            if isinstance(child, tuple):  # a window's interval: (lo, hi)
                for part in child:
                    visit(part)
            else:
                visit(child)

    visit(expr)
    return names


def get_affected_read_dim(buffer_name: str, loop: ForCursor) -> int:
    """The dimension of `buffer_name` that `loop`'s iteration variable indexes in the
    loop's accesses (ValueError when it indexes several)."""
    dims = set()
    it = loop.name()
    for access in loop.find(f"{buffer_name}", many=True):
        for dim, idx in enumerate(access.idx()):
            if it in _names_read_in(idx):
                dims.add(dim)
    if len(dims) > 1:
        raise ValueError(f"{it} affects multiple indices into {buffer_name}")
    return list(dims)[0]


def _divide_with_recompute(proc, loop_cursor, outer_hi, outer_stride, new_iters):
    """divide_with_recompute, unless that would leave an inner loop of one iteration
    (then the proc is returned unchanged)."""
    divided = simplify(divide_with_recompute(proc, loop_cursor, outer_hi, outer_stride, new_iters))
    if is_literal(divided, divided.forward(loop_cursor).body()[0].hi(), 1):
        return proc
    return divided


def _simplify_with_preds(proc):
    """simplify, after rewriting each `e == constant` precondition's `e` to the constant
    where it occurs (so that e.g. `n % 4` becomes 0 under `assert n % 4 == 0`)."""
    for i in range(_exo._cur_len(proc, (), "preds")):
        pred = (("preds", i),)
        rhs = pred + (("rhs", None),)
        if (_exo._cur_kind(proc, pred) == "BinOp" and _exo._cur_attr(proc, pred, "op") == "=="
                and _exo._cur_kind(proc, rhs) == "Const"):
            lhs_text = _exo._cur_attr(proc, pred + (("lhs", None),), "str")
            try:
                proc = rewrite_expr(proc, lhs_text, _exo._cur_attr(proc, rhs, "value"))
            except Exception:
                pass  # not present in the body, or not provably equal there
    return simplify(proc)


# ------------------------------------------------------------------ scheduling ops

def compute_at(proc: Procedure, producer_assign: AssignCursor, target_loop: ForCursor,
               with_prologue: bool = False):
    """Computes the producer's values inside the consumer's loop nest, at the level of
    `target_loop`, by fusing the producer loops into the consumer loops one level at a
    time (outermost first). Without a prologue, each producer loop is divided with
    recomputation to cover the window one consumer iteration reads; with one, the first
    values are computed ahead of the fused loop."""
    producer_assign = proc.forward(producer_assign)
    target_loop = proc.forward(target_loop)
    producer = producer_assign.name()

    _, top = match_parent(producer_assign, target_loop)
    consumer_loops = [target_loop] + list(get_parents(proc, target_loop, up_to=top))

    for c_loop in reversed(consumer_loops):
        producer_assign = proc.forward(producer_assign)
        c_loop = proc.forward(c_loop)

        # the producer window one iteration of c_loop reads
        dim = get_affected_read_dim(producer, c_loop)
        window = bounds_inference(c_loop, producer, dim, include=["R"])
        consumer_hi = f"{c_loop.hi()._impl._node}"

        # the producer loop that walks the same dimension
        dim_vars = _names_read_in(producer_assign.idx()[dim])
        p_loop, _ = match_parent(producer_assign, c_loop)
        while p_loop.name() not in dim_vars:
            p_loop = p_loop.body()[0]

        # bring it up to c_loop's level, then right before c_loop
        while p_loop.parent() != c_loop.parent():
            proc = reorder_loops(proc, p_loop.parent())
            p_loop = proc.forward(p_loop)
            c_loop = proc.forward(c_loop)
        while p_loop.next() != c_loop:
            proc = reorder_stmts(proc, p_loop.expand(0, 1))
            p_loop = proc.forward(p_loop)
            c_loop = proc.forward(c_loop)

        if not with_prologue:
            stride = window.get_stride_of(c_loop.name())
            new_iters = [f"{c_loop.name()}", f"{c_loop.name()}i"]
            proc = _divide_with_recompute(proc, p_loop, consumer_hi, stride, new_iters)
            proc = fuse(proc, p_loop, c_loop, unsafe_disable_check=True)
        else:
            # for i: producer[i] = ...; for i: consumer[i] = f(producer[i:i+k])
            # -> for ii in seq(0, k-1): producer[ii] = ...
            #    for i: producer[i + k-1] = ...; consumer[i] = ...
            proc = cut_loop(proc, p_loop, window.get_size() - 1)
            prologue = proc.forward(p_loop)
            main_loop = prologue.next()
            # the cut forwards the assignment into the prologue; we want the main loop's
            producer_assign = proc.forward(producer_assign)._reroute_through(main_loop)
            proc = shift_loop(proc, main_loop, 0)
            proc = fuse(proc, main_loop, main_loop.next())

        proc = _simplify_with_preds(proc)

    return proc


def store_at(proc: Procedure, producer_alloc: AllocCursor, target_loop: ForCursor):
    """Moves the producer's allocation into `target_loop` (through each loop on the
    way), shrinking at each level the dimension that loop walks to the window one
    iteration writes."""
    producer_alloc = proc.forward(producer_alloc)
    target_loop = proc.forward(target_loop)
    producer = producer_alloc.name()

    top, _ = match_parent(target_loop, producer_alloc)
    outer_loops = list(get_parents(proc, target_loop, up_to=top))[::-1]

    for loop in outer_loops + [target_loop]:
        loop = proc.forward(loop)
        producer_alloc = proc.forward(producer_alloc)

        dim = get_affected_read_dim(producer, loop)
        window = bounds_inference(loop, producer, dim)
        lo, _ = window.get_bounds()
        size = window.get_size()

        while producer_alloc.next() != loop:
            proc = reorder_stmts(proc, producer_alloc.expand(0, 1))
            producer_alloc = proc.forward(producer_alloc)
            loop = proc.forward(loop)

        proc = sink_alloc(proc, producer_alloc)
        proc = resize_dim(proc, producer_alloc, dim, size, lo)
        proc = simplify(proc)

    return simplify(proc)


def compute_and_store_at(proc: Procedure, producer: str, target_loop: ForCursor):
    """Halide's compute_at without a store_at: compute and allocate at `target_loop`."""
    target_loop = proc.forward(target_loop)
    proc = compute_at(proc, proc.find(f"{producer} = _"), target_loop)
    producer_alloc = proc.find(f"{producer} : _")
    # the fused loop keeps target_loop's first body statement
    target_loop = proc.forward(target_loop.body()[0]).parent()
    return store_at(proc, producer_alloc, target_loop)


def tile(proc: Procedure, i_loop: ForCursor, j_loop: ForCursor, new_i_iters: list[str],
         new_j_iters: list[str], i_tile_size: int, j_tile_size: int, perfect: bool = True):
    """Tiles the nest i_loop { j_loop } into i, j, ii, ji (perfect tiling only)."""
    assert j_loop.parent() == i_loop
    assert perfect, "only perfect tiling is currently supported"
    i_loop = proc.forward(i_loop)
    j_loop = proc.forward(j_loop)
    proc = divide_loop(proc, i_loop, i_tile_size, new_i_iters, perfect=perfect)
    proc = divide_loop(proc, j_loop, j_tile_size, new_j_iters, perfect=perfect)
    return reorder_loops(proc, proc.forward(i_loop).body()[0])


def split(proc: Procedure, loop: ForCursor, o_iter: str, i_iter: str, split_factor: int, tail: str):
    """divide_loop; tail is "perfect", "cut", "guard" or "cut_and_guard"."""
    loop = proc.forward(loop)
    if tail == "perfect":
        return divide_loop(proc, loop, split_factor, [o_iter, i_iter], perfect=True)
    return divide_loop(proc, loop, split_factor, [o_iter, i_iter], tail=tail)


# ------------------------------------------------------------------ by stage names

def halide_tile(p, buffer, y, x, yi, xi, yTile, xTile):
    assign = p.find(f"{buffer} = _")
    y_loop = get_enclosing_loop_by_name(p, assign, y)
    x_loop = get_enclosing_loop_by_name(p, assign, x)
    return tile(p, y_loop, x_loop, [y, yi], [x, xi], yTile, xTile, perfect=True)


def halide_split(p, stage: str, x: str, xo: str, xi: str, split_factor: int, tail: str = "perfect"):
    loop = get_enclosing_loop_by_name(p, p.find(f"{stage} = _"), x)
    return split(p, loop, xo, xi, split_factor, tail)


def halide_compute_at(p, producer: str, consumer: str, loop: str, with_prologue: bool = True):
    producer_assign = p.find(f"{producer} = _")
    target_loop = get_enclosing_loop_by_name(p, p.find(f"{consumer} = _"), loop)
    return compute_at(p, producer_assign, target_loop, with_prologue=with_prologue)


def halide_store_at(p, producer: str, consumer: str, loop: str):
    target_loop = get_enclosing_loop_by_name(p, p.find(f"{consumer} = _"), loop)
    return store_at(p, p.find(f"{producer} : _"), target_loop)


def halide_compute_and_store_at_same(p, producer: str, consumer: str, loop: str):
    target_loop = get_enclosing_loop_by_name(p, p.find(f"{consumer} = _"), loop)
    return compute_and_store_at(p, producer, target_loop)


def halide_compute_and_store_at(p, producer: str, consumer: str, compute_loop: str, store_loop: str):
    p = halide_compute_and_store_at_same(p, producer, consumer, store_loop)
    producer_assign = p.find(f"{producer} = _")
    compute_loop = get_enclosing_loop_by_name(p, p.find(f"{consumer} = _"), compute_loop)
    return compute_at(p, producer_assign, compute_loop, with_prologue=True)


def halide_fully_inline(p, producer: str, consumer: str):
    """Computes the producer inside the consumer's loop and inlines it (assumes the
    consumer reads one producer value)."""
    loop = get_enclosing_loop(p, p.find(f"{consumer} = _"))
    p = compute_and_store_at(p, producer, loop)
    p = inline_assign(p, p.find(f"{producer} = _"))
    return delete_buffer(p, p.find(f"{producer}: _"))


def halide_parallel(p, loop: str):
    return parallelize_loop(p, p.find_loop(loop))


__all__ = [
    "compute_at",
    "store_at",
    "compute_and_store_at",
    "tile",
    "split",
    "halide_tile",
    "halide_split",
    "halide_compute_at",
    "halide_store_at",
    "halide_compute_and_store_at_same",
    "halide_compute_and_store_at",
    "halide_fully_inline",
    "halide_parallel",
]
