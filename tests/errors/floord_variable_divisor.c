// expect: floord_variable_divisor.c:6:40: error: division by something other than a positive integer constant in a loop bound or condition
#define N 16
void kernel(float A[N][N]) {
#pragma scop
    for (int i = 1; i < N; i++)
        for (int j = 0; j <= floord(N, i); j++)
            A[i][j] = 0;
#pragma endscop
}
