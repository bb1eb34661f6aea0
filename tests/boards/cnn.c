/*
 * One convolution layer, fp32: AutoSA's published U250 design
 * (docs/examples/cnn_large.rst).  AutoSA's autosa_tests/large/cnn/
 * kernel.c loop nest and sizes as run (O 512, I 512, R = C = 56, 3 x 3
 * filters; cout zeroed inside the SCoP), written as a kernel function.
 */

#define O 512
#define I 512
#define R 56
#define C 56
#define K 3

typedef float data_t;

void kernel(data_t cin[R + K - 1][C + K - 1][I], data_t w[O][K][K][I],
    data_t cout[R][C][O]) {
#pragma scop
    for (int o = 0; o < O; o++)
        for (int r = 0; r < R; r++)
            for (int c = 0; c < C; c++) {
                cout[r][c][o] = 0;
                for (int i = 0; i < I; i++)
                    for (int p = 0; p < K; p++)
                        for (int q = 0; q < K; q++)
                            cout[r][c][o] = cout[r][c][o] +
                                cin[r + p][c + q][i] * w[o][p][q][i];
            }
#pragma endscop
}
