/*
 * BiCG's two products in one nest (PolyBench's bicg): s = A^T r and
 * q = A p, one reduced over i, the other over j.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 14
#define M 10

void bicg(const float A[N][M], const float r[N], const float p[M],
          float s[M], float q[N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            s[j] = s[j] + r[i] * A[i][j];
            q[i] = q[i] + A[i][j] * p[j];
        }
#pragma endscop
}
