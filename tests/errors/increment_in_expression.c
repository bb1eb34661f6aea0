// expect: increment_in_expression.c:7:18: error: '++' inside an expression is not supported
#define N 16
void kernel(float A[N], float B[N]) {
    int k = 0;
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[k++];
#pragma endscop
}
