// expect: case_in_scop.c:6:9: error: 'case' is not supported in the SCoP
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        case 1:
        A[i] = 0;
    }
#pragma endscop
}
