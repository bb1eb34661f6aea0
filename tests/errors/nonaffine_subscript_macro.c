// expect: nonaffine_subscript_macro.c:8:15: error: non-affine subscript: product of two expressions that both depend on loop iterators
#define N 16
#define IDX i * j
void kernel(float A[N * N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[IDX] = 0;
#pragma endscop
}
