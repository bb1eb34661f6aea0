/*
 * A temporary declared inside the loops: each (i, j, k) sets t and
 * reads it back.  Latency hiding runs both statements in one latency
 * iteration, in turn, so t needs no dimension of its own; SIMD runs
 * each statement's lanes in turn, so the PE keeps a t per lane.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 16

void temp_in_loop(const float A[N][N], const float B[N][N], float C[N][N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < N; k++) {
                float t;
                t = A[i][k] * B[k][j];
                C[i][j] += t;
            }
#pragma endscop
}
