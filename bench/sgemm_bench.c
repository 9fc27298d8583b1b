#define _POSIX_C_SOURCE 200809L
// examples/sgemm against OpenBLAS, measured side by side in one run (bench/sgemm_bench.sh
// builds and runs it; arguments: seconds per GEMM and size, then sizes). Every GEMM is
// single-threaded, C += A * B on row-major square matrices, measured in rounds that run
// each GEMM once (see compare). Also measures the micro-kernels on packed panels,
// resident in L1 and as the GEMM calls them, against this core's FMA peak at their vector
// width, itself measured here by a loop of independent FMAs; the AVX-512 one with two
// hand-written peers (see intrinsics_6x64).
#include <cblas.h>
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sgemm.h"

// The GEMMs measured are those of the library examples/CMakeLists.txt builds:
// `exocc build sgemm.toml --targets avx512,avx2`, compiled with no ISA flags, whose one
// sgemm dispatches to the variant chosen (its header has the same name as the one
// above, which gives the micro-kernels).
void sgemm(void *ctxt, int_fast32_t M, int_fast32_t N, int_fast32_t K, const float *A, const float *B, float *C);
int sgemm_exo_use_target(const char *target);

char *openblas_get_corename(void);
void openblas_set_num_threads(int);

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void fill(float *x, size_t n, unsigned seed) {
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        x[i] = (float)((seed >> 16) % 2001) / 1000.0f - 1.0f;
    }
}

enum { EXO_AVX512, EXO_AVX2, OPENBLAS };

