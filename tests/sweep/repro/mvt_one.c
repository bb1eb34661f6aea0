#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 4

void mvt_one(const int A[N][N], const int y1[N], int x1[N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            x1[i] = x1[i] + A[i][j] * y1[j];
#pragma endscop
}
