/*
 * GEMM: C = alpha * A * B + beta * C, with scalar alpha and beta.
 * SCoP loops (in kernel()): i < I, j < J { C[i][j] *= beta; k < K }
 *     C[i][j] += alpha * A[i][k] * B[k][j];
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define I 64
#define J 32
#define K 48

typedef float data_t;

void kernel(data_t alpha, data_t beta, data_t A[I][K], data_t B[K][J],
            data_t C[I][J]) {
#pragma scop
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++) {
            C[i][j] *= beta;
            for (int k = 0; k < K; k++)
                C[i][j] += alpha * A[i][k] * B[k][j];
        }
#pragma endscop
}

int main(void) {
    static data_t A[I][K], B[K][J], C[I][J], C_in[I][J];
    const data_t alpha = 1.5f, beta = 0.75f;

    srand(0);
    for (int i = 0; i < I; i++)
        for (int k = 0; k < K; k++)
            A[i][k] = (data_t)(rand() % 1024) / 1024;
    for (int k = 0; k < K; k++)
        for (int j = 0; j < J; j++)
            B[k][j] = (data_t)(rand() % 1024) / 1024;
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++) {
            C[i][j] = (data_t)(rand() % 1024) / 1024;
            C_in[i][j] = C[i][j];
        }

    kernel(alpha, beta, A, B, C);

    /* Golden: full product first, then scale and add the old C. */
    int errors = 0;
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++) {
            double ab = 0;
            for (int k = 0; k < K; k++)
                ab += (double)A[i][k] * B[k][j];
            double ref = alpha * ab + beta * (double)C_in[i][j];
            if (!(fabs(C[i][j] - ref) <= 1e-3 * fabs(ref)))
                errors++;
        }

    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
