// expect: no_scop.c:1:1: error: no '#pragma scop' in this file
#define N 16
void kernel(float A[N][N], float B[N][N]) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = B[i][j] * 2;
}
