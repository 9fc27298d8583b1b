#include "scale.h"
int main(void) { float x[1] = {1}, y[1]; scale(0, 1, x, y); return y[0] != 2.0f; }
