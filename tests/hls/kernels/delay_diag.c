/* A value passed along a diagonal: X[e] is made at (i, j) and used
 * again at (i + 1, j + 1), the flow (1, 1).  On [i] each PE takes the
 * previous PE's value one step (of j) after it was made: a delay
 * register.  The band runs j from i, so every X[e] starts in the first
 * PE (i = 0) and ends in the last (i = N - 1).  On [j] the final
 * values end in several PEs: refused. */
#define N 8
#define W 6

void diag(int X[W], const int A[N][N + W])
{
#pragma scop
	for (int i = 0; i < N; i++)
		for (int j = i; j < i + W; j++)
			X[j - i] = X[j - i] * 3 + A[i][j];
#pragma endscop
}
