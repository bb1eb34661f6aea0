// expect: unbounded_loop.c:5:21: error: loop 'i' never ends: its condition does not bound the iterator in the direction of its step
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i >= 0; i++)
        A[i] = 0;
#pragma endscop
}
