/*
 * Lower-triangular matrix times vector: y[i] sums L[i][k] * x[k] for
 * k <= i only.  With k as the space loop the partial sums of y[i] stop
 * at PE i, not at the last PE, where the chain would drain them: every
 * PE drains its own final values.  With i as the space loop each PE
 * keeps its y[i].
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 32

float L[N][N], x[N], y[N];

void trmv(void)
{
#pragma scop
    for (int i = 0; i < N; i++) {
        y[i] = 0;
        for (int k = 0; k <= i; k++)
            y[i] += L[i][k] * x[k];
    }
#pragma endscop
}
