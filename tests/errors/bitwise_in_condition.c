// expect: bitwise_in_condition.c:6:13: error: operator '&' in a loop bound or condition
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        if (i & 1)
            A[i] = 0;
#pragma endscop
}
