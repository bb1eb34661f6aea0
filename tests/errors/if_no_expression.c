// expect: if_no_expression.c:3:2: error: #if with no expression
#define N 16
#if
#endif
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
