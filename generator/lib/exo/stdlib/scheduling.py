"""exo.stdlib.scheduling: the scheduling primitives and the library built on them.

It re-exports every primitive of exo.API_scheduling (more land with issues 6-9).
"""
from exo.rewrite.LoopIR_scheduling import SchedulingError
from exo.API_scheduling import (
    rename,
    divide_loop,
    reorder_loops,
    unroll_loop,
    cut_loop,
    shift_loop,
    remove_loop,
    mult_loops,
    fission,
    insert_pass,
    delete_pass,
    simplify,
    reorder_stmts,
    lift_scope,
    fuse,
    join_loops,
    add_loop,
    eliminate_dead_code,
    delete_config,
)
