/* delay_diag.c reading X[j - i] twice in its statement: both reads
 * would take the previous PE's value a step late from one FIFO that
 * carries a value a step; refused. */
#define N 8
#define W 6

void twice(int X[W], const int A[N][N + W])
{
#pragma scop
	for (int i = 0; i < N; i++)
		for (int j = i; j < i + W; j++)
			X[j - i] = X[j - i] * X[j - i] + A[i][j];
#pragma endscop
}
