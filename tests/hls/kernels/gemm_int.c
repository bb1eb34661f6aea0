/*
 * Integer GEMM in a function of its own: a scalar parameter, an array
 * parameter without its first size, a pointer it does not use, and the
 * result in a global.  Its testbench is generated: it fills the inputs,
 * calls gemm() and lets the Systole check in the SCoP compare the
 * systolic array with the original loop nest.  The main below must not
 * run: it would fail.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 24
#define M 20
#define K 16

typedef int elem_t;

elem_t out[N][M];

void gemm(int alpha, const elem_t a[N][K], const elem_t b[K][M], int *unused)
{
    (void)unused;
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            out[i][j] = 0;
            for (int k = 0; k < K; k++)
                out[i][j] += alpha * a[i][k] * b[k][j];
        }
#pragma endscop
}

int main(void)
{
    return 3;
}
