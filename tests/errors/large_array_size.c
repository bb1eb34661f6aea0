// expect: large_array_size.c:7:16: error: access to 'B' out of bounds at i = 15
#define BIG 4294967296
#define N 16
void kernel(float A[BIG], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[i + 1];
#pragma endscop
}
