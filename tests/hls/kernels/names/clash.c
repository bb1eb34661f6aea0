/*
 * Matrix-vector products whose names the generated code takes: arrays
 * called after modules, FIFOs, word types and the top function, a loop
 * called PE_wrapper, Systole's own prefix, and the sizes in a header
 * called systole_kernel.h.  The export renames them all; the program's
 * own check decides.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <stdio.h>

#include "systole_kernel.h"

int main(void)
{
    static int PE[N][M], fifo_A_PE[M], kernel0[N], C[N], C_word[N];
    static int A_IO_L2_in[N][M], sy_img_C[N], want[N];
    int errors = 0;

    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            PE[i][j] = INIT(i * M + j), A_IO_L2_in[i][j] = INIT(i + 2 * j);
    for (int j = 0; j < M; j++)
        fifo_A_PE[j] = INIT(3 * j + 1);
    for (int i = 0; i < N; i++) {
        want[i] = 0;
        for (int j = 0; j < M; j++)
            want[i] += PE[i][j] * fifo_A_PE[j] + A_IO_L2_in[i][j];
        kernel0[i] = C[i] = C_word[i] = sy_img_C[i] = 0;
    }

#pragma scop
    for (int PE_wrapper = 0; PE_wrapper < N; PE_wrapper++)
        for (int j = 0; j < M; j++) {
            kernel0[PE_wrapper] += PE[PE_wrapper][j] * fifo_A_PE[j];
            sy_img_C[PE_wrapper] += A_IO_L2_in[PE_wrapper][j];
        }
#pragma endscop

    for (int i = 0; i < N; i++)
        if (kernel0[i] + sy_img_C[i] != want[i] || C[i] || C_word[i])
            errors++;
    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
