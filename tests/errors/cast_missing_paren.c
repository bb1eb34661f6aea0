// expect: cast_missing_paren.c:6:23: error: expected ')' after the type of a cast, found 'B'
#define N 16
void kernel(float A[N], int B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = (float B[i];
#pragma endscop
}
