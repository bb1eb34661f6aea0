// expect: variable_in_subscript.c:6:18: error: 'k' is a variable: a subscript may use only loop iterators and constants (make 'k' a #define, or pass -D k=VALUE)
#define N 16
void kernel(float A[N], float B[N], int k) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[k];
#pragma endscop
}
