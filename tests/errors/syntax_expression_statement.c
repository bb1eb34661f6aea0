// expect: syntax_expression_statement.c:6:14: error: expected an assignment, found '+'
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] + B[i];
#pragma endscop
}
