/* A lane-target test kernel (tests/check-lanes.sh). */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#define N 30
void f(int y[N], int x[N + 4])
{
#pragma scop
	for (int i = 0; i < N; i++)
		for (int j = 0; j < 4; j++)
			y[i] = y[i] * 2 + x[i + j] * j - i;
#pragma endscop
}
