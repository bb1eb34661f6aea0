/*
 * An outer product written transposed: no reduction, every point
 * writes once.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 18
#define M 14

void outer(const int a[N], const int b[M], int C[M][N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            C[j][i] = a[i] * b[j] + i - j;
#pragma endscop
}
