/*
 * C += A B^T on the upper triangle (j >= i).  On [i, k] with SIMD on j
 * a vector of lanes straddles the diagonal: its first lanes do not run,
 * so a PE's own A cannot come once per vector at lane 0; it comes per
 * lane where the statement runs.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 12
#define K 6

void upper(const float A[N][K], const float B[N][K], float C[N][N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = i; j < N; j++)
            for (int k = 0; k < K; k++)
                C[i][j] += A[i][k] * B[j][k];
#pragma endscop
}
