// expect: missing_char_quote.c:6:16: error: missing terminating ' character
#define N 16
void kernel(char A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 'x;
#pragma endscop
}
