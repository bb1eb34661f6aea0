/*
 * Scalar, vector and matrix multiplication (PolyBench's gesummv): two
 * reductions then a combination of their results.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 14

void gesummv(float alpha, float beta, const float A[N][N],
             const float B[N][N], const float x[N], float tmp[N],
             float y[N])
{
#pragma scop
    for (int i = 0; i < N; i++) {
        tmp[i] = 0;
        y[i] = 0;
        for (int j = 0; j < N; j++) {
            tmp[i] = A[i][j] * x[j] + tmp[i];
            y[i] = B[i][j] * x[j] + y[i];
        }
        y[i] = alpha * tmp[i] + beta * y[i];
    }
#pragma endscop
}
