/*
 * Two matrix products in a row (PolyBench's 2mm): D = alpha A B C +
 * beta D through a temporary product.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define NI 8
#define NJ 10
#define NK 6
#define NL 12

void mm2(float alpha, float beta, const float A[NI][NK],
         const float B[NK][NJ], const float C[NJ][NL], float tmp[NI][NJ],
         float D[NI][NL])
{
#pragma scop
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++) {
            tmp[i][j] = 0;
            for (int k = 0; k < NK; k++)
                tmp[i][j] += alpha * A[i][k] * B[k][j];
        }
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NL; j++) {
            D[i][j] *= beta;
            for (int k = 0; k < NJ; k++)
                D[i][j] += tmp[i][k] * C[k][j];
        }
#pragma endscop
}
