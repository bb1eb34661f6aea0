/*
 * A product reduction along k: partial results pass PE to PE on [k],
 * but --local-reduce --reduce-op=+ must not fold them (the statement
 * multiplies); export refuses it.
 */
#define N 8
#define K 16

float out[N];

void prod(const float a[N][K])
{
#pragma scop
	for (int i = 0; i < N; i++)
		for (int k = 0; k < K; k++)
			out[i] *= a[i][k];
#pragma endscop
}

int main(void)
{
	return 3;
}
