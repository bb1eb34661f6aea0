// expect: indirect_subscript.c:6:11: error: indirect subscript: the element 'idx[...]' is data, not an affine function of the iterators
#define N 16
void kernel(float A[N], float B[N], int idx[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[idx[i]] = B[i] * 2;
#pragma endscop
}
