// Runs one of analysis/'s safety checks for a primitive: its CheckFailed becomes the
// SchedulingError a primitive raises, with the same message. Returns what the check
// returns.
#pragma once

#include "../analysis/boundscheck.h"
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

// Verifies the call a primitive added to a proc: the callee's asserts and the bounds of
// its accesses must hold at the call site, and no two written arguments alias.
inline void recheck_call_site(const ir::Proc& p, const ir::Stmt& call) {
    std::string err = analysis::call_site_errors(p, call);
    if (!err.empty()) sched_error(err);
    err = analysis::aliasing_error(p);
    if (!err.empty()) sched_error(err);
}

}  // namespace exo::rewrite
