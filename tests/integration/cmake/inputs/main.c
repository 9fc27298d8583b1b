/* Calls the kernels of the inputs consumer: prints fill_k's values, and copies through
 * both AVX2 kernels where the CPU can run them. */
#include <stdio.h>

#include "shadow.h"
#include "shared.h"

int main(void) {
  float x[4] = {0};
  fill_k(NULL, x);
  printf("fill_k: %g %g %g %g\n", x[0], x[1], x[2], x[3]);
  if (__builtin_cpu_supports("avx2")) {
    float a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, b[8] = {0}, c[8] = {0};
    copy_a(NULL, a, b);
    copy_b(NULL, b, c);
    for (int i = 0; i < 8; i++)
      if (c[i] != a[i]) return 1;
    printf("copies: ok\n");
  }
  return 0;
}
