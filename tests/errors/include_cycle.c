// expect: include_cycle.c:2:10: error: #include nested too deeply (recursive include?)
#include "include_cycle.c"
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
