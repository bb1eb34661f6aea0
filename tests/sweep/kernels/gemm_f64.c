/*
 * GEMM in double with alpha and beta, the beta scaling in the same
 * nest, B read transposed.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 12
#define M 8
#define K 10

void gemm_f64(double alpha, double beta, const double A[N][K],
              const double B[M][K], double C[N][M])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            C[i][j] *= beta;
            for (int k = 0; k < K; k++)
                C[i][j] += alpha * A[i][k] * B[j][k];
        }
#pragma endscop
}
