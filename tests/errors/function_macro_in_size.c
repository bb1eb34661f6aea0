// expect: function_macro_in_size.c:4:21: error: function-like macro 'PAD' is not supported in array sizes
#define N 16
#define PAD(x) ((x) + 1)
void kernel(float A[PAD(N)], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[i];
#pragma endscop
}
