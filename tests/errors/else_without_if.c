// expect: else_without_if.c:3:2: error: #else without #if
#define N 16
#else
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
