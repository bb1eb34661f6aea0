/*
 * Symmetric rank-2k update in double, lower triangle (PolyBench's
 * syr2k without the beta scaling): two inputs read at [i][k] and [j][k].
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 10
#define M 8

void syr2k(double alpha, double C[N][N], const double A[N][M],
           const double B[N][M])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++)
            for (int k = 0; k < M; k++)
                C[i][j] += A[j][k] * alpha * B[i][k] +
                           B[j][k] * alpha * A[i][k];
#pragma endscop
}
