// Checks the generated kernels against plain C reference loops.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels.h"

static int failures = 0;

static void check(int ok, const char* what) {
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

int main(void) {
    kernels_Context ctxt;

    enum { L = 10 };
    double f = 3.0;
    set_scale(&ctxt, &f);
    double xs[2 * L], ys[L];
    for (int i = 0; i < 2 * L; i++) xs[i] = i * 0.25;
    for (int i = 0; i < L; i++) ys[i] = 1.0;
    pair_avg(&ctxt, L, xs, ys);
    for (int i = 0; i < L; i++) {
        double ref = 1.0 + (xs[2 * i] + xs[2 * i + 1]) * 0.5 * 3.0;
        check(fabs(ref - ys[i]) < 1e-12, "pair_avg");
    }

    if (failures) return 1;
    printf("pair_avg matches the reference\n");
    return 0;
}
