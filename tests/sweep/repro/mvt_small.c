/*
 * Repro: two nests over the same [i, j] band (mvt), the second reading
 * A transposed; every dataflow with j on space computes wrong sums.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 4

void mvt_small(const int A[N][N], const int y1[N], const int y2[N],
               int x1[N], int x2[N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            x1[i] = x1[i] + A[i][j] * y1[j];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            x2[i] = x2[i] + A[j][i] * y2[j];
#pragma endscop
}
