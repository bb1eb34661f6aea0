// expect: modulo_by_zero.c:6:22: error: division by something other than a positive integer constant in a subscript
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[i % 0];
#pragma endscop
}
