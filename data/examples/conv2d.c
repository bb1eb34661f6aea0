/*
 * 2-D convolution, the seed's (T2SP's 2dconv tests): a P x Q filter
 * over IIR rows of IIC outputs,
 * z[r][c] = sum over q, p of x[r + p][c + q] * w[p][q],
 * accumulated with p fastest, as the seed's Z(p - 1, q) then
 * Z(p + P - 1, q - 1) are.
 * SCoP loops: r < IIR, c < IIC, q < Q, p < P
 *     z[r][c] = z[r][c] + x[r + p][c + q] * w[p][q];
 * z is zeroed before the SCoP.  The band is (r, c, q): p runs inside
 * each time step, which is the seed's t = p + P * q.
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <stdio.h>
#include <stdlib.h>

/* Sizes: these, or -D (systole-cli's and cc's). */
#ifndef IIR
#define IIR 8
#endif
#ifndef IIC
#define IIC 16
#endif
#ifndef P
#define P 2
#endif
#ifndef Q
#define Q 2
#endif

int main(void) {
    static int x[IIR + P - 1][IIC + Q - 1], w[P][Q], z[IIR][IIC],
        z_golden[IIR][IIC];

    srand(0);
    for (int i = 0; i < IIR + P - 1; i++)
        for (int j = 0; j < IIC + Q - 1; j++)
            x[i][j] = rand() % 64 - 32;
    for (int p = 0; p < P; p++)
        for (int q = 0; q < Q; q++)
            w[p][q] = rand() % 64 - 32;
    for (int r = 0; r < IIR; r++)
        for (int c = 0; c < IIC; c++)
            z[r][c] = 0;

#pragma scop
    for (int r = 0; r < IIR; r++)
        for (int c = 0; c < IIC; c++)
            for (int q = 0; q < Q; q++)
                for (int p = 0; p < P; p++)
                    z[r][c] = z[r][c] + x[r + p][c + q] * w[p][q];
#pragma endscop

    for (int r = 0; r < IIR; r++)
        for (int c = 0; c < IIC; c++) {
            int sum = 0;
            for (int p = 0; p < P; p++)
                for (int q = 0; q < Q; q++)
                    sum += x[r + p][c + q] * w[p][q];
            z_golden[r][c] = sum;
        }

    int errors = 0;
    for (int r = 0; r < IIR; r++)
        for (int c = 0; c < IIC; c++)
            if (z[r][c] != z_golden[r][c])
                errors++;

    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
