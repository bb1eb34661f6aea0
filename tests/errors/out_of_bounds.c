// expect: out_of_bounds.c:6:16: error: access to 'B' out of bounds at i = 15
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[i + 1];
#pragma endscop
}
