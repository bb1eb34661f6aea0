// expect: step_not_constant.c:5:33: error: the loop step must be a positive integer constant
#define N 16
void kernel(float A[N], int s) {
#pragma scop
    for (int i = 0; i < N; i += s)
        A[i] = 0;
#pragma endscop
}
