/*
 * C += A B^T on the lower triangle only (j <= i).  On [k] the partial
 * sums of C pass from PE to PE in boxes that straddle the diagonal: the
 * upper triangle, which the SCoP never writes, must come back untouched
 * (the generated testbench gives every element of C its own value), and
 * with a tile of i that does not divide 16 the testbench's loops over
 * the triangle's tiles need sy_min.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 16
#define K 8

void tri(const float A[N][K], const float B[N][K], float C[N][N])
{
    int i, j, k;

#pragma scop
    for (i = 0; i < N; i++)
        for (j = 0; j <= i; j++)
            for (k = 0; k < K; k++)
                C[i][j] = C[i][j] + A[i][k] * B[j][k];
#pragma endscop
}
