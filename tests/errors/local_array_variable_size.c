// expect: local_array_variable_size.c:6:17: error: size of array 't' is not an integer constant
#define N 16
void kernel(float A[N], int n) {
#pragma scop
    for (int i = 0; i < N; i++) {
        float t[n];
        t[0] = 1;
        A[i] = t[0];
    }
#pragma endscop
}
