// Safety of moving an allocation across a loop (lift_alloc out of it, sink_alloc into
// it). Upstream has no analysis here (a TODO); exocc checks that the move cannot change
// what reads see.
//
// With the allocation outside the loop, one buffer is shared by all iterations; with
// it inside, each iteration starts from a fresh (unspecified) buffer. The two agree
// when no read in an iteration can see a value that an earlier iteration wrote: every
// such read must be preceded, in its own iteration, by a write of the same element
// (a plain assignment at an enclosing level, possibly inside loops whose iterators the
// read's index determines). For a parallel loop, distinct iterations must not touch the
// same element at all (one of them writing). Accesses the analysis cannot follow (the
// buffer passed to a call, windowed, or indexed by data) count as touching any element.
#pragma once

#include "../ir/path.h"
#include "sched_checks.h"

namespace exo::analysis {

// `loop` is a For statement of `p` whose body (at any depth) holds every access to
// `buf`. Throws CheckFailed when moving buf's allocation across the loop may change
// the values reads see.
void check_alloc_movable_across_loop(const ir::Proc& p, const ir::Path& loop, const ir::Sym& buf);

}  // namespace exo::analysis
