/*
 * Repro: one input (x) read by two statements of a nest, SIMD on the
 * time loop i: the PE declares the shared lane value twice.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 4

void two_reads_simd(const float A[N][N], const float x[N], float t[N],
                    float y[N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            t[i] += A[i][j] * x[j];
            y[i] += A[i][j] * x[j];
        }
#pragma endscop
}
