// expect: sizeof_in_scop.c:6:16: error: 'sizeof' is not supported here
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = sizeof(float);
#pragma endscop
}
