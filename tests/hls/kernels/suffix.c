/*
 * C[i][j] accumulates A[i][k] * B[j][k] for k >= j only, with C read
 * last.  On [k] its partial sums pass through every PE, and PEs k < j
 * do not run the statement for them: there the value from the previous
 * PE must pass on unchanged (the PE used to send an uninitialised one).
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 8
#define K 8

void suffix(const float A[N][K], const float B[N][K], float C[N][N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = j; k < K; k++)
                C[i][j] = A[i][k] * B[j][k] + C[i][j];
#pragma endscop
}
