// expect: not_an_array.c:6:16: error: 's' is not an array
#define N 16
void kernel(float A[N], float s) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = s[i];
#pragma endscop
}
