/*
 * "C *= beta, then accumulate" as two loop nests, the scaling one with
 * its own iterator names.  In source order the band is (i) only (the i
 * loops fuse, then the jj and k loops are siblings); isl's scheduler
 * fuses jj with j and moves k inside, which gives the band (i, jj_j, k):
 * a member made of loops of different names is named after both.  The
 * testbench is generated and compares the array with these nests.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define NI 16
#define NJ 12
#define NK 20

float C[NI][NJ];

void gemm_scale(float alpha, float beta, const float A[NI][NK],
    const float B[NK][NJ])
{
#pragma scop
    for (int i = 0; i < NI; i++)
        for (int jj = 0; jj < NJ; jj++)
            C[i][jj] = beta * C[i][jj];
    for (int i = 0; i < NI; i++)
        for (int k = 0; k < NK; k++)
            for (int j = 0; j < NJ; j++)
                C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];
#pragma endscop
}

int main(void)
{
    return 3;
}
