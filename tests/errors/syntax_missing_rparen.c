// expect: syntax_missing_rparen.c:6:29: error: expected ')' to close the parenthesis, found ';'
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = (B[i] + 1 * 2;
#pragma endscop
}
