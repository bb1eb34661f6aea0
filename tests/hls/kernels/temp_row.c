/*
 * A temporary row T summed along k, then stored: on [k] each PE passes
 * T[i] to the next.  Untiled, the last PE has the sums: exported.  With
 * k tiled, the first PE of the next tile would need the last PE's T,
 * which no chain carries (its FIFO is a dummy's): refused.  On [i] each
 * PE keeps T[i] in its buffer across k's tiles: refused where i's tiles
 * take the buffer in between (tile order k,i).
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 8
#define K 8

void rowsum(const float A[K][N], float B[N])
{
#pragma scop
    {
        float T[N];

        for (int k = 0; k < K; k++)
            for (int i = 0; i < N; i++) {
                if (k == 0)
                    T[i] = A[k][i];
                else
                    T[i] = T[i] + A[k][i];
                if (k == K - 1)
                    B[i] = T[i];
            }
    }
#pragma endscop
}
