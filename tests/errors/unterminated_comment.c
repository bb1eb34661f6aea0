// expect: unterminated_comment.c:5:5: error: unterminated comment
#define N 16
void kernel(float A[N]) {
#pragma scop
    /* zero the array
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
