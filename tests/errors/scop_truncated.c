// expect: scop_truncated.c:6:1: error: expected a statement, found end of input
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
