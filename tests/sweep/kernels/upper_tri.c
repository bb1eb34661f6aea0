/*
 * A product on the upper triangle (j >= i), into a result larger than
 * the product: C[i][j] for i <= j, in double.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 11
#define K 7

void upper_tri(const double A[N][K], const double B[K][N],
               double C[N + 2][N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = i; j < N; j++)
            for (int k = 0; k < K; k++)
                C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
