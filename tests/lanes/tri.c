/* A lane-target test kernel (tests/check-lanes.sh). */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#define N 37
void f(double y[N], double A[N][N], double x[N])
{
#pragma scop
	for (int i = 0; i < N; i++)
		for (int j = 0; j <= i; j++)
			y[i] += A[i][j] * x[j];
#pragma endscop
}
