// expect: if_trailing_tokens.c:3:7: error: unexpected '16' in #if expression
#define N 16
#if N 16
#endif
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
