// expect: iterator_incremented_in_body.c:7:9: error: loop iterator 'i' is assigned in the loop body
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        A[i] = 0;
        i++;
    }
#pragma endscop
}
