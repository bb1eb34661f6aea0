/*
 * Multiresolution analysis kernel (PolyBench's doitgen, out of place):
 * four loops deep, three-dimensional arrays.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define NR 4
#define NQ 6
#define NP 8

void doitgen(const float A[NR][NQ][NP], const float C4[NP][NP],
             float sum[NR][NQ][NP])
{
#pragma scop
    for (int r = 0; r < NR; r++)
        for (int q = 0; q < NQ; q++)
            for (int p = 0; p < NP; p++) {
                sum[r][q][p] = 0;
                for (int s = 0; s < NP; s++)
                    sum[r][q][p] += A[r][q][s] * C4[s][p];
            }
#pragma endscop
}
