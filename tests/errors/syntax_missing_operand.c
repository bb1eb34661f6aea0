// expect: syntax_missing_operand.c:6:23: error: expected an expression, found ';'
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[i] * ;
#pragma endscop
}
