// expect: syntax_for_missing_semicolon.c:5:27: error: expected ';' after the loop condition, found 'i'
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N i++)
        A[i] = 0;
#pragma endscop
}
