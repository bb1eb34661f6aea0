// expect: unnamed_param.c:8:15: error: non-affine subscript: product of two expressions that both depend on loop iterators
#define N 16
void init(float *, int);
void kernel(float A[N * N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i * j] = 0;
#pragma endscop
}
