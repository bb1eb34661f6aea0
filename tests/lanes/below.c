/* A lane-target test kernel (tests/check-lanes.sh): p below the band
 * (r, q), its range growing with q, so that z's partial result comes
 * back from p = q to p = 0: no one distance over the loops below. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#define N 16
#define M 4
void f(float z[N], float x[N + M], float w[M])
{
#pragma scop
	for (int r = 0; r < N; r++)
		for (int q = 0; q < M; q++)
			for (int p = 0; p <= q; p++)
				z[r] = z[r] + x[r + p] * w[q];
#pragma endscop
}
