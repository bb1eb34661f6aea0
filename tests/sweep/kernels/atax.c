/*
 * A^T (A x) through a temporary (PolyBench's atax), two nests.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define M 12
#define N 10

void atax(const double A[M][N], const double x[N], double tmp[M],
          double y[N])
{
#pragma scop
    for (int i = 0; i < M; i++) {
        tmp[i] = 0;
        for (int j = 0; j < N; j++)
            tmp[i] = tmp[i] + A[i][j] * x[j];
    }
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
            y[j] = y[j] + A[i][j] * tmp[i];
#pragma endscop
}
