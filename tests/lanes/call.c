/* A lane-target test kernel (tests/check-lanes.sh). */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#include <math.h>
#define N 32
void f(float y[N], float x[N + 4])
{
#pragma scop
	for (int i = 0; i < N; i++)
		for (int j = 0; j < 4; j++)
			y[i] += sqrtf(x[i + j]);
#pragma endscop
}
