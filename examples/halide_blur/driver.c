// Checks the three schedules of the blur (blur_root, blur_tiled, blur_sliding) against a
// direct two-pass 3x3 average on several image sizes (multiples of the 8x32 tile).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "halide_blur.h"
#include "../example_timing.h"

typedef void (*blur_fn)(void *, int_fast32_t, int_fast32_t, float *, const float *);

static int check(const char *name, blur_fn blur, int H, int W) {
    float *inp = malloc(sizeof(float) * (H + 2) * (W + 2));
    float *out = malloc(sizeof(float) * H * W);
    float *bx = malloc(sizeof(float) * (H + 2) * W);
    for (int i = 0; i < (H + 2) * (W + 2); i++) inp[i] = (float)((i * 37 + i / 7) % 256);
    for (int i = 0; i < H * W; i++) out[i] = -1.0f;
    blur(NULL, W, H, out, inp);
    for (int y = 0; y < H + 2; y++)
        for (int x = 0; x < W; x++) {
            const float *r = &inp[y * (W + 2) + x];
            bx[y * W + x] = (r[0] + r[1] + r[2]) / 3.0f;
        }
    int bad = 0;
    for (int y = 0; y < H && !bad; y++)
        for (int x = 0; x < W && !bad; x++) {
            float want = (bx[y * W + x] + bx[(y + 1) * W + x] + bx[(y + 2) * W + x]) / 3.0f;
            if (fabsf(out[y * W + x] - want) > 1e-3f) {
                printf("%s %dx%d: out[%d][%d] = %g, expected %g\n", name, H, W, y, x,
                       out[y * W + x], want);
                bad = 1;
            }
        }
    free(inp), free(out), free(bx);
    return bad;
}

// Measured: the two Halide-style schedules against blur_root, the blur as written
// (each pass over the whole image).
enum { TH = 512, TW = 512 };
struct blur_run { blur_fn blur; float *out, *inp; };

static void run_blur(void *arg) {
    struct blur_run *b = arg;
    b->blur(NULL, TW, TH, b->out, b->inp);
}

static void report(void) {
    float *inp = malloc(sizeof(float) * (TH + 2) * (TW + 2)), *out = malloc(sizeof(float) * TH * TW);
    for (int i = 0; i < (TH + 2) * (TW + 2); i++) inp[i] = (float)(i % 256);
    const struct { const char *label; blur_fn blur; } runs[] = {
        {"blur_root (as written)", blur_root}, {"blur_tiled (8x32 tiles)", blur_tiled},
        {"blur_sliding (row by row)", blur_sliding}};
    printf("halide_blur: 3x3 blur of a %dx%d image\n", TH, TW);
    double root = 0.0;
    for (int r = 0; r < 3; r++) {
        struct blur_run b = {runs[r].blur, out, inp};
        double rate = example_report(runs[r].label, (double)TH * TW, example_seconds_per_call(run_blur, &b), 1e-6, "Mpixel/s");
        if (r == 0) root = rate;
        else printf("  %-34s %9.2fx\n", "  against blur_root", rate / root);
    }
    free(inp), free(out);
}

int main(void) {
    static const int sizes[][2] = {{8, 32}, {16, 64}, {24, 32}, {40, 96}, {0, 32}};
    int failed = 0;
    for (unsigned s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        int H = sizes[s][0], W = sizes[s][1];
        failed |= check("blur_root", blur_root, H, W);
        failed |= check("blur_tiled", blur_tiled, H, W);
        failed |= check("blur_sliding", blur_sliding, H, W);
    }
    if (failed) return 1;
    printf("halide_blur: blur_root, blur_tiled and blur_sliding match the reference\n");
    report();
    return 0;
}
