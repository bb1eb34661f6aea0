// expect: latin1_comment.c:3:17: error: invalid UTF-8: byte 0xe9
#define N 16
/* Taille du café */
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
