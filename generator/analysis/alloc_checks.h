// Safety of moving an allocation across a loop (lift_alloc out of it, sink_alloc into
// it). Upstream has no analysis here (a TODO); exocc checks that the move cannot change
// what reads see.
//
// With the allocation outside the loop, one buffer is shared by all iterations; with
// it inside, each iteration starts from a fresh (unspecified) buffer. The two agree
// when no read in an iteration can see a value that an earlier iteration wrote: each
// element a read may touch is either first assigned in the read's own iteration (the
// buffer is dead at the start of the iteration, as far as the read goes) or written by
// no earlier iteration. Lifting out of a parallel loop also makes the iterations share
// the buffer, so there distinct iterations must not touch the same element at all (one
// of them writing); sinking into a parallel loop only makes them private.
//
// Accesses through a window (a window statement, a call argument) may touch any element
// of the window; a whole buffer passed to a call, any element of the buffer.
#pragma once

#include "../ir/path.h"
#include "sched_checks.h"

namespace exo::analysis {

enum class AllocMove { OutOfLoop, IntoLoop };

// `loop` is a For statement of `p` whose body (at any depth) holds every access to
// `buf`. Throws CheckFailed when moving buf's allocation across the loop (in the
// direction `move`) may change the values reads see.
void check_alloc_movable_across_loop(const ir::Proc& p, const ir::Path& loop, const ir::Sym& buf, AllocMove move);

}  // namespace exo::analysis
