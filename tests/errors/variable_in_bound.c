// expect: variable_in_bound.c:5:25: error: 'n' is a variable: a loop bound or condition may use only loop iterators and constants (make 'n' a #define, or pass -D n=VALUE)
#define N 16
void kernel(float A[N], int n) {
#pragma scop
    for (int i = 0; i < n; i++)
        A[i] = 0;
#pragma endscop
}
