// expect: function_macro_in_if.c:4:5: error: function-like macro 'SQ' is not supported in #if
#define SQ(x) ((x) * (x))
#define N 16
#if SQ(N) > 1024
#error too big
#endif
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
