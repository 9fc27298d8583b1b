// Upstream's Check_Access_In_Window (stage_mem): is an access to a buffer, over all
// the iterations of the loops between it and a block, always inside a staging window,
// or never?
#pragma once

#include <vector>

#include "sched_checks.h"

namespace exo::analysis {

// One dimension of an access or of a window: a point (lo) or a range [lo, hi).
struct WinDim {
    bool interval = false;
    ir::ExprPtr lo, hi;
};

// The access `access` (indices, or a window expression's accesses) made by the
// statement at `stmt`, which lies inside `block`; `window` is read at the start of
// `block`. True: every location accessed is in the window; false: none is.
// Otherwise throws CheckFailed("Buffer has accesses which are neither fully within nor
// disjoint from the window").
bool check_access_in_window(const ir::Proc& p, const ir::Path& stmt, const std::vector<WinDim>& access,
                            const std::vector<WinDim>& window, const ir::BlockLoc& block);

}  // namespace exo::analysis
