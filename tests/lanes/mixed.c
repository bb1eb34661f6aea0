/* A lane-target test kernel (tests/check-lanes.sh). */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#define N 32
void f(float y[N], int x[N + 4])
{
#pragma scop
	for (int i = 0; i < N; i++)
		for (int j = 0; j < 4; j++)
			y[i] += x[i + j];
#pragma endscop
}
