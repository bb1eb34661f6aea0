/*
 * Statements under conditions on the loops: an anti-diagonal mask and a
 * first-row special case.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 12
#define M 10
#define K 8

void guarded(const float A[N][K], const float B[K][M], float C[N][M])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            for (int k = 0; k < K; k++) {
                if (i + j < N)
                    C[i][j] += A[i][k] * B[k][j];
                if (k == 0)
                    C[i][j] += 1;
            }
#pragma endscop
}
