// expect: local_declaration_without_name.c:6:15: error: expected a name in the declaration, found '='
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        float = A[i];
        A[i] = 0;
    }
#pragma endscop
}
