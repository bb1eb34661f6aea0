// expect: undeclared_variable.c:6:16: error: 'alpha' undeclared
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = alpha * 2;
#pragma endscop
}
