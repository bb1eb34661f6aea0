// expect: pointer_cast.c:6:16: error: pointer casts are not supported in the SCoP
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = (float *)B == 0;
#pragma endscop
}
