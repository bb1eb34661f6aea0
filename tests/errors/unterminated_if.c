// expect: unterminated_if.c:3:2: error: unterminated conditional directive
#define N 16
#ifdef USE_DOUBLE
typedef double data_t;
#else
typedef float data_t;
void kernel(data_t A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = 0;
#pragma endscop
}
