#include "load_pfx.h"

#include <stdio.h>
#include <stdlib.h>

// copy_prefix(
//     n : size,
//     y : f32[8] @DRAM,
//     x : f32[8] @DRAM
// )
void copy_prefix( void *ctxt, int_fast32_t n, float* y, const float* x ) {
load_pfx((n + 0), y[0], &x[0]);
}


/* relying on the following instruction..."
load_pfx(m,dst,src)
load_pfx({m}, {dst_data}, &{src_data});
*/
