// expect: iterator_shadowed.c:6:18: error: iterator 'i' is already used by an enclosing loop
#define N 16
void kernel(float A[N][N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int i = 0; i < N; i++)
            A[i][i] = 0;
#pragma endscop
}
