// expect: switch_in_scop.c:6:9: error: 'switch' is not supported in the SCoP
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        switch (i % 2) {
        default:
            A[i] = 0;
        }
#pragma endscop
}
