// The `time` module: clocks for benchmark programs written in the host language
// (perf_counter, monotonic, process_time, time and their _ns forms) and sleep.
#include <time.h>

#include <algorithm>
#include <cmath>

#include "interrupt.h"
#include "native_time.h"
#include "runtime.h"

namespace exo::host {

namespace {

int64_t clock_ns(clockid_t id) {
    timespec ts{};
    clock_gettime(id, &ts);
    return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

Value seconds(clockid_t id) { return Value::floating(double(clock_ns(id)) / 1e9); }

Value t_perf_counter(const Value&, const CallArgs& a) { check_positional("perf_counter", a, 0, 0); return seconds(CLOCK_MONOTONIC); }
Value t_perf_counter_ns(const Value&, const CallArgs& a) { check_positional("perf_counter_ns", a, 0, 0); return Value::integer(clock_ns(CLOCK_MONOTONIC)); }
Value t_monotonic(const Value&, const CallArgs& a) { check_positional("monotonic", a, 0, 0); return seconds(CLOCK_MONOTONIC); }
Value t_monotonic_ns(const Value&, const CallArgs& a) { check_positional("monotonic_ns", a, 0, 0); return Value::integer(clock_ns(CLOCK_MONOTONIC)); }
Value t_process_time(const Value&, const CallArgs& a) { check_positional("process_time", a, 0, 0); return seconds(CLOCK_PROCESS_CPUTIME_ID); }
Value t_process_time_ns(const Value&, const CallArgs& a) { check_positional("process_time_ns", a, 0, 0); return Value::integer(clock_ns(CLOCK_PROCESS_CPUTIME_ID)); }
Value t_time(const Value&, const CallArgs& a) { check_positional("time", a, 0, 0); return seconds(CLOCK_REALTIME); }
Value t_time_ns(const Value&, const CallArgs& a) { check_positional("time_ns", a, 0, 0); return Value::integer(clock_ns(CLOCK_REALTIME)); }

Value t_sleep(const Value&, const CallArgs& a) {
    check_positional("sleep", a, 1, 1);
    double s = to_double(a[0], "secs");
    if (s < 0) raise(exc_types().ValueError, "sleep length must be non-negative");
    if (!std::isfinite(s)) return Value::none();
    s = std::min(s, 1e9);  // about 31 years: within any time_t
    // nanosleep returns early on a signal: Ctrl-C interrupts the sleep, anything else
    // sleeps on for the rest.
    timespec left{static_cast<time_t>(s), static_cast<long>((s - std::floor(s)) * 1e9)};
    while (nanosleep(&left, &left) != 0) check_interrupt();
    return Value::none();
}

}  // namespace

Value make_time_module() {
    auto* m = new ModuleObject("time");
    m->make_immortal();
    DictTable& g = m->globals();
    g.set_str("__name__", str("time"));
    struct F { const char* n; NativeFn f; };
    for (F f : {F{"perf_counter", t_perf_counter}, F{"perf_counter_ns", t_perf_counter_ns}, F{"monotonic", t_monotonic},
                F{"monotonic_ns", t_monotonic_ns}, F{"process_time", t_process_time},
                F{"process_time_ns", t_process_time_ns}, F{"time", t_time}, F{"time_ns", t_time_ns}, F{"sleep", t_sleep}})
        g.set_str(f.n, builtin_function(f.n, f.f));
    return Value(m);
}

}  // namespace exo::host
