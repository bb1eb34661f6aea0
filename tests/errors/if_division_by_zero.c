// expect: if_division_by_zero.c:4:5: error: division by zero
#define N 16
#define TILE 0
#if N % TILE != 0
#error N must be a multiple of TILE
#endif
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
