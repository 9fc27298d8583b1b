/* Calls the kernels of the inputs consumer: prints fill_k's values, and copies with
 * both AVX2 kernels where the CPU can run them. */
#include <stdio.h>

#include "shadow.h"
#include "shared.h"

int main(void) {
  float x[4] = {0};
  fill_k(NULL, x);
  printf("fill_k: %g %g %g %g\n", x[0], x[1], x[2], x[3]);
  if (__builtin_cpu_supports("avx2")) {
    float a[16], b[16] = {0}, c[16] = {0};
    for (int i = 0; i < 16; i++) a[i] = (float)i;
    copy8(NULL, a, b);
    copy16(NULL, a, c);
    for (int i = 0; i < 16; i++)
      if ((i < 8 && b[i] != a[i]) || c[i] != a[i]) return 1;
    printf("copies: ok\n");
  }
  return 0;
}
