// expect: call_in_bound.c:6:25: error: call to 'limit' in a loop bound or condition: calls may appear only in the values a statement computes
#define N 16
int limit(int n);
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < limit(N); i++)
        A[i] = 0;
#pragma endscop
}
