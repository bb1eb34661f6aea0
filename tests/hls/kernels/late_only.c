/* A table a PE keeps (the flow (0, 1)) whose only value from the
 * previous PE is read a step late (the flow (1, 1)): on [i] no read
 * takes it from the FIFO at the step it was made, so no PE keeps it
 * for the later read; refused. */
#define N 8
#define M 6

void late(int D[N + 1][M + 1])
{
#pragma scop
	for (int i = 1; i <= N; i++)
		for (int j = 1; j <= M; j++)
			D[i][j] = D[i][j - 1] + D[i - 1][j - 1];
#pragma endscop
}
