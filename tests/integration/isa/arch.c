// The dispatch of saxpy_arch (TARGETS avx2 avx512 neon): each architecture chooses
// among the targets compiled for it, x86 the best of avx512 and avx2 this CPU runs,
// AArch64 neon (its base ISA: nothing to test), and the targets of the other
// architecture are not there to choose. Every variant multiplies and adds in one
// rounding (FMA): the inputs show that a vector variant ran, and compute right.
// Exits 77 (a skip) on an x86 CPU that runs neither avx512 nor avx2.
#include <stdio.h>
#include <string.h>

#include "saxpy_arch.h"

enum { N = 2 };

static const char *expected_target(void) {
#if defined(__aarch64__)
    return "neon";
#elif defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) return "avx512";
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return "avx2";
    return NULL;
#else
    return NULL;
#endif
}

// The target of the other architecture, which this build cannot choose.
static const char *foreign_target(void) {
#if defined(__aarch64__)
    return "avx2";
#else
    return "neon";
#endif
}

int main(void) {
    const char *expect_target = expected_target();
    if (!expect_target) {
        puts("skip: this CPU runs none of the library's targets");
        return 77;
    }
    // y = -1 + (1 + 2^-13)^2 = 2^-12 + 2^-26 exactly with one rounding; 2^-12 with two.
    // The second half checks plain values: y = i + 1.5 * (i % 7 - 3).
    float a = 1.0f + 0x1p-13f, x[16 * N], y[16 * N];
    for (int i = 0; i < 16 * N; i++) x[i] = a, y[i] = -1.0f;
    saxpy(NULL, N, &a, x, y);
    int failed = 0;
    for (int i = 0; i < 16 * N; i++)
        if (y[i] != 0x1p-12f + 0x1p-26f) {
            printf("y[%d] = %a, expected %a (one rounding)\n", i, y[i], 0x1p-12f + 0x1p-26f);
            failed = 1;
        }
    float b = 1.5f;
    for (int i = 0; i < 16 * N; i++) x[i] = (float)(i % 7) - 3.0f, y[i] = (float)i;
    saxpy(NULL, N, &b, x, y);
    for (int i = 0; i < 16 * N; i++)
        if (y[i] != (float)i + 1.5f * ((float)(i % 7) - 3.0f)) {
            printf("y[%d] = %g, expected %g\n", i, y[i], (float)i + 1.5f * ((float)(i % 7) - 3.0f));
            failed = 1;
        }
    printf("chosen: %s\n", saxpy_exo_target());
    if (strcmp(saxpy_exo_target(), expect_target) != 0) {
        printf("the dispatch chose %s, expected %s\n", saxpy_exo_target(), expect_target);
        failed = 1;
    }
    if (saxpy_exo_use_target(foreign_target())) {
        printf("%s, a target of another architecture, was accepted\n", foreign_target());
        failed = 1;
    }
    return failed;
}
