/*
 * Arrays named as another array's paths are: C_drain beside C (the
 * drain of C), C_out (the port of C's results), A_1 beside A.  The
 * export renames them so that every module, FIFO and port has a name
 * of its own.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 8

float C[N][N], C_drain[N][N], A[N][N], A_1[N], C_out[N];

void stems(void)
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            C[i][j] = A_1[i];
            for (int k = 0; k < N; k++)
                C[i][j] += C_drain[i][k] * A[k][j] + C_out[k];
        }
#pragma endscop
}
