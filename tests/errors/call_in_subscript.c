// expect: call_in_subscript.c:7:11: error: call to 'wrap' in a subscript: calls may appear only in the values a statement computes
#define N 16
int wrap(int n);
void kernel(float A[N], float B[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[wrap(i)] = B[i];
#pragma endscop
}
