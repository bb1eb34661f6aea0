// expect: scop_outside_function.c:4:1: error: '#pragma scop' outside a function
#define N 16
float A[N];
#pragma scop
int i;
#pragma endscop
void kernel(void) {
}
