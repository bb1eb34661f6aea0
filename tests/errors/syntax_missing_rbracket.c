// expect: syntax_missing_rbracket.c:6:13: error: expected ']' after a subscript, found '='
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i = B[i];
#pragma endscop
}
