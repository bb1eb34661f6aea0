// expect: array_size_division_by_zero.c:4:21: error: division by zero
#define N 16
#define TILE 0
void kernel(float A[N / TILE], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        B[i] = A[i];
#pragma endscop
}
