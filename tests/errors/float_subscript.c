// expect: float_subscript.c:6:22: error: floating-point constant in a subscript
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[i * 0.5];
#pragma endscop
}
