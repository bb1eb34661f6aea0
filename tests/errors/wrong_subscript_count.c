// expect: wrong_subscript_count.c:6:9: error: array 'A' has 2 dimensions but 1 subscript
#define N 16
void kernel(float A[N][N], float B[N][N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[i][i];
#pragma endscop
}
