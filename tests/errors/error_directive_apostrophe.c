// expect: error_directive_apostrophe.c:3:2: error: #error N isn't defined: compile with -D N=...
#ifndef N
#error N isn't defined: compile with -D N=...
#endif
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
