// expect: step_multiply.c:5:30: error: unsupported loop step
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 1; i < N; i *= 2)
        A[i] = 0;
#pragma endscop
}
