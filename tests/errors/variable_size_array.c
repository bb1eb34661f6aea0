// expect: variable_size_array.c:3:28: error: size of array 'A' is not an integer constant
#define N 16
void kernel(int n, float A[n], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[i];
#pragma endscop
}
