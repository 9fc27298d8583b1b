/* Runs the toyacc-scheduled kernel on the emulator and compares it with a plain C
 * reference and with the unscheduled kernel (both from toy_matmul.py). */
#include <math.h>
#include <stdio.h>

#include "toy_accel.h"
#include "toy_matmul.h"

enum { N = 12 };

int main(void) {
    static float x[N][8], w[8][8], y_ref[N][8], y_cpu[N][8], y_toy[N][8];
    const float scale = 0.5f;
    for (int i = 0; i < N; i++)
        for (int k = 0; k < 8; k++) x[i][k] = (float)((i * 7 + k * 3) % 11) - 5.0f;
    for (int k = 0; k < 8; k++)
        for (int j = 0; j < 8; j++) w[k][j] = (float)((k * 5 + j) % 9) * 0.25f;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 8; j++) {
            float acc = 0.0f;
            for (int k = 0; k < 8; k++) acc += x[i][k] * w[k][j];
            y_ref[i][j] = acc * scale;
        }

    toy_matmul_Context ctxt;
    matmul_scaled(&ctxt, N, &scale, &x[0][0], &w[0][0], &y_cpu[0][0]);
    matmul_scaled_toy(&ctxt, N, &scale, &x[0][0], &w[0][0], &y_toy[0][0]);

    int failures = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 8; j++) {
            if (fabsf(y_cpu[i][j] - y_ref[i][j]) > 1e-4f) failures++;
            if (fabsf(y_toy[i][j] - y_ref[i][j]) > 1e-4f) failures++;
        }
    struct toy_stats s = toy_stats();
    /* one scale setting and one w load for the whole kernel; per block of 4 rows one
     * x load, zero, mac and store; every tile freed */
    int expected = s.scale_sets == 1 && s.loads == 1 + N / 4 && s.zeros == N / 4 && s.macs == N / 4 &&
                   s.stores == N / 4 && s.allocs == 1 + 2 * (N / 4) && s.live_elements == 0;
    printf("mismatches: %d\n", failures);
    printf("commands: %d allocs, %d loads, %d zeros, %d macs, %d stores, %d scale settings; %d elements live\n",
           s.allocs, s.loads, s.zeros, s.macs, s.stores, s.scale_sets, (int)s.live_elements);
    return failures == 0 && expected ? 0 : 1;
}
