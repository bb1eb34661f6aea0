/*
 * 1-D convolution, the seed's (T2SP's multi-projection tests):
 * z[c] = sum over q of x[c + q] * w[q].
 * SCoP loops: c < IIC, q < Q
 *     z[c] = z[c] + x[c + q] * w[q];
 * z is zeroed before the SCoP.  Its six systolic designs (SBM, BSM, BFS,
 * FFS, FBS: see README, "systole-cli transforms") are space-time
 * transforms of (c, q), e.g. --space-time "[[1,1],[0,1]]".
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <stdio.h>
#include <stdlib.h>

/* Sizes: these, or -D (systole-cli's and cc's). */
#ifndef IIC
#define IIC 16
#endif
#ifndef Q
#define Q 5
#endif

int main(void) {
    static int x[IIC + Q - 1], w[Q], z[IIC], z_golden[IIC];

    srand(0);
    for (int i = 0; i < IIC + Q - 1; i++)
        x[i] = rand() % 64 - 32;
    for (int q = 0; q < Q; q++)
        w[q] = rand() % 64 - 32;
    for (int c = 0; c < IIC; c++)
        z[c] = 0;

#pragma scop
    for (int c = 0; c < IIC; c++)
        for (int q = 0; q < Q; q++)
            z[c] = z[c] + x[c + q] * w[q];
#pragma endscop

    for (int c = 0; c < IIC; c++) {
        int sum = 0;
        for (int q = 0; q < Q; q++)
            sum += x[c + q] * w[q];
        z_golden[c] = sum;
    }

    int errors = 0;
    for (int c = 0; c < IIC; c++)
        if (z[c] != z_golden[c])
            errors++;

    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
