/*
 * Matrix multiply, int8: AutoSA's published U250 design (docs/examples/mm_int8_large.rst).
 * AutoSA's autosa_tests/large/mm_int8/kernel.c loop nest (C = A * B^T, B
 * stored as B[j][k], C zeroed inside the SCoP), 1056 x 1024 x 1024 of char.
 */

#define I 1056
#define J 1024
#define K 1024

typedef char data_t;

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
