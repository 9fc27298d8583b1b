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

int main(void) {
    static const int sizes[][3] = {{1, 1, 1},     {6, 64, 1},    {5, 63, 7},     {7, 65, 193},
                                   {13, 17, 9},   {96, 128, 192}, {97, 129, 385}, {200, 70, 300},
                                   {300, 250, 17}, {64, 1000, 40},  {13, 1025, 130}, {14, 300, 1100}};
    const struct {
        const char *name, *isa;
        sgemm_fn fn;
    } gemms[] = {{"sgemm_avx512", "avx512f", sgemm_avx512}, {"sgemm_avx2", "avx2", sgemm_avx2}};
    __builtin_cpu_init();
    int failed = 0, ran = 0;
    for (size_t g = 0; g < sizeof gemms / sizeof gemms[0]; g++) {
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
    }
    if (failed) return 1;
    printf("sgemm: %d GEMMs match the reference on %zu sizes\n", ran, sizeof sizes / sizeof sizes[0]);
    return 0;
}
