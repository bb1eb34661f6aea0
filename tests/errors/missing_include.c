// expect: missing_include.c:2:10: error: cannot find include file 'sizes.h'
#include "sizes.h"
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
