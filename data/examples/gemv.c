/*
 * Integer matrix-vector product: y = A * x.
 * SCoP loops (in kernel()): i < N { y[i] = 0; j < M }
 *     y[i] += A[i][j] * x[j];
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <stdio.h>
#include <stdlib.h>

#define N 64
#define M 48

typedef int data_t;

void kernel(data_t A[N][M], data_t x[M], data_t y[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        y[i] = 0;
        for (int j = 0; j < M; j++)
            y[i] += A[i][j] * x[j];
    }
#pragma endscop
}

int main(void) {
    static data_t A[N][M], x[M], y[N], y_golden[N];

    srand(0);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            A[i][j] = rand() % 201 - 100;
    for (int j = 0; j < M; j++)
        x[j] = rand() % 201 - 100;
    /* Garbage in y: the kernel must overwrite it. */
    for (int i = 0; i < N; i++)
        y[i] = -1;

    kernel(A, x, y);

    /* Golden: column-oriented form, y accumulates x[j] times column j. */
    for (int i = 0; i < N; i++)
        y_golden[i] = 0;
    for (int j = 0; j < M; j++)
        for (int i = 0; i < N; i++)
            y_golden[i] += x[j] * A[i][j];

    int errors = 0;
    for (int i = 0; i < N; i++)
        if (y[i] != y_golden[i])
            errors++;

    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
