/* Calls the generated kernels and checks them against plain loops. */
#include <stdio.h>

#include "axpy.h"
#include "scale.h"

int main(void) {
    enum { N = 37 };
    float x[N], y[N], z[N];
    for (int i = 0; i < N; i++) {
        x[i] = (float)i - 5.0f;
        y[i] = 0.5f * (float)i;
        z[i] = -1.0f;
    }
    float a = 3.0f;
    scale(NULL, N, x, z);
    axpy(NULL, N, &a, x, y);
    int bad = 0;
    for (int i = 0; i < N; i++) {
        if (z[i] != 2.0f * x[i]) bad++;
        if (y[i] != 0.5f * (float)i + 3.0f * x[i]) bad++;
    }
    if (bad) {
        printf("%d wrong results\n", bad);
        return 1;
    }
    puts("ok");
    return 0;
}
