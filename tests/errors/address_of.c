// expect: address_of.c:6:16: error: taking an address is not supported in the SCoP
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = &B[i] != 0;
#pragma endscop
}
