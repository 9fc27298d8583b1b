// Runs one of analysis/'s safety checks for a primitive: its CheckFailed becomes the
// SchedulingError a primitive raises, with the same message. Returns what the check
// returns.
#pragma once

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

}  // namespace exo::rewrite
