// expect: local_array_zero_size.c:6:17: error: size of array 't' is zero
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        float t[0];
        A[i] = 0;
    }
#pragma endscop
}
