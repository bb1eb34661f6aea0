/*
 * A copy ten loops deep: tiling the two innermost loops puts tile loops
 * at band positions 9 and 10, past any fixed limit on the depth of a
 * band (an I/O module's tile coordinates stopped at eight).
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 2

void deep(const float A[N][N][N][N][N][N][N][N][N][N],
	float B[N][N][N][N][N][N][N][N][N][N])
{
#pragma scop
    for (int a = 0; a < N; a++)
     for (int b = 0; b < N; b++)
      for (int c = 0; c < N; c++)
       for (int d = 0; d < N; d++)
        for (int e = 0; e < N; e++)
         for (int f = 0; f < N; f++)
          for (int g = 0; g < N; g++)
           for (int h = 0; h < N; h++)
            for (int i = 0; i < N; i++)
             for (int j = 0; j < N; j++)
              B[a][b][c][d][e][f][g][h][i][j] =
               A[a][b][c][d][e][f][g][h][i][j] * 2;
#pragma endscop
}
