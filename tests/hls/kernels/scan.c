/*
 * A damped running sum down the columns, through a temporary declared in
 * the SCoP: t[i][j] takes t[i - 1][j] from the row above.  With i as the
 * space loop the temporary passes from PE to PE (and never to DRAM);
 * with j each PE keeps its own column.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 24
#define M 20

void scan(const float A[N][M], float S[N][M])
{
#pragma scop
    {
        float t[N][M];

        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++) {
                if (i == 0)
                    t[i][j] = A[i][j];
                else
                    t[i][j] = 0.5f * t[i - 1][j] + A[i][j];
                S[i][j] = t[i][j];
            }
    }
#pragma endscop
}
