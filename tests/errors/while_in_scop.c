// expect: while_in_scop.c:6:5: error: 'while' is not supported in the SCoP
#define N 16
void kernel(float A[N]) {
    int i = 0;
#pragma scop
    while (i < N) {
        A[i] = 0;
    }
#pragma endscop
}
