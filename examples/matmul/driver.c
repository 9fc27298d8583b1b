// Checks the generated matmul against a plain C triple loop.
#include <math.h>
#include <stdio.h>

#include "matmul.h"
#include "../example_timing.h"

// Measured: the kernel (object code only, with a `par` loop) against the same triple loop
// in C, on a product large enough to leave the L1 cache.
enum { TM = 96, TN = 96, TK = 512 };
struct product { float *A, *Bt, *C; };

static void run_exocc(void *arg) {
    struct product *p = arg;
    matmul(NULL, TM, TN, TK, p->A, p->Bt, p->C);
}

static void run_plain(void *arg) {
    struct product *p = arg;
    for (int i = 0; i < TM; i++)
        for (int j = 0; j < TN; j++) {
            float acc = 0.0f;
            for (int k = 0; k < TK; k++) acc += p->A[i * TK + k] * p->Bt[j * TK + k];
            p->C[i * TN + j] = acc;
        }
}

static void report(void) {
    static float A[TM * TK], Bt[TN * TK], C[TM * TN];
    for (int i = 0; i < TM * TK; i++) A[i] = (float)(i % 7) / 7.0f;
    for (int i = 0; i < TN * TK; i++) Bt[i] = (float)(i % 5) / 5.0f;
    struct product p = {A, Bt, C};
    double flops = 2.0 * TM * TN * TK;
    printf("matmul: C = A * B^T, %dx%dx%d (unscheduled: the object code as written)\n", TM, TN, TK);
    double exo = example_report("exocc kernel", flops, example_seconds_per_call(run_exocc, &p), 1e-9, "GFLOP/s");
    double plain = example_report("plain C triple loop", flops, example_seconds_per_call(run_plain, &p), 1e-9, "GFLOP/s");
    printf("  %-34s %9.2fx\n", "exocc / plain C", exo / plain);
}

int main(void) {
    enum { M = 5, N = 7, K = 9 };
    float A[M * K], Bt[N * K], C[M * N];
    for (int i = 0; i < M * K; i++) A[i] = (float)((i * 7) % 11) - 5.0f;
    for (int i = 0; i < N * K; i++) Bt[i] = (float)((i * 5) % 13) - 6.0f;
    matmul(NULL, M, N, K, A, Bt, C);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float ref = 0.0f;
            for (int k = 0; k < K; k++) ref += A[i * K + k] * Bt[j * K + k];
            if (fabsf(ref - C[i * N + j]) > 1e-4f) {
                printf("matmul: C[%d][%d] = %g, expected %g\n", i, j, C[i * N + j], ref);
                return 1;
            }
        }
    printf("matmul matches the reference\n");
    report();
    return 0;
}
