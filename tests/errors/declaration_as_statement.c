// expect: declaration_as_statement.c:6:9: error: a declaration is not a statement here
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        float t = A[i];
#pragma endscop
}
