/*
 * A matrix multiply in 16-bit integers throughout (wrapping products
 * stored back into short), with a scalar scale.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 10
#define M 14
#define K 12

void gemm_i16(short alpha, const short A[N][K], const short B[K][M],
              short C[N][M])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            for (int k = 0; k < K; k++)
                C[i][j] += alpha * A[i][k] * B[k][j];
#pragma endscop
}
