/*
 * 1-D convolution, the seed paper's designs (peers_devices.md, section D):
 *     z(c) = sum_q x(c + q) * w(q)
 * SCoP loops: c < C, q < Q
 *     z[c] += x[c + q] * w[q];
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#ifndef C
#define C 100
#endif
#define Q 5

void conv1d(float z[C], float x[C + Q - 1], float w[Q])
{
#pragma scop
	for (int c = 0; c < C; c++)
		for (int q = 0; q < Q; q++)
			z[c] += x[c + q] * w[q];
#pragma endscop
}
