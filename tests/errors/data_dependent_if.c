// expect: data_dependent_if.c:6:13: error: array element 'B[...]' in a loop bound or condition: control flow may not depend on data
#define N 16
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        if (B[i] > 0)
            A[i] = B[i];
#pragma endscop
}
