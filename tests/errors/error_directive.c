// expect: error_directive.c:3:2: error: #error N must be defined
#ifndef N
#error N must be defined
#endif
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
