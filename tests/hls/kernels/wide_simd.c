/*
 * Row sums of double products with SIMD on the reduction: 64 lanes of
 * 64 bits are a 4096-bit word (AP_INT_MAX_W raised before ap_int.h is
 * included, as Vitis needs beyond 1024 bits); 128 lanes would be 8192
 * bits, more than Vitis allows: refused.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 8
#define K 128

double A[N][K], x[K], y[N];

void rowdot(void)
{
#pragma scop
    for (int i = 0; i < N; i++) {
        y[i] = 0;
        for (int k = 0; k < K; k++)
            y[i] += A[i][k] * x[k];
    }
#pragma endscop
}
