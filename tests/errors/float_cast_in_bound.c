// expect: float_cast_in_bound.c:5:25: error: cast to 'float' in a loop bound or condition
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < (float)N / 2; i++)
        A[i] = 0;
#pragma endscop
}
