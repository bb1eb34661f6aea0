/*
 * The lower triangle of a product of two inputs.  On [i, j] each PE
 * drains its own part of C, in boxes that cover the upper triangle too:
 * what the SCoP never writes must not be written back.  On [i] a PE's
 * rows are only partly written, which used to be refused.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 12
#define K 8

float A[N][K], B[K][N], C[N][N];

void lower(void)
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++) {
            C[i][j] = 0;
            for (int k = 0; k < K; k++)
                C[i][j] += A[i][k] * B[k][j];
        }
#pragma endscop
}
