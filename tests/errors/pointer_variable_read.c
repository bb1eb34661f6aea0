// expect: pointer_variable_read.c:6:16: error: pointer 'p' is not supported in the SCoP
#define N 16
void kernel(float A[N], float *p) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = p;
#pragma endscop
}
