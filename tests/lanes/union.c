/* A lane-target test kernel (tests/check-lanes.sh). */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#define N 40
void f(int y[N], int x[N + 8])
{
#pragma scop
	for (int i = 0; i < N; i++)
		for (int j = 0; j < 8; j++)
			if (i < 10 || i > 2 * j + 20)
				y[i] -= x[i + j] * 3;
#pragma endscop
}
