/*
 * LU decomposition without pivoting, A = L * U (L unit lower triangular),
 * in uniformized form for a systolic array.
 *
 * Textbook LU reads A[k][k], A[i][k] and A[k][j] at every (k, i, j), which
 * are non-uniform dependences. Here every value travels one iteration at a
 * time through 3-D local arrays, each element X[k][i][j] written by
 * iteration (k, i, j) itself:
 *   V[k][i][j]  entry (i, j) of the matrix after k elimination steps;
 *               from V[k - 1][i][j] (distance (1, 0, 0)), or A at k = 0
 *   Up[k][i][j] u(k, j), taken from V in row i == k, then passed down i
 *               (distance (0, 1, 0))
 *   Lp[k][i][j] l(i, k) = V / u(k, k) in column j == k, then passed along j
 *               (distance (0, 0, 1))
 * The update V[k][i][j] = V[k-1][i][j] - Lp[k-1][i][j] * Up[k-1][i][j]
 * reads only values of iteration (k - 1, i, j).
 * SCoP loops (in kernel()): k < N, k <= i < N, k <= j < N.
 * Output: LU packs U (on and above the diagonal) and L (below it).
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 16

typedef float data_t;

void kernel(data_t A[N][N], data_t LU[N][N]) {
#pragma scop
    {
        data_t V[N][N][N];
        data_t Up[N][N][N];
        data_t Lp[N][N][N];

        for (int k = 0; k < N; k++)
            for (int i = k; i < N; i++)
                for (int j = k; j < N; j++) {
                    if (k == 0)
                        V[k][i][j] = A[i][j];
                    else
                        V[k][i][j] = V[k - 1][i][j] - Lp[k - 1][i][j] * Up[k - 1][i][j];
                    if (i == k) {
                        Up[k][i][j] = V[k][i][j];
                        LU[i][j] = Up[k][i][j];
                    } else {
                        Up[k][i][j] = Up[k][i - 1][j];
                        if (j == k) {
                            Lp[k][i][j] = V[k][i][j] / Up[k][i][j];
                            LU[i][j] = Lp[k][i][j];
                        } else {
                            Lp[k][i][j] = Lp[k][i][j - 1];
                        }
                    }
                }
    }
#pragma endscop
}

int main(void) {
    static data_t A[N][N], LU[N][N];
    static double ref[N][N];

    /*
     * Strictly diagonally dominant M-matrix: positive diagonal, negative
     * off-diagonal entries. Elimination keeps the off-diagonal entries
     * negative and growing in magnitude, so no entry cancels towards zero
     * and a relative tolerance is meaningful everywhere.
     */
    srand(0);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            if (i == j)
                A[i][j] = 2 * N + (data_t)(rand() % 1024) / 1024;
            else
                A[i][j] = -(0.1f + (data_t)(rand() % 1024) / 1024);

    kernel(A, LU);

    /* Golden: textbook in-place Doolittle elimination in double. */
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            ref[i][j] = A[i][j];
    for (int k = 0; k < N; k++)
        for (int i = k + 1; i < N; i++) {
            ref[i][k] /= ref[k][k];
            for (int j = k + 1; j < N; j++)
                ref[i][j] -= ref[i][k] * ref[k][j];
        }

    int errors = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            if (!(fabs(LU[i][j] - ref[i][j]) <= 1e-3 * fabs(ref[i][j])))
                errors++;

    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
