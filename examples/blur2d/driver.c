// Checks the generated blur against a direct 3x3 average.
#include <math.h>
#include <stdio.h>

#include "blur2d.h"

int main(void) {
    enum { H = 6, W = 9 };
    float img[(H + 2) * (W + 2)], out[H * W];
    for (int i = 0; i < (H + 2) * (W + 2); i++) img[i] = (float)((i * 37) % 17);
    blur2d(NULL, H, W, img, out);
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++) {
            float ref = 0.0f;
            for (int di = 0; di < 3; di++)
                for (int dj = 0; dj < 3; dj++) ref += img[(i + di) * (W + 2) + (j + dj)];
            ref /= 9.0f;
            if (fabsf(ref - out[i * W + j]) > 1e-4f) {
                printf("blur2d: out[%d][%d] = %g, expected %g\n", i, j, out[i * W + j], ref);
                return 1;
            }
        }
    printf("blur2d matches the reference\n");
    return 0;
}
