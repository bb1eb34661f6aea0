/*
 * One array read through two accesses in one statement group: A[i][j]
 * and A[j][i] (mvt's two products fused in one nest).  On [i, j] a PE's
 * L1 box of A is the union of both, its origin min(p0, p1) per
 * dimension, so isl gives buffer offsets as conditionals that must be
 * parenthesised inside the row-major sum (L1 modules) and in the
 * testbench's packing (tiled i on [j]).  Tiled on [i], A's words carry
 * the union's rows, and the kernel and design.json must agree on them.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 4

void mvt_two(const int A[N][N], const int y1[N], int x1[N], const int y2[N],
             int x2[N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            x1[i] = x1[i] + A[i][j] * y1[j];
            x2[i] = x2[i] + A[j][i] * y2[j];
        }
#pragma endscop
}
