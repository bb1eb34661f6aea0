// expect: pointer_arith.c:6:16: error: pointer arithmetic or dereference: 'p' is a pointer
#define N 16
void kernel(float A[N], float *p) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = p[i] + 1;
#pragma endscop
}
