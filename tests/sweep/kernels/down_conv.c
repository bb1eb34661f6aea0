/*
 * A 1-D convolution whose loops both count down (steps of -1) and start
 * away from zero.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 24
#define T 5

void down_conv(const int x[N + T], const int w[T], int y[N])
{
#pragma scop
    for (int i = N - 1; i >= 2; i--)
        for (int t = T - 1; t >= 0; t--)
            y[i] += w[t] * x[i + t];
#pragma endscop
}
