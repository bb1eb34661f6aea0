/*
 * Matrix multiply with the initialisation inside the SCoP: C = A * B.
 * SCoP loops (in kernel()): i < I, j < J { C[i][j] = 0; k < K }
 *     C[i][j] += A[i][k] * B[k][j];
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define I 32
#define J 48
#define K 64

typedef float data_t;

void kernel(data_t A[I][K], data_t B[K][J], data_t C[I][J]) {
#pragma scop
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++) {
            C[i][j] = 0;
            for (int k = 0; k < K; k++)
                C[i][j] += A[i][k] * B[k][j];
        }
#pragma endscop
}

int main(void) {
    static data_t A[I][K], B[K][J], C[I][J];
    static double C_golden[I][J];

    srand(0);
    for (int i = 0; i < I; i++)
        for (int k = 0; k < K; k++)
            A[i][k] = (data_t)(rand() % 1024) / 1024;
    for (int k = 0; k < K; k++)
        for (int j = 0; j < J; j++)
            B[k][j] = (data_t)(rand() % 1024) / 1024;
    /* Garbage in C: the kernel must overwrite it. */
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            C[i][j] = 1000;

    kernel(A, B, C);

    /* Golden: rank-1 updates (i, k, j order) in double. */
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            C_golden[i][j] = 0;
    for (int i = 0; i < I; i++)
        for (int k = 0; k < K; k++)
            for (int j = 0; j < J; j++)
                C_golden[i][j] += (double)A[i][k] * B[k][j];

    int errors = 0;
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            if (!(fabs(C[i][j] - C_golden[i][j]) <= 1e-3 * fabs(C_golden[i][j])))
                errors++;

    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
