// Checks the generated matmul against a plain C triple loop.
#include <math.h>
#include <stdio.h>

#include "matmul.h"

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
    return 0;
}
