// expect: float_iterator.c:5:16: error: loop iterator 'x' must have an integer type
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (float x = 0; x < N; x++)
        A[0] = x;
#pragma endscop
}
