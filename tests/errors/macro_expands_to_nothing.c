// expect: macro_expands_to_nothing.c:7:20: error: expected an expression, found ';'
#define N 16
#define ZERO
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = ZERO;
#pragma endscop
}
