// Checks the generated kernels against plain C reference loops.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels.h"

static int failures = 0;

static void check(int ok, const char* what) {
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

int main(void) {
    kernels_Context ctxt;

    enum { M = 5, N = 7, K = 9 };
    float A[M * K], Bt[N * K], C[M * N];
    for (int i = 0; i < M * K; i++) A[i] = (float)((i * 7) % 11) - 5.0f;
    for (int i = 0; i < N * K; i++) Bt[i] = (float)((i * 5) % 13) - 6.0f;
    matmul(&ctxt, M, N, K, A, Bt, C);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float ref = 0.0f;
            for (int k = 0; k < K; k++) ref += A[i * K + k] * Bt[j * K + k];
            check(fabsf(ref - C[i * N + j]) < 1e-4f, "matmul");
        }

    enum { L = 10 };
    int32_t x[L], w[3] = {1, -2, 3}, y[L];
    for (int i = 0; i < L; i++) x[i] = i * i - 4;
    conv1d(&ctxt, L, x, w, y);
    for (int i = 0; i < L; i++) {
        int32_t ref = 0;
        for (int r = 0; r < 3; r++) {
            int p = i + r - 1;
            if (p >= 0 && p < L) ref += w[r] * x[p];
        }
        check(ref == y[i], "conv1d");
    }

    double f = 3.0;
    set_scale(&ctxt, &f);
    double xs[2 * L], ys[L];
    for (int i = 0; i < 2 * L; i++) xs[i] = i * 0.25;
    for (int i = 0; i < L; i++) ys[i] = 1.0;
    pair_avg(&ctxt, L, xs, ys);
    for (int i = 0; i < L; i++) {
        double ref = 1.0 + (xs[2 * i] + xs[2 * i + 1]) * 0.5 * 3.0;
        check(fabs(ref - ys[i]) < 1e-12, "pair_avg");
    }

    if (failures) return 1;
    printf("all kernels match the reference\n");
    return 0;
}
