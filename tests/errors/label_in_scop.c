// expect: label_in_scop.c:6:1: error: labels are not supported in the SCoP
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
again:
        A[i] = 0;
    }
#pragma endscop
}
