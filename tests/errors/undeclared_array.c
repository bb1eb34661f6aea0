// expect: undeclared_array.c:6:16: error: 'C' undeclared
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = C[i] + 1;
#pragma endscop
}
