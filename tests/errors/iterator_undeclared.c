// expect: iterator_undeclared.c:5:10: error: loop iterator 'i' undeclared
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
