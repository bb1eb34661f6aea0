// expect: char_literal.c:6:16: error: string and character constants are not supported here
#define N 16
void kernel(char A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 'x';
#pragma endscop
}
