// expect: array_without_subscripts.c:6:16: error: array 'B' used without subscripts
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B;
#pragma endscop
}
