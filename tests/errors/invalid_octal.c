// expect: invalid_octal.c:6:16: error: invalid numeric constant
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 09;
#pragma endscop
}
