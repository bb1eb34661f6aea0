// expect: local_array_initializer.c:6:20: error: array initializers are not supported in the SCoP
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        float t[2] = { 0, 1 };
        A[i] = t[0];
    }
#pragma endscop
}
