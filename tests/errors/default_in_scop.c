// expect: default_in_scop.c:6:9: error: 'default' is not supported in the SCoP
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        default:
        A[i] = 0;
    }
#pragma endscop
}
