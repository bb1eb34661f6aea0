/*
 * PolyBench's syrk: the lower triangle of C scaled by beta in a j loop of
 * its own, then the k loop accumulating A * A^T around a second j loop.
 * In source order the band is (i) only; isl's scheduler fuses the j loops
 * (over the triangle j <= i) and moves k inside them.  A enters the array
 * along two paths where i or j is a space loop: A[i][k] reused along j,
 * A[j][k] along i, each PE read taking its own path.  The testbench is
 * generated and compares the array with this nest.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 12
#define M 10

float C[N][N];

void syrk(float alpha, float beta, const float A[N][M])
{
#pragma scop
    for (int i = 0; i < N; i++) {
        for (int j = 0; j <= i; j++)
            C[i][j] *= beta;
        for (int k = 0; k < M; k++)
            for (int j = 0; j <= i; j++)
                C[i][j] += alpha * A[i][k] * A[j][k];
    }
#pragma endscop
}

int main(void)
{
    return 3;
}
