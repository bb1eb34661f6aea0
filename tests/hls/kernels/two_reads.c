/*
 * One input read by two statements of a nest, under SIMD: each read
 * keeps its own register from lane 0 to the last (x with SIMD on i on
 * [j]: one value for all lanes; A with SIMD on j on [i]: a vector of
 * lanes).  The PE declared one register per array and access position,
 * twice here, and did not build.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 4

void two_reads(const float A[N][N], const float x[N], float t[N], float y[N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            t[i] += A[i][j] * x[j];
            y[i] += A[i][j] * x[j];
        }
#pragma endscop
}
