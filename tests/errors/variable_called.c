// expect: variable_called.c:6:16: error: 's' is a variable, not a function
#define N 16
void kernel(float A[N], float s) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = s(i);
#pragma endscop
}
