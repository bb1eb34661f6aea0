// expect: if_bad_expression.c:3:8: error: expected an expression, found end of line
#define N 16
#if N >
#endif
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
