// expect: iterator_reused.c:6:14: error: iterator 'i' is already used by an enclosing loop
#define N 16
void kernel(float A[N][N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (i = 0; i < N; i++)
            A[i][i] = 0;
#pragma endscop
}
