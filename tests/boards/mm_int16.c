/*
 * Matrix multiply, int16: AutoSA's published U250 design (docs/examples/mm_int16_large.rst).
 * AutoSA's autosa_tests/large/mm_int16/kernel.c loop nest (C = A * B^T, B
 * stored as B[j][k], C zeroed inside the SCoP), 1024 x 1024 x 1024 of unsigned short.
 */

#define I 1024
#define J 1024
#define K 1024

typedef unsigned short data_t;

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
