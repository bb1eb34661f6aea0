// expect: not_equal_condition.c:5:21: error: a loop condition with '!=' is not supported
#define N 16
void kernel(float A[N * N]) {
#pragma scop
    for (int i = 0; i != N; i++)
        for (int j = 0; j != N; j++)
            A[i * j] = 0;
#pragma endscop
}
