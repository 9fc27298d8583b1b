// The checks and rewrites upstream runs on every proc right before generating its C, in
// this order: parallel safety, precision inference, window promotion, memory checks
// (backend/{parallel,prec,win,mem}_analysis.py). Each returns the rewritten proc or
// raises the host exception upstream raises.
#pragma once

#include "../ir/proc.h"

namespace exo::backend {

// `par` loops whose iterations may touch the same memory (one of them writing):
// TypeError "Errors occurred during precision checking:\n<src>: parallel loop's body is
// not parallelizable because of potential data races" (upstream's wording, sic).
ir::ProcPtr parallel_analysis(const ir::ProcPtr& p);

// Gives `R` values the default precision (f32), coerces `R` constants to the precision
// they meet, and reports inconsistent precisions (TypeError "Errors occurred during
// precision checking:").
ir::ProcPtr precision_analysis(const ir::ProcPtr& p);

// Passes whole tensors to window parameters as explicit windows `x[0:n, ...]`; a window
// passed to a non-window tensor parameter is a TypeError ("expected a non-window tensor").
ir::ProcPtr window_analysis(const ir::ProcPtr& p);

// Checks that each call argument lives in (a subclass of) the parameter's memory and
// inserts a Free after the last statement of its block that uses each allocation.
ir::ProcPtr memory_analysis(const ir::ProcPtr& p);

}  // namespace exo::backend
