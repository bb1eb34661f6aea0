// expect: subscript_of_call.c:7:22: error: only named arrays and functions can be subscripted or called
#define N 16
float *row(int i);
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = row(i)[0];
#pragma endscop
}
