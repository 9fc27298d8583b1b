// Checks run on every proc right after typechecking, as upstream's CheckBounds
// (frontend/boundscheck.py) and Check_Aliasing (rewrite/new_eff.py):
//  - every read, write and reduction of an argument or allocation is in bounds,
//    under the proc's asserts, loop bounds and branch conditions;
//  - allocation and argument shapes are positive, loop trip counts non-negative;
//  - no assert is unsatisfiable;
//  - at each call: size arguments positive, argument shapes equal to the callee's,
//    and the callee's asserts hold;
//  - no buffer is passed twice to one call, and no numeric config value is passed to a
//    callee that touches that config.
// Accesses inside a callee are checked through the call (translated to the caller's
// buffers); the callee's own internal checks were done when it was created. Beyond
// upstream, and only for speed: when a callee passed this check itself and a window
// argument provably lies inside its buffer, the callee's accesses through it are known to
// be in bounds and are not translated and checked again (one query instead of one per
// access, which made deep call trees such as examples/sgemm's slow to check).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "../ir/proc.h"

namespace exo::analysis {

// Empty when the proc passes; otherwise upstream's TypeError text,
// "Errors occurred during effect checking:\n<file:line: msg>\n...".
std::string bounds_check_errors(const ir::Proc& p);

// The same check's errors one by one, each "file:line: message" (empty: it passes).
std::vector<std::string> bounds_check_error_list(const ir::Proc& p);

// The bounds check of one call of `p` only: the callee's asserts, the argument shapes
// and the callee's accesses, in the call's context (p's asserts, the loops and branches
// around it). For primitives that add a call to a proc and change nothing else.
std::vector<std::string> call_site_error_list(const ir::Proc& p, const ir::Stmt& call);

// Upstream's TypeError text for a list of errors (empty for none).
std::string effect_check_message(const std::vector<std::string>& errors);

// Empty when the proc passes; otherwise the SchedulingError message.
std::string aliasing_error(const ir::Proc& p);

// Both checks, raising the host exceptions upstream raises (TypeError, then
// exo.SchedulingError).
void check_new_proc(const ir::Proc& p);

// Procs are immutable, so one that passed the bounds check never needs it again: C
// generation, which checks every proc it emits, skips those @proc already checked.
// Remembered by identity, for as long as the proc lives.
void note_bounds_checked(const std::shared_ptr<const ir::Proc>& p);
bool bounds_checked_before(const ir::Proc& p);

}  // namespace exo::analysis
