/*
 * Upper-triangular matrix times a matrix: the inner loop starts at the
 * row (k >= i), out of place.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 12
#define M 9

void trmm_upper(const float U[N][N], const float B[N][M], float C[N][M])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            C[i][j] = 0;
            for (int k = i; k < N; k++)
                C[i][j] += U[i][k] * B[k][j];
        }
#pragma endscop
}
