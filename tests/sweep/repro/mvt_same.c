#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 4

void mvt_same(const int A[N][N], const int y1[N], int x1[N], const int y2[N], int x2[N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            x1[i] = x1[i] + A[i][j] * y1[j];
            x2[i] = x2[i] + A[i][j] * y2[j];
        }
#pragma endscop
}
