/*
 * Inputs read at two places along the SIMD loop, j and j + 1: with SIMD
 * on j, the module that feeds the PEs builds a vector of lanes per
 * access.  x is each PE's own on [i] (an L1 module per PE), w moves PE
 * to PE (an L2 module at the edge).  One vector for both accesses mixed
 * their lanes: wrong results.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 3
#define M 4

void shift_simd(const float x[N][M + 1], const float w[M + 1], float y[N][M])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            y[i][j] = x[i][j] + x[i][j + 1] * w[j] - w[j + 1];
#pragma endscop
}
