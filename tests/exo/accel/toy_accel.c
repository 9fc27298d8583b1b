/* The toyacc emulation (toy_accel.h). */
#include "toy_accel.h"

#include <stdio.h>
#include <stdlib.h>

enum { SPAD_ELEMENTS = 4096, ROW = 8, MAX_TILES = 16 };

static float spad[SPAD_ELEMENTS];
static toy_addr_t tile_start[MAX_TILES];
static int tiles;
static toy_addr_t top;
static float scale;
static int scale_set;
static struct toy_stats stats;

static void fail(const char* what) {
    fprintf(stderr, "toyacc: %s\n", what);
    exit(2);
}

/* Rows [addr, addr + 8 * rows) must be row-aligned and allocated. */
static void check_rows(toy_addr_t addr, int_fast32_t rows, const char* what) {
    if (addr % ROW != 0) fail(what);
    if (rows < 0 || addr + (toy_addr_t)(ROW * rows) > top) fail(what);
}

toy_addr_t toy_alloc(int_fast32_t elements) {
    if (elements % ROW != 0 || tiles == MAX_TILES || top + elements > SPAD_ELEMENTS) fail("bad allocation");
    tile_start[tiles++] = top;
    top += (toy_addr_t)elements;
    stats.allocs++;
    return tile_start[tiles - 1];
}

void toy_free(toy_addr_t tile) {
    if (tiles == 0 || tile_start[tiles - 1] != tile) fail("free out of order");
    top = tile_start[--tiles];
}

void toy_set_scale(float s) {
    scale = s;
    scale_set = 1;
    stats.scale_sets++;
}

void toy_load(const float* src, int_fast32_t stride, toy_addr_t dst, int_fast32_t rows) {
    check_rows(dst, rows, "load outside a tile");
    for (int_fast32_t i = 0; i < rows; i++)
        for (int j = 0; j < ROW; j++) spad[dst + ROW * i + j] = src[i * stride + j];
    stats.loads++;
}

void toy_zero(toy_addr_t dst, int_fast32_t rows) {
    check_rows(dst, rows, "zero outside a tile");
    for (int_fast32_t i = 0; i < ROW * rows; i++) spad[dst + i] = 0.0f;
    stats.zeros++;
}

void toy_mac(toy_addr_t acc, toy_addr_t a, toy_addr_t b, int_fast32_t rows) {
    check_rows(acc, rows, "mac accumulator outside a tile");
    check_rows(a, rows, "mac operand outside a tile");
    check_rows(b, ROW, "mac operand outside a tile");
    for (int_fast32_t i = 0; i < rows; i++)
        for (int k = 0; k < ROW; k++)
            for (int j = 0; j < ROW; j++) spad[acc + ROW * i + j] += spad[a + ROW * i + k] * spad[b + ROW * k + j];
    stats.macs++;
}

void toy_store_scaled(toy_addr_t src, float* dst, int_fast32_t stride, int_fast32_t rows) {
    check_rows(src, rows, "store outside a tile");
    if (!scale_set) fail("store before the scale is configured");
    for (int_fast32_t i = 0; i < rows; i++)
        for (int j = 0; j < ROW; j++) dst[i * stride + j] = spad[src + ROW * i + j] * scale;
    stats.stores++;
}

struct toy_stats toy_stats(void) {
    struct toy_stats s = stats;
    s.live_elements = (int_fast32_t)top;
    return s;
}
