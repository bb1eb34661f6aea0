// expect: stray_unicode.c:6:21: error: stray '×' in program
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[i] × 2;
#pragma endscop
}
