/*
 * Matrix multiply, fp32: AutoSA's published U250 design 13x16x8 (docs/examples/mm_large.rst).
 * AutoSA's autosa_tests/large/mm/kernel.c loop nest (C = A * B^T, B
 * stored as B[j][k], C zeroed inside the SCoP), 1040 x 1024 x 1024 of float.
 */

#define I 1040
#define J 1024
#define K 1024

typedef float data_t;

void kernel(data_t A[I][K], data_t B[J][K], data_t C[I][J]) {
#pragma scop
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++) {
            C[i][j] = 0;
            for (int k = 0; k < K; k++)
                C[i][j] = C[i][j] + A[i][k] * B[j][k];
        }
#pragma endscop
}
