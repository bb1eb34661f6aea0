/*
 * A 1-D convolution whose names are those of the host's and the I/O
 * modules' own variables (kernel, device, run, port, local, t0, p1):
 * nothing needs renaming, since those are Systole's (sy_kernel, ...)
 * or live where no user name does.  Its testbench is generated.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 16
#define K 4

float kernel[K], port[N + K], local[N], t0[N];

void conv(float device, float run)
{
#pragma scop
    for (int p1 = 0; p1 < N; p1++) {
        local[p1] = run;
        for (int k = 0; k < K; k++)
            local[p1] += device * kernel[k] * port[p1 + k];
        t0[p1] = local[p1];
    }
#pragma endscop
}
