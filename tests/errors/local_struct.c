// expect: local_struct.c:6:16: error: structures, unions and enumerations are not supported in the SCoP
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++) {
        struct { float x; } t;
        A[i] = 0;
    }
#pragma endscop
}
