/* Prints what one variant of the tune kernel makes of 1..8 (the variant's header and
   proc name come from the build: TUNE_HEADER, TUNE_PROC). */
#include <stdio.h>
#include TUNE_HEADER

int main(void) {
    float x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    TUNE_PROC(NULL, x);
    for (int i = 0; i < 8; ++i) printf("%s%g", i ? " " : "", x[i]);
    printf("\n");
    return 0;
}
