/* A value passed along a diagonal of the outer time loop: X[e][j] is
 * made at (i, t, j) and used again at (i + 1, t + 1, j), the flow
 * (1, 1, 0).  On [i] the next PE takes it one step of t later: M steps
 * of its innermost loop j (fewer with j tiled, the tile's), a chain of
 * that many delay registers. */
#define N 4
#define W 3
#define M 5

void outer(int X[W][M], const int A[N][N + W][M])
{
#pragma scop
	for (int i = 0; i < N; i++)
		for (int t = i; t < i + W; t++)
			for (int j = 0; j < M; j++)
				X[t - i][j] = X[t - i][j] * 3 + A[i][t][j];
#pragma endscop
}
