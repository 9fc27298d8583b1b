// Checks the scheduled AVX2 micro-kernel and the tiled product against plain C loops:
// the micro-kernel alone on tiles cut out of larger matrices (windows with row strides
// wider than the tile) for several depths, then matmul on several whole sizes. Skips
// (and passes) on a CPU without AVX2 and FMA.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "../example_timing.h"

#include "avx2_matmul.h"

static float value(int seed, int i) { return (float)((i * 7 + seed * 13) % 19) / 8.0f - 1.0f; }

static int close_enough(float got, float want, int K) {
    return fabsf(got - want) <= 1e-5f * (float)(K + 1) * (1.0f + fabsf(want));
}

// C (ldc) += A (lda, 6 x K) * B (ldb, K x 16) through the micro-kernel, on windows.
static int check_tile(int K, int lda, int ldb, int ldc) {
    float *A = malloc(sizeof(float) * (6 * lda + 1));
    float *B = malloc(sizeof(float) * (K * ldb + 1));
    float *C = malloc(sizeof(float) * 6 * ldc);
    float *R = malloc(sizeof(float) * 6 * ldc);
    for (int i = 0; i < 6 * lda; i++) A[i] = value(1, i);
    for (int i = 0; i < K * ldb; i++) B[i] = value(2, i);
    for (int i = 0; i < 6 * ldc; i++) C[i] = R[i] = value(3, i);
    // Offsets of 1 column in B and C: the tile starts off the first column.
    struct exo_win_2f32c a = {A, {lda, 1}};
    struct exo_win_2f32c b = {B + 1, {ldb, 1}};
    struct exo_win_2f32 c = {C + 1, {ldc, 1}};
    matmul_6x16(NULL, K, a, b, c);
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 16; j++)
            for (int k = 0; k < K; k++) R[i * ldc + 1 + j] += A[i * lda + k] * B[k * ldb + 1 + j];
    int bad = 0;
    for (int i = 0; i < 6 && !bad; i++)
        for (int j = 0; j < ldc && !bad; j++)
            if (!close_enough(C[i * ldc + j], R[i * ldc + j], K)) {
                printf("matmul_6x16 K=%d: C[%d][%d] = %g, expected %g\n", K, i, j,
                       C[i * ldc + j], R[i * ldc + j]);
                bad = 1;
            }
    free(A), free(B), free(C), free(R);
    return bad;
}

static int check_matmul(int M, int N, int K) {
    float *A = malloc(sizeof(float) * (M * K + 1));
    float *B = malloc(sizeof(float) * (K * N + 1));
    float *C = malloc(sizeof(float) * M * N);
    float *R = malloc(sizeof(float) * M * N);
    for (int i = 0; i < M * K; i++) A[i] = value(4, i);
    for (int i = 0; i < K * N; i++) B[i] = value(5, i);
    for (int i = 0; i < M * N; i++) C[i] = R[i] = value(6, i);
    matmul(NULL, M, N, K, A, B, C);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < K; k++) R[i * N + j] += A[i * K + k] * B[k * N + j];
    int bad = 0;
    for (int i = 0; i < M * N && !bad; i++)
        if (!close_enough(C[i], R[i], K)) {
            printf("matmul %dx%dx%d: C[%d][%d] = %g, expected %g\n", M, N, K, i / N, i % N,
                   C[i], R[i]);
            bad = 1;
        }
    free(A), free(B), free(C), free(R);
    return bad;
}

// Measured: matmul (tiled with the scheduled 6x16 micro-kernel) against the textbook
// triple loop in C (i, k, j order, which compilers vectorize).
enum { TM = 96, TN = 256, TK = 256 };
struct product { float *A, *B, *C; };

static void run_exocc(void *arg) {
    struct product *p = arg;
    matmul(NULL, TM, TN, TK, p->A, p->B, p->C);
}

static void run_plain(void *arg) {
    struct product *p = arg;
    for (int i = 0; i < TM; i++)
        for (int k = 0; k < TK; k++)
            for (int j = 0; j < TN; j++) p->C[i * TN + j] += p->A[i * TK + k] * p->B[k * TN + j];
}

static void report(void) {
    float *A = malloc(sizeof(float) * TM * TK), *B = malloc(sizeof(float) * TK * TN);
    float *C = malloc(sizeof(float) * TM * TN);
    for (int i = 0; i < TM * TK; i++) A[i] = value(4, i);
    for (int i = 0; i < TK * TN; i++) B[i] = value(5, i);
    for (int i = 0; i < TM * TN; i++) C[i] = 0.0f;
    struct product p = {A, B, C};
    double flops = 2.0 * TM * TN * TK;
    printf("avx2_matmul: C += A * B, %dx%dx%d\n", TM, TN, TK);
    double exo = example_report("exocc (6x16 AVX2 micro-kernel)", flops, example_seconds_per_call(run_exocc, &p), 1e-9, "GFLOP/s");
    double plain = example_report("plain C loop", flops, example_seconds_per_call(run_plain, &p), 1e-9, "GFLOP/s");
    printf("  %-34s %9.2fx\n", "exocc / plain C", exo / plain);
    free(A), free(B), free(C);
}

int main(void) {
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
        printf("avx2_matmul: skipped, this CPU lacks AVX2 or FMA\n");
        return 0;
    }
    int failed = 0;
    static const int depths[] = {0, 1, 2, 7, 64, 257};
    for (unsigned d = 0; d < sizeof depths / sizeof *depths; d++) {
        int K = depths[d];
        failed |= check_tile(K, K + 3, 16 + 5, 16 + 2);
    }
    static const int sizes[][3] = {{6, 16, 1}, {12, 32, 33}, {30, 48, 100}, {66, 160, 9}, {0, 16, 4}};
    for (unsigned s = 0; s < sizeof sizes / sizeof *sizes; s++)
        failed |= check_matmul(sizes[s][0], sizes[s][1], sizes[s][2]);
    if (failed) return 1;
    printf("avx2_matmul matches the reference\n");
    report();
    return 0;
}
