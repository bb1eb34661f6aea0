/*
 * Repro: SIMD on a loop whose trip count varies with the space loop
 * (k from i to N - 1): PE i runs N - i iterations, not a multiple of 2.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 4

void simd_triangle(const float U[N][N], const float x[N], float y[N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int k = i; k < N; k++)
            y[i] += U[i][k] * x[k];
#pragma endscop
}