static void run(int which, int n, const float *A, const float *B, float *C) {
    switch (which) {
        case EXO_AVX512: sgemm_exo_use_target("avx512"), sgemm(NULL, n, n, n, A, B, C); break;
        case EXO_AVX2: sgemm_exo_use_target("avx2"), sgemm(NULL, n, n, n, A, B, C); break;
        default: cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, A, n, B, n, 1.0f, C, n);
    }
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *x, int n) {
    qsort(x, (size_t)n, sizeof *x, compare_doubles);
    return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

// Each round runs every GEMM once, back to back, so that a slow spell of a shared machine
// hits all of them alike; the rounds cycle through the six orders of the three, because a
// GEMM's speed depends by 2-3% on which one ran just before it (what it left in the
// caches). Rounds last about `budget` seconds in all (at least 12). Reported: the best
// GFLOPS of each, and the median over rounds of each exo GEMM's speed relative to
// OpenBLAS in the same round, which a spell that slows one round does not move.
struct comparison {
    double gflops[3];  // best of the rounds
    double ratio[2];   // median of the rounds' exo/OpenBLAS speed ratios
};

static struct comparison compare(int n, const float *A, const float *B, float *C, double budget) {
    static const int orders[6][3] = {{0, 1, 2}, {2, 1, 0}, {1, 2, 0}, {0, 2, 1}, {2, 0, 1}, {1, 0, 2}};
    enum { MAX_ROUNDS = 240 };
    static double ratios[2][MAX_ROUNDS];
    double flops = 2.0 * n * n * n, best[3] = {1e30, 1e30, 1e30}, spent = 0;
    for (int which = 0; which < 3; which++) run(which, n, A, B, C);  // warm caches and page tables
    int rounds = 0;
    while (rounds < MAX_ROUNDS && (rounds < 12 || spent < budget)) {
        double t[3];
        for (int position = 0; position < 3; position++) {
            int which = orders[rounds % 6][position];
            double t0 = now();
            run(which, n, A, B, C);
            t[which] = now() - t0;
            spent += t[which];
            if (t[which] < best[which]) best[which] = t[which];
        }
        ratios[EXO_AVX512][rounds] = t[OPENBLAS] / t[EXO_AVX512];
        ratios[EXO_AVX2][rounds] = t[OPENBLAS] / t[EXO_AVX2];
        rounds++;
    }
    struct comparison out;
    for (int which = 0; which < 3; which++) out.gflops[which] = flops / best[which] * 1e-9;
    for (int which = 0; which < 2; which++) out.ratio[which] = median(ratios[which], rounds);
    return out;
}

// Peak: 12 independent chains of FMAs, enough to cover the latency of two ports.
#define FMA_PEAK(name, vec, set1, fmadd, lanes, first_lane)                      \
    static double name(void) {                                                    \
        vec acc[12];                                                              \
        for (int i = 0; i < 12; i++) acc[i] = set1((float)i);                     \
        const vec a = set1(0.999999f), b = set1(1e-7f);                           \
        long iters = 20000000;                                                    \
        double t0 = now();                                                        \
        for (long it = 0; it < iters; it++)                                       \
            for (int i = 0; i < 12; i++) acc[i] = fmadd(acc[i], a, b);            \
        double dt = now() - t0;                                                   \
        float sink = 0;                                                           \
        for (int i = 0; i < 12; i++) sink += first_lane(acc[i]);                  \
        if (sink == 12345.0f) printf("%g\n", sink);                              \
        return 12.0 * lanes * 2 * iters / dt * 1e-9;                              \
    }
FMA_PEAK(fma512_peak_gflops, __m512, _mm512_set1_ps, _mm512_fmadd_ps, 16, _mm512_cvtss_f32)
FMA_PEAK(fma256_peak_gflops, __m256, _mm256_set1_ps, _mm256_fmadd_ps, 8, _mm256_cvtss_f32)

// Peers for the micro-kernel: the same 6x64 tile written directly with intrinsics (per
// step of k: four 512-bit loads of B's row, six broadcasts of A, 24 FMAs, the tile added
// to C at the end), and the same 24 FMAs per step with no loads at all. The three apart
// show what this core loses to the loads a 6x64 tile needs, not to the code exocc writes.
typedef void (*ukernel_fn)(void *, int_fast32_t, struct exo_win_2f32c, struct exo_win_2f32c, struct exo_win_2f32);

#define TILE_ZERO                                               \
    __m512 c[6][4];                                             \
    for (int i = 0; i < 6; i++)                                 \
        for (int j = 0; j < 4; j++) c[i][j] = _mm512_setzero_ps();
#define TILE_STEP(b0, b1, b2, b3, a_of_row)                                  \
    for (int i = 0; i < 6; i++) {                                            \
        __m512 a = a_of_row;                                                 \
        c[i][0] = _mm512_fmadd_ps(a, b0, c[i][0]);                           \
        c[i][1] = _mm512_fmadd_ps(a, b1, c[i][1]);                           \
        c[i][2] = _mm512_fmadd_ps(a, b2, c[i][2]);                           \
        c[i][3] = _mm512_fmadd_ps(a, b3, c[i][3]);                           \
    }
#define TILE_ADD_TO(C)                                                                     \
    for (int i = 0; i < 6; i++)                                                            \
        for (int j = 0; j < 4; j++) {                                                      \
            float *p = (float *)C.data + i * C.strides[0] + 16 * j;                        \
            _mm512_storeu_ps(p, _mm512_add_ps(_mm512_loadu_ps(p), c[i][j]));               \
        }

__attribute__((noinline)) static void intrinsics_6x64(void *ctxt, int_fast32_t K, struct exo_win_2f32c A,
                                                      struct exo_win_2f32c B, struct exo_win_2f32 C) {
    (void)ctxt;
    TILE_ZERO
    for (int_fast32_t k = 0; k < K; k++) {
        const float *b = B.data + k * B.strides[0];
        __m512 b0 = _mm512_loadu_ps(b), b1 = _mm512_loadu_ps(b + 16), b2 = _mm512_loadu_ps(b + 32),
               b3 = _mm512_loadu_ps(b + 48);
        TILE_STEP(b0, b1, b2, b3, _mm512_set1_ps(A.data[k * A.strides[0] + i]))
    }
    TILE_ADD_TO(C)
}

__attribute__((noinline)) static void fmas_only_6x64(void *ctxt, int_fast32_t K, struct exo_win_2f32c A,
                                                     struct exo_win_2f32c B, struct exo_win_2f32 C) {
    (void)ctxt;
    TILE_ZERO
    __m512 b0 = _mm512_loadu_ps(B.data), b1 = _mm512_loadu_ps(B.data + 16), b2 = _mm512_loadu_ps(B.data + 32),
           b3 = _mm512_loadu_ps(B.data + 48), a = _mm512_set1_ps(A.data[0]);
    for (int_fast32_t k = 0; k < K; k++) {
        TILE_STEP(b0, b1, b2, b3, a)
        // the compiler must not see that the operands never change
        __asm__ volatile("" : "+v"(a), "+v"(b0), "+v"(b1), "+v"(b2), "+v"(b3));
    }
    TILE_ADD_TO(C)
}

// A micro-kernel of MR = 6 rows and nr columns on packed panels of depth K (A's
// k-major, as pack_a stores it), called on `panels` panels of B in turn (each with its
// own tile of C) as macro_* does. The settings below keep all of it in L1, or call it
// as the GEMM does: depth KC = 512 and NC / NR panels (512 KiB), so that B streams from
// L2 while A's panel stays in L1.
struct ukernel_setting {
    const char *what;
    int K, panels;
};

static double ukernel_gflops(ukernel_fn kernel, int nr, struct ukernel_setting s) {
    const int K = s.K, panels = s.panels;
    float *Ap = aligned_alloc(64, sizeof(float) * K * 6);
    float *Bp = aligned_alloc(64, sizeof(float) * K * nr * panels);
    float *C = aligned_alloc(64, sizeof(float) * 6 * nr * panels);
    fill(Ap, (size_t)K * 6, 5);
    fill(Bp, (size_t)K * nr * panels, 6);
    memset(C, 0, sizeof(float) * 6 * nr * panels);
    long calls = 25600000 / K * 64 / nr;
    double t0 = now();
    for (long i = 0; i < calls; i++) {
        int j = (int)(i % panels);
        struct exo_win_2f32c a = {Ap, {6, 1}}, b = {Bp + (size_t)j * K * nr, {nr, 1}};
        struct exo_win_2f32 c = {C + nr * j, {nr * panels, 1}};
        kernel(NULL, K, a, b, c);
    }
    double best = now() - t0;
    if (C[0] == 12345.0f) printf("%g\n", C[0]);
    free(Ap);
    free(Bp);
    free(C);
    return 2.0 * 6 * nr * K * calls / best * 1e-9;
}

// The micro-kernels of one vector width, with the FMA peak at that width.
struct ukernel_suite {
    const char *width;
    double (*peak)(void);
    int nr;
    struct ukernel_setting settings[2];
    struct {
        const char *name;
        ukernel_fn fn;
        int loads;  // without loads, where the panels are makes no difference: L1 only
    } kernels[3];
};

// Peak and micro-kernels measured in turn within each round, the peak first in even
// rounds and last in odd ones, so that all see the same spells of a shared machine:
// reported as the median of the rounds' ratios to the peak, and the best of each.
static void measure_ukernels(const struct ukernel_suite *suite) {
    enum { UK_ROUNDS = 15, SETTINGS = 2, KERNELS = 3 };
    double peak = 0, best[SETTINGS][KERNELS] = {{0}}, share[SETTINGS][KERNELS][UK_ROUNDS];
    for (int round = 0; round < UK_ROUNDS; round++) {
        double p = 0, u[SETTINGS][KERNELS] = {{0}};
        if (round % 2 == 0) p = suite->peak();
        for (int s = 0; s < SETTINGS; s++)
            for (int k = 0; k < KERNELS; k++)
                if (suite->kernels[k].fn && (s == 0 || suite->kernels[k].loads))
                    u[s][k] = ukernel_gflops(suite->kernels[k].fn, suite->nr, suite->settings[s]);
        if (round % 2) p = suite->peak();
        if (p > peak) peak = p;
        for (int s = 0; s < SETTINGS; s++)
            for (int k = 0; k < KERNELS; k++) {
                if (u[s][k] > best[s][k]) best[s][k] = u[s][k];
                share[s][k][round] = u[s][k] / p;
            }
    }
    printf("%s FMA peak %.1f GFLOPS. Micro-kernels as a share of it: the median of %d rounds'"
           " ratios (the best GFLOPS)\n", suite->width, peak, UK_ROUNDS);
    for (int s = 0; s < SETTINGS; s++) {
        printf("  %s:\n", suite->settings[s].what);
        for (int k = 0; k < KERNELS; k++) {
            if (!suite->kernels[k].fn || (s > 0 && !suite->kernels[k].loads)) continue;
            printf("    %-28s %5.1f%% (%.1f GFLOPS)\n", suite->kernels[k].name,
                   100.0 * median(share[s][k], UK_ROUNDS), best[s][k]);
        }
    }
    printf("\n");
}

static void measure_ukernel(void) {
    static const struct ukernel_suite avx512 = {
        "512-bit", fma512_peak_gflops, 64,
        {{"panels in L1 (K = 128)", 128, 1}, {"as in the GEMM (K = 512, B from L2)", 512, 4}},
        {{"ukernel_6x64_avx512", ukernel_6x64_avx512, 1},
         {"6x64 in intrinsics", intrinsics_6x64, 1},
         {"its FMAs without the loads", fmas_only_6x64, 0}},
    };
    // 6x16 panels of depth 256 (16 KiB of B, 6 KiB of A) fit in L1 with room to spare.
    static const struct ukernel_suite avx2 = {
        "256-bit", fma256_peak_gflops, 16,
        {{"panels in L1 (K = 256)", 256, 1}, {"as in the GEMM (K = 512, B from L2)", 512, 16}},
        {{"ukernel_6x16_avx2", ukernel_6x16_avx2, 1}},
    };
    measure_ukernels(&avx512);
    measure_ukernels(&avx2);
}

int main(int argc, char **argv) {
    // --avx2: the AVX2 variant's table only, for a run against OpenBLAS's own AVX2 kernel
    int avx2_only = argc > 1 && strcmp(argv[1], "--avx2") == 0;
    if (avx2_only) {
        argc--;
        argv++;
    }
    double budget = argc > 1 ? atof(argv[1]) : 1.0;
    openblas_set_num_threads(1);
    printf("OpenBLAS core: %s (1 thread)\n", openblas_get_corename());
    if (avx2_only)
        printf("%6s %12s %12s %10s   (GFLOPS: best of the rounds; ratio: median of the rounds' ratios)\n",
               "n", "exo avx2", "OpenBLAS", "avx2/OB");
    else {
        measure_ukernel();
        printf("%6s %12s %12s %12s %10s %10s   (GFLOPS: best of the rounds; ratios: median of the"
               " rounds' ratios)\n", "n", "exo avx512", "exo avx2", "OpenBLAS", "avx512/OB", "avx2/OB");
    }
    static const int default_sizes[] = {256, 512, 768, 1024, 1536, 2048};
    int nsizes = argc > 2 ? argc - 2 : (int)(sizeof default_sizes / sizeof default_sizes[0]);
    for (int s = 0; s < nsizes; s++) {
        int n = argc > 2 ? atoi(argv[s + 2]) : default_sizes[s];
        size_t nn = (size_t)n * n;
        float *A = aligned_alloc(64, nn * sizeof(float)), *B = aligned_alloc(64, nn * sizeof(float));
        float *C = aligned_alloc(64, nn * sizeof(float));
        fill(A, nn, 1);
        fill(B, nn, 2);
        fill(C, nn, 3);
        struct comparison r = compare(n, A, B, C, 3 * budget);
        if (avx2_only)
            printf("%6d %12.1f %12.1f %9.2fx\n", n, r.gflops[EXO_AVX2], r.gflops[OPENBLAS], r.ratio[EXO_AVX2]);
        else
            printf("%6d %12.1f %12.1f %12.1f %9.2fx %9.2fx\n", n, r.gflops[EXO_AVX512], r.gflops[EXO_AVX2],
                   r.gflops[OPENBLAS], r.ratio[EXO_AVX512], r.ratio[EXO_AVX2]);
        fflush(stdout);
        free(A);
        free(B);
        free(C);
    }
    return 0;
}
