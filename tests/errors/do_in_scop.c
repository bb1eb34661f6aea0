// expect: do_in_scop.c:6:9: error: 'do' is not supported in the SCoP
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        do {
            A[i] = 0;
        } while (0);
#pragma endscop
}
