// saxpy_featured (TARGETS avx512 portable FEATURES avx2 fma): every variant is compiled
// for AVX2 and FMA too, so the portable one (plain C loops) needs them, and the
// dispatch tests them before choosing it: portable runs where avx2 and fma do, and
// computes y += a * x.
#include <stdio.h>
#include <string.h>

#include "saxpy_featured.h"

int main(void) {
    __builtin_cpu_init();
    int featured = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    if (saxpy_exo_use_target("portable") != featured) {
        printf("portable was %s on a CPU %s AVX2 and FMA\n", featured ? "refused" : "accepted", featured ? "with" : "without");
        return 1;
    }
    if (!featured) {
        puts("skip: this CPU lacks AVX2 or FMA, which FEATURES asks every target for");
        return 77;
    }
    enum { N = 2 };
    float a = 1.5f, x[16 * N], y[16 * N];
    for (int i = 0; i < 16 * N; i++) x[i] = (float)(i % 7) - 3.0f, y[i] = (float)i;
    saxpy(NULL, N, &a, x, y);
    for (int i = 0; i < 16 * N; i++)
        if (y[i] != (float)i + 1.5f * ((float)(i % 7) - 3.0f)) {
            printf("y[%d] = %g, expected %g\n", i, y[i], (float)i + 1.5f * ((float)(i % 7) - 3.0f));
            return 1;
        }
    printf("%s: ok\n", saxpy_exo_target());
    return 0;
}
