// The dispatch of saxpy_multi (TARGETS avx512 avx2 portable): the first call picks the
// best target this CPU runs; each target it runs can be chosen and computes y += a * x;
// one it cannot run, or an unknown one, is refused. The portable variant multiplies and
// adds in two roundings, the others in one (FMA): the inputs make the two differ, which
// shows which kind of variant ran.
#include <stdio.h>
#include <string.h>

#include "saxpy_multi.h"

enum { N = 2 };

// y = -1 + (1 + 2^-13)^2 = 2^-12 + 2^-26 exactly with one rounding; 2^-12 with two.
static int run(const char *target) {
    float a = 1.0f + 0x1p-13f, x[16 * N], y[16 * N];
    for (int i = 0; i < 16 * N; i++) x[i] = a, y[i] = -1.0f;
    saxpy(NULL, N, &a, x, y);
    float expect = strcmp(target, "portable") == 0 ? 0x1p-12f : 0x1p-12f + 0x1p-26f;
    for (int i = 0; i < 16 * N; i++)
        if (y[i] != expect) {
            printf("%s: y[%d] = %a, expected %a\n", target, i, y[i], expect);
            return 1;
        }
    printf("%s: ok\n", target);
    return 0;
}

int main(void) {
    __builtin_cpu_init();
    int fma = __builtin_cpu_supports("fma");
    const char *best = __builtin_cpu_supports("avx512f") ? "avx512"
                       : __builtin_cpu_supports("avx2") && fma ? "avx2" : "portable";
    int failed = run(best);
    printf("chosen: %s\n", saxpy_exo_target());
    if (strcmp(saxpy_exo_target(), best) != 0) {
        printf("the dispatch chose %s, expected %s\n", saxpy_exo_target(), best);
        failed = 1;
    }
    static const char *const targets[] = {"avx2", "portable", "avx512"};
    for (int t = 0; t < 3; t++) {
        int runnable = t == 1 || (t == 0 ? __builtin_cpu_supports("avx2") && fma : __builtin_cpu_supports("avx512f"));
        if (saxpy_exo_use_target(targets[t]) != runnable) {
            printf("saxpy_exo_use_target(\"%s\") returned %d on a CPU that %s it\n", targets[t], !runnable,
                   runnable ? "runs" : "cannot run");
            failed = 1;
        } else if (!runnable) {
            printf("%s: skipped, this CPU cannot run it\n", targets[t]);
        } else if (strcmp(saxpy_exo_target(), targets[t]) != 0) {
            printf("after choosing %s the dispatch uses %s\n", targets[t], saxpy_exo_target());
            failed = 1;
        } else {
            failed |= run(targets[t]);
        }
    }
    if (saxpy_exo_use_target("sse9")) {
        puts("an unknown target was accepted");
        failed = 1;
    }
    return failed;
}
