// expect: local_pointer.c:6:15: error: pointer 'q' is not supported in the SCoP
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        float *q;
        A[i] = 0;
    }
#pragma endscop
}
