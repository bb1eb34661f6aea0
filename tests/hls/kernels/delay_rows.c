/* Two arrays passed along diagonals of slope 2, per row b: X[b][e] and
 * Y[b][e] are made at (b, i, j) and used again at (b, i + 1, j + 2),
 * the flow (0, 1, 2).  On [i] each PE keeps what it received from the
 * previous PE two steps (of j) in a chain of two delay registers, one
 * chain per statement; b, whose tiles the flows do not cross, may be
 * tiled. */
#define B 4
#define N 6
#define W 5

void rows(int X[B][W], int Y[B][W], const int A[N][2 * N + W])
{
#pragma scop
	for (int b = 0; b < B; b++)
		for (int i = 0; i < N; i++)
			for (int j = 2 * i; j < 2 * i + W; j++) {
				X[b][j - 2 * i] =
					X[b][j - 2 * i] * 3 + A[i][j] + b;
				Y[b][j - 2 * i] = Y[b][j - 2 * i] - A[i][j] * 2;
			}
#pragma endscop
}
