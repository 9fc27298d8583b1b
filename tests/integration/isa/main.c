// Runs the AVX2 saxpy kernel and checks it against plain C; exits 77 (a skip) on a CPU
// without AVX2 and FMA, which could not run it.
#include <stdio.h>

#include "saxpy.h"

int main(void) {
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
        puts("skip: this CPU lacks AVX2 or FMA, which the kernel needs");
        return 77;
    }
    enum { N = 3 };
    float a = 1.5f, x[16 * N], y[16 * N], expect[16 * N];
    for (int i = 0; i < 16 * N; i++) {
        x[i] = (float)(i % 7) - 3.0f;
        y[i] = (float)(i % 5);
        expect[i] = y[i] + a * x[i];
    }
    saxpy(NULL, N, &a, x, y);
    for (int i = 0; i < 16 * N; i++)
        if (y[i] != expect[i]) {
            printf("saxpy: y[%d] = %g, expected %g\n", i, y[i], expect[i]);
            return 1;
        }
    puts("saxpy: ok");
    return 0;
}
