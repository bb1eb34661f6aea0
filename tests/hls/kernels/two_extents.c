/*
 * SIMD on a band loop whose statements run different numbers of its
 * iterations: j runs to 4 in the first nest and to 6 in the second, one
 * band (i, j) of extent 6.  With vectors of 3 the first nest's A fills
 * vector [3, 5] only at j = 3: its L1 modules must move A an element per
 * lane, not a vector (read empty streams), and the descriptor says so
 * too (FIFO widths, buffers on whole tiles).
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 2

void two_extents(const float A[N][4], const float B[N][6], float x[N][4],
                 float y[N][6])
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
