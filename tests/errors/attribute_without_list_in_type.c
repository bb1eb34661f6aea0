// expect: attribute_without_list_in_type.c:3:8: error: '__attribute__' without its parenthesised list
#define N 16
static __attribute__ float scale;
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = scale;
#pragma endscop
}
