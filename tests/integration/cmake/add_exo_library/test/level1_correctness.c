/* Checks both kernels against plain loops for lengths around the vector widths. */
#include <stdio.h>

#include "exo_axpy.h"
#include "exo_scal.h"

int main(void) {
    int failures = 0;
    for (int n = 0; n <= 19; ++n) {
        float x[19], y[19], want_x[19], want_y[19];
        float alpha = 1.5f;
        for (int i = 0; i < n; ++i) {
            x[i] = (float)i;
            y[i] = (float)(100 - i);
            want_x[i] = alpha * x[i];
        }
        scal(NULL, n, &alpha, x);
        for (int i = 0; i < n; ++i) want_y[i] = y[i] + alpha * x[i];
        axpy(NULL, n, &alpha, x, y);
        for (int i = 0; i < n; ++i)
            if (x[i] != want_x[i] || y[i] != want_y[i]) {
                printf("n=%d i=%d: x %g (want %g), y %g (want %g)\n", n, i, x[i], want_x[i], y[i], want_y[i]);
                ++failures;
            }
    }
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
