// expect: else_without_if_in_scop.c:7:9: error: 'else' without a previous 'if'
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        A[i] = 0;
        else A[i] = 1;
    }
#pragma endscop
}
