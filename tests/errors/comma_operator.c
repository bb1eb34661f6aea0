// expect: comma_operator.c:6:17: error: the comma operator is not supported in the SCoP
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0, B[i] = 1;
#pragma endscop
}
