// expect: assign_to_expression.c:6:9: error: cannot assign to this expression
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        (A[i] + 1) = B[i];
#pragma endscop
}
