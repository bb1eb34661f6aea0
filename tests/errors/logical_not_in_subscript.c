// expect: logical_not_in_subscript.c:6:18: error: operator '!' in a subscript
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = B[!i];
#pragma endscop
}
