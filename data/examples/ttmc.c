/*
 * TTMc (chain of tensor-times-matrix products):
 *     D(i, j, k) = sum_{l, m} A(i, l, m) * B(l, j) * C(k, m)
 * SCoP loops (in kernel()): i < I, j < J, k < K, l < L, m < M
 *     D[i][j][k] += A[i][l][m] * B[l][j] * C[k][m];
 * D is zeroed before the SCoP.
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define I 8
#define J 12
#define K 10
#define L 8
#define M 16

typedef float data_t;

void kernel(data_t A[I][L][M], data_t B[L][J], data_t C[K][M], data_t D[I][J][K]) {
#pragma scop
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            for (int k = 0; k < K; k++)
                for (int l = 0; l < L; l++)
                    for (int m = 0; m < M; m++)
                        D[i][j][k] += A[i][l][m] * B[l][j] * C[k][m];
#pragma endscop
}

int main(void) {
    static data_t A[I][L][M], B[L][J], C[K][M], D[I][J][K];
    static double T[I][J][M];

    srand(0);
    for (int i = 0; i < I; i++)
        for (int l = 0; l < L; l++)
            for (int m = 0; m < M; m++)
                A[i][l][m] = (data_t)(rand() % 1024) / 1024;
    for (int l = 0; l < L; l++)
        for (int j = 0; j < J; j++)
            B[l][j] = (data_t)(rand() % 1024) / 1024;
    for (int k = 0; k < K; k++)
        for (int m = 0; m < M; m++)
            C[k][m] = (data_t)(rand() % 1024) / 1024;
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            for (int k = 0; k < K; k++)
                D[i][j][k] = 0;

    kernel(A, B, C, D);

    /* Golden: two separate mode products, T = A x_l B^T, then T x_m C^T. */
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            for (int m = 0; m < M; m++) {
                T[i][j][m] = 0;
                for (int l = 0; l < L; l++)
                    T[i][j][m] += (double)A[i][l][m] * B[l][j];
            }
    int errors = 0;
    for (int i = 0; i < I; i++)
        for (int j = 0; j < J; j++)
            for (int k = 0; k < K; k++) {
                double ref = 0;
                for (int m = 0; m < M; m++)
                    ref += T[i][j][m] * C[k][m];
                if (!(fabs(D[i][j][k] - ref) <= 1e-3 * fabs(ref)))
                    errors++;
            }

    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
