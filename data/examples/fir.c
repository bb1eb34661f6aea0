/*
 * Integer 1-D FIR filter with T taps over N outputs:
 *     y(i) = sum_j h(j) * x(i + j)
 * SCoP loops (in kernel()): i < N, j < T
 *     y[i] += h[j] * x[i + j];
 * y is zeroed before the SCoP.
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <stdio.h>
#include <stdlib.h>

#define N 64
#define T 16

typedef int data_t;

void kernel(data_t h[T], data_t x[N + T - 1], data_t y[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < T; j++)
            y[i] += h[j] * x[i + j];
#pragma endscop
}

int main(void) {
    static data_t h[T], x[N + T - 1], y[N], y_golden[N];

    srand(0);
    for (int j = 0; j < T; j++)
        h[j] = rand() % 33 - 16;
    for (int n = 0; n < N + T - 1; n++)
        x[n] = rand() % 2001 - 1000;
    for (int i = 0; i < N; i++)
        y[i] = 0;

    kernel(h, x, y);

    /* Golden: scatter form, each input sample x[n] feeds outputs n - j. */
    for (int i = 0; i < N; i++)
        y_golden[i] = 0;
    for (int n = 0; n < N + T - 1; n++)
        for (int j = 0; j < T; j++)
            if (n - j >= 0 && n - j < N)
                y_golden[n - j] += h[j] * x[n];

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
