/* A lane-target test kernel (tests/check-lanes.sh): four loops for a
 * 3-D array (three space rows, one time row): C's elements stay, A
 * and B move along the lanes and the rows under a skewed time. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
void f(float C[4][4][4], float A[4][4][8], float B[8][4])
{
#pragma scop
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++)
			for (int k = 0; k < 4; k++)
				for (int l = 0; l < 8; l++)
					C[i][j][k] += A[i][k][l] * B[l][j];
#pragma endscop
}
