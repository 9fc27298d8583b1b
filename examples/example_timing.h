// Timing for the examples' result lines: after a driver has checked its kernels, it
// measures them against the plain C loops it checked them with, so that
// `scripts/quickstart.sh run` shows what each schedule achieved. These figures are
// printed, never compared with anything: no test depends on a machine's speed.
#ifndef EXAMPLE_TIMING_H
#define EXAMPLE_TIMING_H

#include <stdio.h>
#include <time.h>

typedef void (*example_call)(void *arg);

static double example_now(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// The best seconds per call over five rounds of at least 10 ms each: on a shared machine
// the best round is the one least disturbed by other work.
static double example_seconds_per_call(example_call call, void *arg) {
    call(arg);  // warm the caches and the page tables
    long reps = 1;
    for (;;) {
        double t0 = example_now();
        for (long r = 0; r < reps; r++) call(arg);
        if (example_now() - t0 >= 0.01 || reps >= (1L << 30)) break;
        reps *= 2;
    }
    double best = 1e300;
    for (int round = 0; round < 5; round++) {
        double t0 = example_now();
        for (long r = 0; r < reps; r++) call(arg);
        double per_call = (example_now() - t0) / (double)reps;
        if (per_call < best) best = per_call;
    }
    return best;
}

// Prints "  <label>: <rate> <unit>" with the rate as work / seconds, scaled by 1e-9
// (GFLOP/s, Gop/s) or 1e-6 (Mpixel/s) as `scale` says; returns the rate.
static double example_report(const char *label, double work, double seconds, double scale, const char *unit) {
    double rate = work / seconds * scale;
    printf("  %-34s %9.2f %s\n", label, rate, unit);
    return rate;
}

#endif
