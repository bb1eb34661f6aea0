// expect: invalid_directive.c:3:2: error: invalid preprocessing directive '#defne'
#define N 16
#defne M 8
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
