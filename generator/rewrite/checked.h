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

// Re-verifies a proc that a primitive gave a new call: the callee's asserts and the
// bounds of every access must hold at the call site, and no two written arguments alias.
inline void recheck_call_sites(const ir::Proc& p) {
    std::string err = analysis::bounds_check_errors(p);
    if (!err.empty()) sched_error(err);
    err = analysis::aliasing_error(p);
    if (!err.empty()) sched_error(err);
}

}  // namespace exo::rewrite
