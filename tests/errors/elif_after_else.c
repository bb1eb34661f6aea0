// expect: elif_after_else.c:6:2: error: #elif after #else
#ifdef BIG
#define N 64
#else
#define N 16
#elif SMALL
#define N 8
#endif
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
