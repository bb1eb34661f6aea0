// expect: defined_without_name.c:2:5: error: 'defined' needs a macro name
#if defined(
#define N 16
#endif
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
