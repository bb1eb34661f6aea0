// expect: recursive_macro.c:8:23: error: 'SCALE' undeclared
#define N 16
#define SCALE FACTOR * 2
#define FACTOR SCALE + 1
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[i] * SCALE;
#pragma endscop
}
