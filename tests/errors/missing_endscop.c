// expect: missing_endscop.c:4:1: error: '#pragma scop' without a matching '#pragma endscop'
#define N 16
void kernel(float A[N][N], float B[N][N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = B[i][j] * 2;
}
