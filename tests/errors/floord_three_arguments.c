// expect: floord_three_arguments.c:6:30: error: 'floord' takes two arguments
#define N 16
void kernel(float A[N][N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= floord(i, 2, 1); j++)
            A[i][j] = 0;
#pragma endscop
}
