// expect: include_without_name.c:2:2: error: #include expects "FILENAME"
#include
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
