/*
 * Repro: one input read at two offsets along the SIMD loop
 * (x[i][j] and x[i][j + 1]); SIMD 2 on j computes wrong sums.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 2
#define M 4

void shift_simd(const float x[N][M + 1], float y[N][M])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            y[i][j] = x[i][j] + x[i][j + 1];
#pragma endscop
}
