// expect: syntax_unclosed_brace.c:7:1: error: '#pragma endscop' inside a statement
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        A[i] = B[i];
#pragma endscop
}
