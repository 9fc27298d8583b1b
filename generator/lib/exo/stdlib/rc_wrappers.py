"""exo.stdlib.rc_wrappers: primitives that can also hand back cursors to what they
built (rc=True returns (proc, a dataclass of cursors) that unpacks like a tuple).
Written for exocc after upstream's module of the same name."""
from __future__ import annotations
from dataclasses import dataclass

from exo import *
from exo.frontend.syntax import *
from exo.stdlib.scheduling import *
from exo.API_cursors import *

from .inspection import *


@dataclass
class fission_cursors:
    scope1: ForCursor | IfCursor
    scope2: ForCursor | IfCursor

    def __iter__(self):
        yield self.scope1
        yield self.scope2


def fission_(proc, gap, rc=False):
    """fission; scope1 is the new scope holding the gap's anchor statement and scope2
    the scope right after it (upstream decides this the same way whichever side of the
    anchor the gap is on)."""
    gap = proc.forward(gap)
    anchor = gap.anchor()
    proc = fission(proc, gap)
    scope1 = proc.forward(anchor).parent()
    scope2 = scope1.next()
    if rc:
        return proc, fission_cursors(scope1, scope2)
    return proc


@dataclass
class divide_loop_cursors:
    outer_loop: ForCursor
    inner_loop: ForCursor
    tail_loop: ForCursor

    def __iter__(self):
        yield self.outer_loop
        yield self.inner_loop
        yield self.tail_loop


def divide_loop_(proc, loop_cursor, div_const, tail="guard", rc=False):
    """divide_loop with the new iterators named <iter>o / <iter>i; tail "perfect" asks
    for a perfect division. The tail loop is InvalidCursor when there is none."""
    loop_cursor = proc.forward(loop_cursor)
    name = loop_cursor.name()
    perfect = tail == "perfect"
    if perfect:
        tail = "cut"
    proc = divide_loop(proc, loop_cursor, div_const, (name + "o", name + "i"), tail=tail, perfect=perfect)
    if not rc:
        return proc
    outer_loop = proc.forward(loop_cursor)
    inner_loop = outer_loop.body()[0]
    tail_loop = InvalidCursor() if perfect or tail == "guard" else outer_loop.next()
    return proc, divide_loop_cursors(outer_loop, inner_loop, tail_loop)


@dataclass
class stage_mem_cursors:
    alloc: AllocCursor
    load_stage: Cursor
    block: BlockCursor
    store_stage: Cursor

    def __iter__(self):
        yield self.alloc
        yield self.load_stage
        yield self.block
        yield self.store_stage


def stage_mem_(proc, block, buff, new_buff_name, accum=False, rc=False):
    """stage_mem; the cursors assume stage_mem put the allocation and a load stage
    right before the block and a store stage right after it."""
    if not isinstance(block, BlockCursor):
        block = proc.forward(block).as_block()
    first, last, size = block[0], block[-1], len(block)
    proc = stage_mem(proc, block, buff, new_buff_name, accum)
    first = proc.forward(first)
    last = proc.forward(last)
    load_stage = first.prev()
    alloc = load_stage.prev()
    block = first.as_block().expand(0, size - 1)
    store_stage = last.next()
    if not rc:
        return proc
    return proc, stage_mem_cursors(alloc, load_stage, block, store_stage)


@dataclass
class cut_loop_cursors:
    loop1: ForCursor
    loop2: ForCursor

    def __iter__(self):
        yield self.loop1
        yield self.loop2


def cut_loop_(proc, loop, expr, rc=False):
    proc = cut_loop(proc, loop, expr)
    if not rc:
        return proc
    loop1 = proc.forward(loop)
    return proc, cut_loop_cursors(loop1, loop1.next())


@dataclass
class specialize_cursors:
    if_stmt: Cursor

    def __iter__(self):
        yield self.if_stmt


def _stmt_at_same_place(proc, parent, index, old_stmt):
    """After a rewrite replaced the statement at `index` under `parent` (a cursor into
    the old proc, InvalidCursor at the top level), the statement now there; it looks
    in the else branch when `old_stmt` was there."""
    in_else = (isinstance(parent, IfCursor) and not isinstance(parent.orelse(), InvalidCursor)
               and index < len(parent.orelse()) and parent.orelse()[index] == old_stmt)
    parent = proc if isinstance(parent, InvalidCursor) else proc.forward(parent)
    return parent.orelse()[index] if in_else else parent.body()[index]


def specialize_(proc, stmt, cond, rc=False):
    stmt = proc.forward(stmt)
    parent = stmt.parent()
    index = get_index_in_body(proc, stmt)
    proc = specialize(proc, stmt, cond)
    if not rc:
        return proc
    return proc, specialize_cursors(_stmt_at_same_place(proc, parent, index, stmt))
