// expect: nested_scop.c:6:1: error: nested '#pragma scop'
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
#pragma scop
        A[i] = 0;
    }
#pragma endscop
}
