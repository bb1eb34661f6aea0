/*
 * Repro: loop j runs to 4 in one nest and to 6 in the other; SIMD 3 on
 * j divides one extent and not the other.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 2

void simd_two_extents(const float A[N][4], const float B[N][6],
                      float x[N][4], float y[N][6])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 4; j++)
            x[i][j] = 2 * A[i][j];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 6; j++)
            y[i][j] = 3 * B[i][j];
#pragma endscop
}
