// expect: nonaffine_bound.c:7:33: error: non-affine loop bound or condition: product of two expressions that both depend on loop iterators
#define N 16
void kernel(float A[N][N][N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < i * j; k++)
                A[i][j][k] = 0;
#pragma endscop
}
