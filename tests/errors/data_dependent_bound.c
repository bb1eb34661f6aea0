// expect: data_dependent_bound.c:6:29: error: array element 'len[...]' in a loop bound or condition: control flow may not depend on data
#define N 16
void kernel(float A[N][N], int len[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < len[i]; j++)
            A[i][j] = 0;
#pragma endscop
}
