/*
 * A complex matrix multiply whose product is a temporary array declared
 * inside the loops (p[0] its real part, p[1] its imaginary part).
 * SIMD runs each statement's lanes in turn, so each lane needs a p of
 * its own: p[lane][0], p[lane][1] in the transformed loops, a copy per
 * lane in the PE.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 16

void temp_array_in_loop(const float Ar[N][N], const float Ai[N][N],
                        const float Br[N][N], const float Bi[N][N],
                        float Cr[N][N], float Ci[N][N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < N; k++) {
                float p[2];
                p[0] = Ar[i][k] * Br[k][j] - Ai[i][k] * Bi[k][j];
                p[1] = Ar[i][k] * Bi[k][j] + Ai[i][k] * Br[k][j];
                Cr[i][j] += p[0];
                Ci[i][j] += p[1];
            }
#pragma endscop
}
