// expect: step_zero.c:5:33: error: the loop step must be a positive integer constant
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i += 0)
        A[i] = 0;
#pragma endscop
}
