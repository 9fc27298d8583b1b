/* Links both kernel libraries and prints their results (run.sh checks them). */
#include <stdio.h>

#include "axpy.h"
#include "scale.h"

int main(void) {
    float x[4] = {1, 2, 3, 4}, y[4];
    float z[4] = {10, 20, 30, 40};
    float a = 0.5f; /* scalar arguments are passed by pointer */
    scale(NULL, 4, x, y);
    axpy(NULL, &a, x, z); /* n fixed to 4 by the schedule */
    printf("scale: %g %g %g %g\n", y[0], y[1], y[2], y[3]);
    printf("axpy: %g %g %g %g\n", z[0], z[1], z[2], z[3]);
    return 0;
}
