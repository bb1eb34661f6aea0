// expect: extra_brace_in_scop.c:8:5: error: unbalanced '}' before '#pragma endscop'
#define N 16
void kernel(float A[N]) {
    {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
    }
#pragma endscop
}
