// expect: restrict_pointer_param.c:11:15: error: non-affine subscript: product of two expressions that both depend on loop iterators
#define N 16
void copy(float *restrict out, const float *restrict in, int n) {
    for (int i = 0; i < n; i++)
        out[i] = in[i];
}
void kernel(float A[N * N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i * j] = 0;
#pragma endscop
}
