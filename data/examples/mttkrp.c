/*
 * MTTKRP (matricized tensor times Khatri-Rao product):
 *     D(i, j) = sum_{k, l} A(i, k, l) * B(k, j) * C(l, j)
 * SCoP loops (in kernel()): i < I, j < J, k < K, l < L
 *     D[i][j] += A[i][k][l] * B[k][j] * C[l][j];
 * D is zeroed before the SCoP.
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define I 16
#define J 24
#define K 16
#define L 16

typedef float data_t;

void kernel(data_t A[I][K][L], data_t B[K][J], data_t C[L][J], data_t D[I][J]) {
#pragma scop
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            for (int k = 0; k < K; k++)
                for (int l = 0; l < L; l++)
                    D[i][j] += A[i][k][l] * B[k][j] * C[l][j];
#pragma endscop
}

int main(void) {
    static data_t A[I][K][L], B[K][J], C[L][J], D[I][J];

    srand(0);
    for (int i = 0; i < I; i++)
        for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++)
                A[i][k][l] = (data_t)(rand() % 1024) / 1024;
    for (int k = 0; k < K; k++)
        for (int j = 0; j < J; j++)
            B[k][j] = (data_t)(rand() % 1024) / 1024;
    for (int l = 0; l < L; l++)
        for (int j = 0; j < J; j++)
            C[l][j] = (data_t)(rand() % 1024) / 1024;
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            D[i][j] = 0;

    kernel(A, B, C, D);

    /* Golden: contract l first (A x C), then k, in double. */
    int errors = 0;
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++) {
            double ref = 0;
            for (int k = 0; k < K; k++) {
                double ac = 0;
                for (int l = 0; l < L; l++)
                    ac += (double)A[i][k][l] * C[l][j];
                ref += ac * B[k][j];
            }
            if (!(fabs(D[i][j] - ref) <= 1e-3 * fabs(ref)))
                errors++;
        }

    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
