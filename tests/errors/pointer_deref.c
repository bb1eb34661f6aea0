// expect: pointer_deref.c:6:16: error: pointer dereference is not supported in the SCoP
#define N 16
void kernel(float A[N], float *p) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = *p * 2;
#pragma endscop
}
