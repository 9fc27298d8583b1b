// Checks both procs of the cursors example, the kernel as written (scale_rows) and as
// scheduled through cursors (scale_rows_fast), against plain C on several sizes,
// including row lengths that leave a tail after the 4-wide pieces.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cursors.h"
#include "../example_timing.h"

typedef void (*kernel)(void *, int_fast32_t, int_fast32_t, const float *, const float *,
                       float *, float *);

static int check(const char *name, kernel k, int M, int N) {
    float *x = malloc(sizeof(float) * (M * N + 1)), *w = malloc(sizeof(float) * (N + 1));
    float *y = malloc(sizeof(float) * (M * N + 1)), *total = malloc(sizeof(float) * (M + 1));
    for (int i = 0; i < M * N; i++) x[i] = (float)((i * 5) % 11) - 5.0f;
    for (int j = 0; j < N; j++) w[j] = (float)(j % 7) / 4.0f;
    for (int i = 0; i < M * N; i++) y[i] = -99.0f;
    for (int i = 0; i < M; i++) total[i] = -99.0f;
    k(NULL, M, N, x, w, y, total);
    int bad = 0;
    for (int i = 0; i < M && !bad; i++) {
        float sum = 0.0f;
        for (int j = 0; j < N && !bad; j++) {
            float want = x[i * N + j] * w[j];
            sum += want;
            if (y[i * N + j] != want) {
                printf("%s %dx%d: y[%d][%d] = %g, expected %g\n", name, M, N, i, j, y[i * N + j], want);
                bad = 1;
            }
        }
        if (!bad && fabsf(total[i] - sum) > 1e-4f * (1.0f + fabsf(sum))) {
            printf("%s %dx%d: total[%d] = %g, expected %g\n", name, M, N, i, total[i], sum);
            bad = 1;
        }
    }
    free(x), free(w), free(y), free(total);
    return bad;
}

// Measured: what the cursor-driven schedule achieved, scale_rows_fast against the
// kernel as written, scale_rows (2 flops per element: the product and the sum).
enum { TM = 64, TN = 1024 };
struct rows { kernel k; float *x, *w, *y, *total; };

static void run_kernel(void *arg) {
    struct rows *r = arg;
    r->k(NULL, TM, TN, r->x, r->w, r->y, r->total);
}

static void report(void) {
    static float x[TM * TN], w[TN], y[TM * TN], total[TM];
    for (int i = 0; i < TM * TN; i++) x[i] = (float)(i % 11) - 5.0f;
    for (int j = 0; j < TN; j++) w[j] = (float)(j % 7) / 4.0f;
    struct rows slow = {scale_rows, x, w, y, total}, fast = {scale_rows_fast, x, w, y, total};
    double flops = 2.0 * TM * TN;
    printf("cursors: scale and sum %d rows of %d\n", TM, TN);
    double base = example_report("scale_rows (as written)", flops, example_seconds_per_call(run_kernel, &slow), 1e-9, "GFLOP/s");
    double sched = example_report("scale_rows_fast (scheduled)", flops, example_seconds_per_call(run_kernel, &fast), 1e-9, "GFLOP/s");
    printf("  %-34s %9.2fx\n", "speed-up of the schedule", sched / base);
}

int main(void) {
    static const int sizes[][2] = {{1, 1}, {3, 4}, {5, 7}, {4, 13}, {9, 64}, {2, 0}};
    int failed = 0;
    for (unsigned s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        failed |= check("scale_rows", scale_rows, sizes[s][0], sizes[s][1]);
        failed |= check("scale_rows_fast", scale_rows_fast, sizes[s][0], sizes[s][1]);
    }
    if (failed) return 1;
    printf("cursors: scale_rows and scale_rows_fast match the reference\n");
    report();
    return 0;
}
