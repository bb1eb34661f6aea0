// expect: min_one_argument.c:6:29: error: 'min' takes two or more arguments
#define N 16
void kernel(float A[N][N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < min(i); j++)
            A[i][j] = 0;
#pragma endscop
}
