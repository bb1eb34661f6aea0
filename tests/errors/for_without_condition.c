// expect: for_without_condition.c:5:21: error: a for loop without a condition is not supported
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; ; i++)
        A[i] = 0;
#pragma endscop
}
