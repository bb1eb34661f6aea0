// expect: chained_assignment.c:6:21: error: chained assignments are not supported in the SCoP
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[i] = 0;
#pragma endscop
}
