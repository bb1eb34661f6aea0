// expect: division_by_variable.c:7:29: error: division by something other than a positive integer constant in a subscript
#define N 16
void kernel(float A[N][N], float B[N]) {
#pragma scop
    for (int i = 1; i < N; i++)
        for (int j = 1; j < N; j++)
            A[i][j] = B[i / j];
#pragma endscop
}
