/*
 * Matrix multiply, C = A * B^T, with B stored transposed (B[j][k]).
 * SCoP loops: i < I, j < J, k < K
 *     C[i][j] = C[i][j] + A[i][k] * B[j][k];
 * C is zeroed before the SCoP.
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernel.h"

int main(void) {
    static data_t A[I][K], B[J][K], C[I][J], C_golden[I][J];

    srand(0);
    for (int i = 0; i < I; i++)
        for (int k = 0; k < K; k++)
            A[i][k] = (data_t)(rand() % 1024) / 1024;
    for (int j = 0; j < J; j++)
        for (int k = 0; k < K; k++)
            B[j][k] = (data_t)(rand() % 1024) / 1024;
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            C[i][j] = 0;

#pragma scop
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            for (int k = 0; k < K; k++)
                C[i][j] = C[i][j] + A[i][k] * B[j][k];
#pragma endscop

    /* Golden: dot products accumulated in double. */
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++) {
            double sum = 0;
            for (int k = 0; k < K; k++)
                sum += (double)A[i][k] * B[j][k];
            C_golden[i][j] = (data_t)sum;
        }

    int errors = 0;
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            if (!(fabsf(C[i][j] - C_golden[i][j]) <= 1e-3f * fabsf(C_golden[i][j])))
                errors++;

    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
