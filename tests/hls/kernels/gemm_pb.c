/*
 * PolyBench's gemm: C is scaled by beta in a j loop of its own, then the
 * k loop accumulates around a second j loop.  In source order the band is
 * (i) only (the j and k loops are siblings); isl's scheduler fuses the j
 * loops and moves k inside them, which gives the band (i, j, k).  The
 * testbench is generated and compares the array with this nest.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define NI 24
#define NJ 20
#define NK 16

float C[NI][NJ];

void gemm(float alpha, float beta, const float A[NI][NK],
    const float B[NK][NJ])
{
#pragma scop
    for (int i = 0; i < NI; i++) {
        for (int j = 0; j < NJ; j++)
            C[i][j] *= beta;
        for (int k = 0; k < NK; k++)
            for (int j = 0; j < NJ; j++)
                C[i][j] += alpha * A[i][k] * B[k][j];
    }
#pragma endscop
}

int main(void)
{
    return 3;
}
