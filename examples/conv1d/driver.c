// Checks the generated conv1d against a plain C loop with explicit zero padding.
#include <stdio.h>

#include "conv1d.h"

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
    return 0;
}
