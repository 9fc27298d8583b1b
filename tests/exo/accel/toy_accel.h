/* C emulation of the made-up toyacc accelerator (toyacc.py): a scratchpad of f32
 * rows of 8, addressed by element index. Every command checks that it stays inside
 * live allocations, allocations are freed last-in first-out, and a scaled store needs
 * the scale to be configured first; a violation aborts with a message. */
#ifndef TOY_ACCEL_H
#define TOY_ACCEL_H

#include <stdint.h>

typedef uint32_t toy_addr_t;

/* The scratchpad element `offset` elements after `base`. */
#define TOY_AT(base, offset) ((toy_addr_t)((base) + (offset)))

toy_addr_t toy_alloc(int_fast32_t elements);
void toy_free(toy_addr_t tile);
void toy_set_scale(float scale);
void toy_load(const float* src, int_fast32_t src_row_stride, toy_addr_t dst, int_fast32_t rows);
void toy_zero(toy_addr_t dst, int_fast32_t rows);
void toy_mac(toy_addr_t acc, toy_addr_t a, toy_addr_t b, int_fast32_t rows);
void toy_store_scaled(toy_addr_t src, float* dst, int_fast32_t dst_row_stride, int_fast32_t rows);

/* For the test driver: commands executed, and scratchpad elements still allocated. */
struct toy_stats {
    int allocs, loads, zeros, macs, stores, scale_sets;
    int_fast32_t live_elements;
};
struct toy_stats toy_stats(void);

#endif
