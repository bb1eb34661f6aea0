// expect: attribute_without_list.c:3:1: error: '__attribute__' without its parenthesised list
#define N 16
__attribute__
#pragma scop
void kernel(float A[N]) {
    for (int i = 0; i < N; i++)
        A[i] = 0;
}
#pragma endscop
