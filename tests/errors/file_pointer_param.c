// expect: file_pointer_param.c:12:15: error: non-affine subscript: product of two expressions that both depend on loop iterators
#include <stdio.h>
#define N 16
void dump(FILE *out, float A[N * N]) {
    for (int i = 0; i < N * N; i++)
        fprintf(out, "%f\n", A[i]);
}
void kernel(float A[N * N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i * j] = 0;
#pragma endscop
}
