/*
 * An out-of-place 2-D stencil with non-zero lower bounds: only the
 * interior of B is written.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 14
#define M 12

void stencil_lb(const float A[N][M], float B[N][M])
{
#pragma scop
    for (int i = 1; i < N - 1; i++)
        for (int j = 2; j < M - 1; j++)
            B[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 2] +
                               A[i][j + 1]);
#pragma endscop
}
