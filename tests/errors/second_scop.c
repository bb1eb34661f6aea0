// expect: second_scop.c:8:1: error: a second '#pragma scop' (the first is on line 4)
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
#pragma scop
    for (int i = 0; i < N; i++)
        B[i] = 0;
#pragma endscop
}
