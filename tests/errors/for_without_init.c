// expect: for_without_init.c:6:10: error: a for loop must start by assigning its iterator
#define N 16
void kernel(float A[N]) {
    int i = 0;
#pragma scop
    for (; i < N; i++)
        A[i] = 0;
#pragma endscop
}
