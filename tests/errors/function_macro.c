// expect: function_macro.c:7:16: error: function-like macro 'SQ' is not supported in the SCoP
#define N 16
#define SQ(x) ((x) * (x))
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = SQ(B[i]);
#pragma endscop
}
