// expect: unknown_size.c:4:25: error: 'M' undeclared
void kernel(float A[16]) {
#pragma scop
    for (int i = 0; i < M; i++)
        A[i] = 0;
#pragma endscop
}
