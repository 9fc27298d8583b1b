// Where a process's time goes, for `exocc build -v` (docs/manifest.md, "Progress and
// timing"): parsing and typechecking procs, scheduling primitives, checks (solver
// queries, bounds and effect checks) and C generation. A PhaseScope charges the time
// until it ends to its phase, pausing the enclosing one, so nested phases (the checks
// a primitive makes) count once, in the innermost phase.
#pragma once

#include <chrono>
#include <cmath>
#include <string>

namespace exo::ir {

enum class Phase { Other, Parse, Schedule, Check, CodeGen, Count };

class PhaseClock {
public:
    static PhaseClock& get() {
        static PhaseClock clock;
        return clock;
    }
    // Charges the time since the last switch to the current phase, then makes `p` current.
    Phase switch_to(Phase p) {
        auto now = std::chrono::steady_clock::now();
        seconds_[int(current_)] += std::chrono::duration<double>(now - since_).count();
        since_ = now;
        Phase before = current_;
        current_ = p;
        return before;
    }
    // Starts over, as if the process began now (in a forked child).
    void reset() { *this = PhaseClock(); }
    // The seconds charged to `p` so far (the current phase's up to now).
    double seconds(Phase p) {
        switch_to(current_);
        return seconds_[int(p)];
    }

    // The microseconds of each phase so far, in Phase order, each after a space: how a
    // kernel's process reports them to exocc build (driver/kernel_process.cpp).
    std::string microseconds_text() {
        std::string out;
        for (int i = 0; i < int(Phase::Count); ++i) out += " " + std::to_string(std::llround(seconds(Phase(i)) * 1e6));
        return out;
    }

private:
    double seconds_[int(Phase::Count)] = {};
    Phase current_ = Phase::Other;
    std::chrono::steady_clock::time_point since_ = std::chrono::steady_clock::now();
};

class PhaseScope {
public:
    explicit PhaseScope(Phase p) : outer_(PhaseClock::get().switch_to(p)) {}
    ~PhaseScope() { PhaseClock::get().switch_to(outer_); }
    PhaseScope(const PhaseScope&) = delete;
    PhaseScope& operator=(const PhaseScope&) = delete;

private:
    Phase outer_;
};

}  // namespace exo::ir
