// expect: continue_in_scop.c:7:13: error: 'continue' is not supported in the SCoP
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        if (i % 2 == 0)
            continue;
        A[i] = 0;
    }
#pragma endscop
}
