// expect: syntax_missing_semicolon.c:6:24: error: expected ';' at the end of the statement
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[i] * 2
#pragma endscop
}
