// Runs one of analysis/'s safety checks for a primitive: its CheckFailed becomes the
// SchedulingError a primitive raises, with the same message. Returns what the check
// returns.
#pragma once

#include "../analysis/boundscheck.h"
#include "../analysis/check_level.h"
#include "../analysis/sched_checks.h"
#include "edit.h"

namespace exo::rewrite {

template <class F>
auto checked(F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const analysis::CheckFailed& e) {
        sched_error(e.what());
    }
}

// The same for a check upstream does not make (e.g. lift_alloc's): under the "upstream"
// check level its failure is a warning and the rewrite proceeds (analysis/check_level.h).
template <class F>
void checked_beyond_upstream(F&& f) {
    try {
        f();
    } catch (const analysis::CheckFailed& e) {
        if (!analysis::accept_as_warnings(PrimitiveScope::current(), {e.what()})) sched_error(e.what());
    }
}

// Verifies the call a primitive added to a proc: the callee's asserts and the bounds of
// its accesses must hold at the call site (beyond upstream, so only warnings under the
// "upstream" check level, see analysis/check_level.h), and no two written arguments
// alias (as upstream).
inline void recheck_call_site(const ir::Proc& p, const ir::Stmt& call) {
    std::vector<std::string> errors = analysis::call_site_error_list(p, call);
    if (!errors.empty() && !analysis::accept_as_warnings(PrimitiveScope::current(), errors))
        sched_error(analysis::effect_check_message(errors));
    std::string err = analysis::aliasing_error(p);
    if (!err.empty()) sched_error(err);
}

}  // namespace exo::rewrite
