// expect: include_macro_name.c:3:2: error: #include expects "FILENAME"
#define HEADER "sizes.h"
#include HEADER
void kernel(float A[16]) {
#pragma scop
    for (int i = 0; i < 16; i++)
        A[i] = 0;
#pragma endscop
}
