// Structural well-formedness of LoopIR that exocc did not build itself: the procs read
// back from a build-cache entry. The front end and the primitives only make well-formed
// procs, and the rest of exocc relies on it; an entry that was edited and re-sealed (its
// checksum recomputed) could break it, so the reader checks before anything else runs.
#pragma once

#include <string>

#include "proc.h"

namespace exo::ir {

// Empty when `p` is well formed, else what is wrong. Checked: every name is bound where
// it is used (arguments, loop iterators, allocations and window statements, each in its
// scope); accesses have as many indices as their buffer has dimensions (or none, for a
// whole buffer passed to a call); tensor elements are scalars; calls pass as many
// arguments as the callee takes, each of the kind it takes (a buffer for a buffer).
std::string well_formedness_error(const Proc& p);

}  // namespace exo::ir
