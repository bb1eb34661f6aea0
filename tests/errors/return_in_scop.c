// expect: return_in_scop.c:7:9: error: 'return' is not supported in the SCoP
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        A[i] = 0;
        return;
    }
#pragma endscop
}
