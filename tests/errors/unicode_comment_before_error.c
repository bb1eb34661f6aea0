// expect: unicode_comment_before_error.c:8:28: error: non-affine subscript: product of two expressions that both depend on loop iterators
#define N 16
/* Größe: N × N, élément par élément */
void kernel(float A[N * N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            /* α·β */ A[i * j] = 0;
#pragma endscop
}
