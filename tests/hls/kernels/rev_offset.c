/*
 * A reversed loop writing y[i + 3]: a tile of i that does not divide N
 * pads the loop past i = 0, and the padded points address y[0..2],
 * which the SCoP never writes.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 30

float x[N], y[N + 3];

void rev(void)
{
#pragma scop
    for (int i = N - 1; i >= 0; i--)
        y[i + 3] = 2 * x[i];
#pragma endscop
}
