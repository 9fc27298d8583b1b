// Checks the generated blur against a direct 3x3 average.
#include <math.h>
#include <stdio.h>

#include "blur2d.h"
#include "../example_timing.h"

// Measured: the kernel (rows passed to a sub-procedure as windows) against the direct
// 3x3 average in C.
enum { TH = 256, TW = 256 };
struct image { float *img, *out; };

static void run_exocc(void *arg) {
    struct image *m = arg;
    blur2d(NULL, TH, TW, m->img, m->out);
}

static void run_plain(void *arg) {
    struct image *m = arg;
    for (int i = 0; i < TH; i++)
        for (int j = 0; j < TW; j++) {
            float acc = 0.0f;
            for (int di = 0; di < 3; di++)
                for (int dj = 0; dj < 3; dj++) acc += m->img[(i + di) * (TW + 2) + (j + dj)];
            m->out[i * TW + j] = acc / 9.0f;
        }
}

static void report(void) {
    static float img[(TH + 2) * (TW + 2)], out[TH * TW];
    for (int i = 0; i < (TH + 2) * (TW + 2); i++) img[i] = (float)(i % 17);
    struct image m = {img, out};
    printf("blur2d: 3x3 blur of a %dx%d image\n", TH, TW);
    double exo = example_report("exocc kernel", (double)TH * TW, example_seconds_per_call(run_exocc, &m), 1e-6, "Mpixel/s");
    double plain = example_report("direct 3x3 loop in C", (double)TH * TW, example_seconds_per_call(run_plain, &m), 1e-6, "Mpixel/s");
    printf("  %-34s %9.2fx\n", "exocc / plain C", exo / plain);
}

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
    report();
    return 0;
}
