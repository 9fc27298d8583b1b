// Checks both generated GEMMs (C += A * B) against a double-precision triple loop, on
// sizes that hit every edge: fewer rows or columns than one micro-tile, ragged tiles,
// ragged cache blocks (MC = 96 rows), ragged K panels (KC = 512), ragged column panels
// (NC = 256), and depths that are not a multiple of pack_a's 16-step transposes. A GEMM
// is run only if this CPU has its instruction set.
//
// Built from `exocc sgemm.py` the library has sgemm_avx512 and sgemm_avx2; built by
// exo_add_kernel(... TARGETS avx512 avx2) (SGEMM_DISPATCH) it has one dispatched sgemm,
// whose variants are checked in turn by choosing each with sgemm_exo_use_target.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "../example_timing.h"

#include "sgemm.h"

#ifdef SGEMM_DISPATCH
#define sgemm_avx512 sgemm
#define sgemm_avx2 sgemm
#endif

typedef void (*sgemm_fn)(void *, int_fast32_t, int_fast32_t, int_fast32_t, const float *, const float *,
                         float *);

static float value(int i, int salt) { return (float)(((i * 37 + salt * 11) % 17) - 8) / 8.0f; }

static int check(const char *name, sgemm_fn fn, int M, int N, int K) {
    float *A = malloc(sizeof(float) * M * K), *B = malloc(sizeof(float) * K * N);
    float *C = malloc(sizeof(float) * M * N);
    for (int i = 0; i < M * K; i++) A[i] = value(i, 1);
    for (int i = 0; i < K * N; i++) B[i] = value(i, 2);
    for (int i = 0; i < M * N; i++) C[i] = value(i, 3);
    fn(NULL, M, N, K, A, B, C);
    int bad = 0;
    for (int i = 0; i < M && !bad; i++)
        for (int j = 0; j < N && !bad; j++) {
            double ref = value(i * N + j, 3);
            for (int k = 0; k < K; k++) ref += (double)A[i * K + k] * B[k * N + j];
            if (fabs(ref - C[i * N + j]) > 1e-3 * (1.0 + fabs(ref))) {
                printf("%s %dx%dx%d: C[%d][%d] = %g, expected %g\n", name, M, N, K, i, j, C[i * N + j], ref);
                bad = 1;
            }
        }
    free(A);
    free(B);
    free(C);
    return bad;
}

// Measured: each GEMM this CPU runs against the textbook triple loop in C (i, k, j order,
// which compilers vectorize), on square matrices.
enum { TN = 384 };
struct gemm_run { sgemm_fn fn; float *A, *B, *C; };

static void run_gemm(void *arg) {
    struct gemm_run *g = arg;
    g->fn(NULL, TN, TN, TN, g->A, g->B, g->C);
}

static void plain_sgemm(void *ctxt, int_fast32_t M, int_fast32_t N, int_fast32_t K, const float *A,
                        const float *B, float *C) {
    (void)ctxt;
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++)
            for (int j = 0; j < N; j++) C[i * N + j] += A[i * K + k] * B[k * N + j];
}

static void report(const int *ran_isa, const char *const *names, const sgemm_fn *fns, int count) {
    float *A = malloc(sizeof(float) * TN * TN), *B = malloc(sizeof(float) * TN * TN);
    float *C = malloc(sizeof(float) * TN * TN);
    for (int i = 0; i < TN * TN; i++) A[i] = value(i, 1), B[i] = value(i, 2), C[i] = 0.0f;
    double flops = 2.0 * TN * TN * TN;
    printf("sgemm: C += A * B, %dx%dx%d, one thread\n", TN, TN, TN);
    struct gemm_run plain = {plain_sgemm, A, B, C};
    double base = example_report("plain C loop", flops, example_seconds_per_call(run_gemm, &plain), 1e-9, "GFLOP/s");
    for (int g = 0; g < count; g++) {
        if (!ran_isa[g]) continue;
#ifdef SGEMM_DISPATCH
        sgemm_exo_use_target(g == 0 ? "avx512" : "avx2");  // the variant this row times
#endif
        struct gemm_run run = {fns[g], A, B, C};
        double rate = example_report(names[g], flops, example_seconds_per_call(run_gemm, &run), 1e-9, "GFLOP/s");
        printf("  %-34s %9.2fx\n", "  against the plain C loop", rate / base);
    }
    free(A), free(B), free(C);
}

int main(void) {
    static const int sizes[][3] = {{1, 1, 1},     {6, 64, 1},    {5, 63, 7},     {7, 65, 193},
                                   {13, 17, 9},   {96, 128, 192}, {97, 129, 385}, {200, 70, 300},
                                   {300, 250, 17}, {64, 1000, 40},  {13, 1025, 130}, {14, 300, 1100}};
    const struct {
        const char *name, *isa;
        sgemm_fn fn;
    } gemms[] = {{"sgemm_avx512", "avx512f", sgemm_avx512}, {"sgemm_avx2", "avx2", sgemm_avx2}};
    __builtin_cpu_init();
    int failed = 0, ran = 0, ran_isa[2] = {0, 0};
    const char *names[2];
    sgemm_fn fns[2];
    for (size_t g = 0; g < sizeof gemms / sizeof gemms[0]; g++) {
        names[g] = gemms[g].name;
        fns[g] = gemms[g].fn;
#ifdef SGEMM_DISPATCH
        int has_isa = sgemm_exo_use_target(g == 0 ? "avx512" : "avx2");
#else
        int has_isa = __builtin_cpu_supports("fma") &&
                      (g == 0 ? __builtin_cpu_supports("avx512f") : __builtin_cpu_supports("avx2"));
#endif
        if (!has_isa) {
            printf("%s: skipped, this CPU lacks %s\n", gemms[g].name, gemms[g].isa);
            continue;
        }
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            failed += check(gemms[g].name, gemms[g].fn, sizes[s][0], sizes[s][1], sizes[s][2]);
        ran++;
        ran_isa[g] = 1;
    }
    if (failed) return 1;
    printf("sgemm: %d GEMMs match the reference on %zu sizes\n", ran, sizeof sizes / sizeof sizes[0]);
    report(ran_isa, names, fns, 2);
    return 0;
}
