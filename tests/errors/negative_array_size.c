// expect: negative_array_size.c:3:9: error: size of array 'T' is negative
#define N 16
float T[N - 32];
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        T[i] = A[i];
#pragma endscop
}
