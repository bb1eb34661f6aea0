/*
 * Symmetric rank-k update, lower triangle only (PolyBench's syrk):
 * C[i][j] for j <= i, with the scalars alpha and beta.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 12
#define M 10

void syrk(float alpha, float beta, float C[N][N], const float A[N][M])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++) {
            C[i][j] = beta * C[i][j];
            for (int k = 0; k < M; k++)
                C[i][j] += alpha * A[i][k] * A[j][k];
        }
#pragma endscop
}
