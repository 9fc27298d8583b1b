// Checks the generated conv1d against a plain C loop with explicit zero padding.
#include <stdio.h>

#include "conv1d.h"
#include "../example_timing.h"

// Measured: the kernel (its boundary guards proven in bounds) against the padded loop in C.
enum { TL = 1 << 16 };
struct signal { int32_t *x, *w, *y; };

static void run_exocc(void *arg) {
    struct signal *s = arg;
    conv1d(NULL, TL, s->x, s->w, s->y);
}

static void run_plain(void *arg) {
    struct signal *s = arg;
    for (int i = 0; i < TL; i++) {
        int32_t acc = 0;
        for (int r = 0; r < 3; r++) {
            int p = i + r - 1;
            if (p >= 0 && p < TL) acc += s->w[r] * s->x[p];
        }
        s->y[i] = acc;
    }
}

static void report(void) {
    static int32_t x[TL], y[TL], w[3] = {1, -2, 3};
    for (int i = 0; i < TL; i++) x[i] = i % 101 - 50;
    struct signal s = {x, w, y};
    printf("conv1d: 3-tap i32 convolution of %d samples\n", TL);
    double exo = example_report("exocc kernel", 6.0 * TL, example_seconds_per_call(run_exocc, &s), 1e-9, "Gop/s");
    double plain = example_report("plain C loop", 6.0 * TL, example_seconds_per_call(run_plain, &s), 1e-9, "Gop/s");
    printf("  %-34s %9.2fx\n", "exocc / plain C", exo / plain);
}

int main(void) {
    enum { L = 10 };
    int32_t x[L], w[3] = {1, -2, 3}, y[L];
    for (int i = 0; i < L; i++) x[i] = i * i - 4;
    conv1d(NULL, L, x, w, y);
    for (int i = 0; i < L; i++) {
        int32_t ref = 0;
        for (int r = 0; r < 3; r++) {
            int p = i + r - 1;
            if (p >= 0 && p < L) ref += w[r] * x[p];
        }
        if (ref != y[i]) {
            printf("conv1d: y[%d] = %d, expected %d\n", i, y[i], ref);
            return 1;
        }
    }
    printf("conv1d matches the reference\n");
    report();
    return 0;
}
