// expect: scalar_in_condition.c:6:13: error: 'alpha' is a variable: a loop bound or condition may use only loop iterators and constants (make 'alpha' a #define, or pass -D alpha=VALUE)
#define N 16
void kernel(float A[N], float alpha) {
#pragma scop
    for (int i = 0; i < N; i++)
        if (alpha > 0)
            A[i] = alpha;
#pragma endscop
}
