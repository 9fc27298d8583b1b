// Unification of a sub-procedure's body with a block of statements (upstream's
// LoopIR_unification): the arguments that make the call `subproc(args)` do exactly
// what the block does. Index arguments and window bounds are solved as linear integer
// equations over the block's free index variables; buffer arguments bind to the
// caller's buffers or to windows of them.
#pragma once

#include <optional>
#include <string>

#include "../ir/path.h"

namespace exo::rewrite {

struct Unified {
    ir::ExprList args;                   // one per argument of `sub`, when it unified
    std::optional<std::string> refusal;  // upstream's UnificationError message otherwise
};

// The call `sub(args)` that does what the statements [b.lo, b.lo + sub.body.size()) at
// `b` in `p` do, or why there is none.
Unified unify_block(const ir::Proc& p, const ir::BlockLoc& b, const ir::Proc& sub);

// The error unify_block would raise, when the kinds of the first statements decide it
// (most refused attempts), found without the unifier's setup and without throwing;
// nullopt when only unification can tell.
std::optional<std::string> quick_refusal(const ir::Proc& p, const ir::BlockLoc& b, const ir::Proc& sub);

}  // namespace exo::rewrite
