/*
 * Running sums along the rows of a lower triangle: S[i][j] takes
 * S[i][j - 1].  On [i] each PE keeps its row in a buffer placed per
 * tile of j, so with j tiled a sum would cross into a buffer that has
 * moved on: refused; with i tiled only, exported.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 10

float A[N][N], S[N][N];

void scan_rows(void)
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++) {
            if (j == 0)
                S[i][j] = A[i][j];
            else
                S[i][j] = S[i][j - 1] + A[i][j];
        }
#pragma endscop
}
