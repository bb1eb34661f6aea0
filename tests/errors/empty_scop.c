// expect: empty_scop.c:4:1: error: the SCoP is empty
#define N 16
void kernel(float A[N][N], float B[N][N]) {
#pragma scop
#pragma endscop
}
