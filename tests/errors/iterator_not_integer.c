// expect: iterator_not_integer.c:6:10: error: loop iterator 'x' is not an integer variable
#define N 16
void kernel(float A[N]) {
    float x;
#pragma scop
    for (x = 0; x < N; x++)
        A[0] = x;
#pragma endscop
}
