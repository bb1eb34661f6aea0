/*
 * Loops named c0 and c1, the names Systole's loop iterators take by
 * default: the exported modules' iterators are then t0, t1, ..., and
 * with SIMD the lanes' loop must still be the one unrolled, the loop
 * above it the one pipelined.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 8
#define M 16

float A[N][M], x[M], y[N];

void rows(void)
{
#pragma scop
    for (int c0 = 0; c0 < N; c0++) {
        y[c0] = 0;
        for (int c1 = 0; c1 < M; c1++)
            y[c0] += A[c0][c1] * x[c1];
    }
#pragma endscop
}
