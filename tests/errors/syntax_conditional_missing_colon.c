// expect: syntax_conditional_missing_colon.c:6:29: error: expected ':' in a conditional expression, found '0'
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = i > 4 ? B[i] 0;
#pragma endscop
}
