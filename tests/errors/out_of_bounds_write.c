// expect: out_of_bounds_write.c:6:9: error: access to 'A' out of bounds at i = 16
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i <= N; i++)
        A[i] = B[i - 1];
#pragma endscop
}
