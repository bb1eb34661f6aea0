// expect: endscop_at_file_scope.c:4:1: error: '#pragma endscop' without '#pragma scop'
#define N 16
float A[N];
#pragma endscop
void kernel(void) {
}
