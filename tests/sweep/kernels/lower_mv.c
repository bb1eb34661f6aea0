/*
 * A lower-triangular product with two inputs on [i, j] (j <= i): the
 * upper triangle of C is never written.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 12
#define K 6

void lower_mv(const int A[N][K], const int B[N][K], int C[N][N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++)
            for (int k = 0; k < K; k++)
                C[i][j] += A[i][k] * B[j][k];
#pragma endscop
}
