// expect: step_wrong_variable.c:6:32: error: the loop step must update the iterator 'j'
#define N 16
void kernel(float A[N][N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; i++)
            A[i][j] = 0;
#pragma endscop
}
