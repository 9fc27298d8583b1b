// Must-write analysis for one iteration of a loop: does a statement certainly assign a
// given element of a buffer? Used to show that a buffer is dead at the start of each
// iteration (every element read was first written in the same iteration).
#pragma once

#include <vector>

#include "access_in_window.h"
#include "iteration_encoder.h"

namespace exo::analysis {

// A formula over the iteration `b` names (and `elem`) that implies statement `s`,
// run in that iteration, assigns `buf[elem]`: by a plain `=`, possibly inside loops and
// branches, or by a call (an instruction's, say) whose body assigns that element of the
// window or buffer passed. An under-approximation: only writes whose enclosing loop
// iterators the analysis can solve for from the index (or window) count.
smt::Term must_assign(IterationEncoder& en, const Bindings& b, const ir::Stmt& s, const ir::Sym& buf,
                      const std::vector<smt::Term>& elem);

// Does block `b` certainly assign every element of `buf` that lies in `ranges` (per
// dimension of buf, points or lo:hi that all hold; read at the start of the block)
// before it first reads a value of buf? Only the statements before the first one that
// reads buf count. Not shown counts as no.
bool block_assigns_before_reading(const ir::Proc& p, const ir::BlockLoc& b, const ir::Sym& buf,
                                  const std::vector<std::vector<WinDim>>& ranges);

}  // namespace exo::analysis
