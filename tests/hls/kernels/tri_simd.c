/*
 * SIMD on a band loop whose trip count varies with the space loop: PE i
 * runs k from i to N - 1, so with vectors of 2 PEs 1 and 3 start in the
 * middle of one.  The PE runs whole tiles (padding guarded); U, each
 * PE's own, moves an element per lane (streams were left with data).
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 4

void tri_simd(const float U[N][N], const float x[N], float y[N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int k = i; k < N; k++)
            y[i] += U[i][k] * x[k];
#pragma endscop
}
