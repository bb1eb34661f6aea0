// expect: break_in_scop.c:7:13: error: 'break' is not supported in the SCoP
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        if (i > 8)
            break;
        A[i] = 0;
    }
#pragma endscop
}
