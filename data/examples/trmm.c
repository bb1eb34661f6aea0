/*
 * Triangular matrix multiply: C = A * B with A upper triangular (N x N)
 * and B a dense N x M matrix. Only the upper triangle of A is read.
 * SCoP loops (in kernel()): i < N, j < M, i <= k < N
 *     C[i][j] += A[i][k] * B[k][j];
 * C is zeroed before the SCoP.
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 48
#define M 32

typedef float data_t;

void kernel(data_t A[N][N], data_t B[N][M], data_t C[N][M]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            for (int k = i; k < N; k++)
                C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}

int main(void) {
    static data_t A[N][N], B[N][M], C[N][M];
    static double C_golden[N][M];

    srand(0);
    /* The strictly lower triangle holds garbage that the kernel must ignore. */
    for (int i = 0; i < N; i++)
        for (int k = 0; k < N; k++)
            A[i][k] = k >= i ? (data_t)(rand() % 1024) / 1024 : 1e6f;
    for (int k = 0; k < N; k++)
        for (int j = 0; j < M; j++)
            B[k][j] = (data_t)(rand() % 1024) / 1024;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            C[i][j] = 0;

    kernel(A, B, C);

    /* Golden: dense product over all k with an explicitly masked A. */
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            C_golden[i][j] = 0;
            for (int k = 0; k < N; k++) {
                double a = k < i ? 0.0 : A[i][k];
                C_golden[i][j] += a * B[k][j];
            }
        }

    int errors = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            if (!(fabs(C[i][j] - C_golden[i][j]) <= 1e-3 * fabs(C_golden[i][j])))
                errors++;

    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
