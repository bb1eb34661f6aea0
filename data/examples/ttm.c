/*
 * TTM (tensor-times-matrix along the last mode):
 *     C(i, j, k) = sum_l A(i, j, l) * B(k, l)
 * SCoP loops (in kernel()): i < I, j < J, k < K, l < L
 *     C[i][j][k] += A[i][j][l] * B[k][l];
 * C is zeroed before the SCoP.
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define I 16
#define J 16
#define K 24
#define L 32

typedef float data_t;

void kernel(data_t A[I][J][L], data_t B[K][L], data_t C[I][J][K]) {
#pragma scop
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            for (int k = 0; k < K; k++)
                for (int l = 0; l < L; l++)
                    C[i][j][k] += A[i][j][l] * B[k][l];
#pragma endscop
}

int main(void) {
    static data_t A[I][J][L], B[K][L], C[I][J][K];
    static double C_golden[I][J][K];

    srand(0);
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            for (int l = 0; l < L; l++)
                A[i][j][l] = (data_t)(rand() % 1024) / 1024;
    for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
            B[k][l] = (data_t)(rand() % 1024) / 1024;
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            for (int k = 0; k < K; k++) {
                C[i][j][k] = 0;
                C_golden[i][j][k] = 0;
            }

    kernel(A, B, C);

    /* Golden: l outermost, each slice of A scaled into all of C, in double. */
    for (int l = 0; l < L; l++)
        for (int i = 0; i < I; i++)
            for (int j = 0; j < J; j++)
                for (int k = 0; k < K; k++)
                    C_golden[i][j][k] += (double)A[i][j][l] * B[k][l];

    int errors = 0;
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            for (int k = 0; k < K; k++)
                if (!(fabs(C[i][j][k] - C_golden[i][j][k]) <= 1e-3 * fabs(C_golden[i][j][k])))
                    errors++;

    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
