// expect: scop_in_if0.c:1:1: error: no '#pragma scop' in this file
#define N 16
void kernel(float A[N]) {
#if 0
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
#endif
}
