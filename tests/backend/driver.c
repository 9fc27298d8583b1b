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

    double z[2][4], w[4];
    for (int i = 0; i < 8; i++) z[i / 4][i % 4] = i + 1.0;
    copy_then_clear(&ctxt, &z[0][0], w);
    for (int k = 0; k < 4; k++) {
        check(w[k] == 5.0 + k && z[1][k] == 0.0, "copy_then_clear");
        check(z[0][k] == 1.0 + k, "copy_then_clear leaves row 0");
    }

    double first[4] = {2.0, 1.0, 1.0, 1.0};
    scale_first(&ctxt, first);  // Scale.factor is still 3
    check(first[0] == 6.0 && first[1] == 1.0, "scale_first");

    if (failures) return 1;
    printf("pair_avg, copy_then_clear and scale_first match the reference\n");
    return 0;
}
