/*
 * A multi-channel 2-D convolution on 3-D arrays, channels last.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define H 6
#define W 6
#define CI 4
#define CO 6
#define R 3

void conv3d(const float in[H + R - 1][W + R - 1][CI],
            const float w[R][R][CI][CO], float out[H][W][CO])
{
#pragma scop
    for (int h = 0; h < H; h++)
        for (int x = 0; x < W; x++)
            for (int o = 0; o < CO; o++)
                for (int r = 0; r < R; r++)
                    for (int s = 0; s < R; s++)
                        for (int c = 0; c < CI; c++)
                            out[h][x][o] += in[h + r][x + s][c] *
                                            w[r][s][c][o];
#pragma endscop
}
