// expect: pragma_as_loop_body.c:7:11: error: non-affine subscript: product of two expressions that both depend on loop iterators
#define N 16
void kernel(float A[N * N]) {
#pragma scop
    for (int i = 0; i < N; i++)
#pragma HLS pipeline
        A[i * i] = 0;
#pragma endscop
}
