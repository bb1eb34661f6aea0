// expect: endscop_without_scop.c:6:1: error: '#pragma endscop' without '#pragma scop'
#define N 16
void kernel(float A[N]) {
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
