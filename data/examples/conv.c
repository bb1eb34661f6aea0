/*
 * Convolution layer (CNN form): O output channels, I input channels,
 * R x C output pixels, K x K filters, stride 1, no padding.
 * SCoP loops: o < O, r < R, c < C { cout[r][c][o] = 0; i < I, p < K, q < K }
 *     cout[r][c][o] = cout[r][c][o] + cin[r + p][c + q][i] * w[o][p][q][i];
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Sizes: these, or -D (systole-cli's and cc's). */
#ifndef O
#define O 16
#endif
#ifndef I
#define I 16
#endif
#ifndef R
#define R 8
#endif
#ifndef C
#define C 8
#endif
#ifndef K
#define K 3
#endif

typedef float data_t;

int main(void) {
    static data_t cin[R + K - 1][C + K - 1][I], w[O][K][K][I], cout[R][C][O];
    static double cout_golden[R][C][O];

    srand(0);
    for (int r = 0; r < R + K - 1; r++)
        for (int c = 0; c < C + K - 1; c++)
            for (int i = 0; i < I; i++)
                cin[r][c][i] = (data_t)(rand() % 1024) / 1024;
    for (int o = 0; o < O; o++)
        for (int p = 0; p < K; p++)
            for (int q = 0; q < K; q++)
                for (int i = 0; i < I; i++)
                    w[o][p][q][i] = (data_t)(rand() % 1024) / 1024;

#pragma scop
    for (int o = 0; o < O; o++)
        for (int r = 0; r < R; r++)
            for (int c = 0; c < C; c++) {
                cout[r][c][o] = 0;
                for (int i = 0; i < I; i++)
                    for (int p = 0; p < K; p++)
                        for (int q = 0; q < K; q++)
                            cout[r][c][o] = cout[r][c][o] + cin[r + p][c + q][i] * w[o][p][q][i];
            }
#pragma endscop

    /* Golden: scatter each input pixel into the outputs it contributes to. */
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++)
            for (int o = 0; o < O; o++)
                cout_golden[r][c][o] = 0;
    for (int y = 0; y < R + K - 1; y++)
        for (int x = 0; x < C + K - 1; x++)
            for (int p = 0; p < K; p++)
                for (int q = 0; q < K; q++) {
                    int r = y - p, c = x - q;
                    if (r < 0 || r >= R || c < 0 || c >= C)
                        continue;
                    for (int o = 0; o < O; o++)
                        for (int i = 0; i < I; i++)
                            cout_golden[r][c][o] += (double)cin[y][x][i] * w[o][p][q][i];
                }

    int errors = 0;
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++)
            for (int o = 0; o < O; o++) {
                double ref = cout_golden[r][c][o];
                if (!(fabs(cout[r][c][o] - ref) <= 1e-3 * fabs(ref)))
                    errors++;
            }

    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
