/*
 * SIMD on loops below the band (2mm: tmp = A B, then D += tmp C) whose
 * statements run different numbers of iterations: j runs to 4 in the
 * first product and to 6 in the second, k to 6 and to 4, and the
 * statement under if (k >= 2) starts two iterations into its k loop.  A
 * SIMD width must leave whole vectors in every statement (widths that
 * divide only the largest extent made the simulation read empty
 * streams); compile lists the widths allowed.  The second product has
 * no statement beside its k loop, so its leaf is shallower than the
 * first's: its SIMD lanes must still be the last schedule dimension.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define NI 2
#define NJ 4
#define NK 6
#define NL 6

void inner_extents(const float A[NI][NK], const float B[NK][NJ],
                   const float C[NJ][NL], float tmp[NI][NJ],
                   float D[NI][NL], float E[NI][NJ])
{
#pragma scop
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++) {
            tmp[i][j] = 0;
            for (int k = 0; k < NK; k++) {
                tmp[i][j] += A[i][k] * B[k][j];
                if (k >= 2)
                    E[i][j] += A[i][k];
            }
        }
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NL; j++)
            for (int k = 0; k < NJ; k++)
                D[i][j] += tmp[i][k] * C[k][j];
#pragma endscop
}
