/*
 * A quantised matrix multiply: int8 operands, int32 accumulators.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 16
#define M 12
#define K 20

void gemm_i8(const signed char A[N][K], const signed char B[K][M],
             int C[N][M])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            for (int k = 0; k < K; k++)
                C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
