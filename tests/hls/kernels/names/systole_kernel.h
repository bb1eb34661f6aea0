/* The kernel's own header, under the name of the one an export
 * generates: the export keeps both, this one as systole_kernel_1.h. */
#ifndef CLASH_SIZES_H
#define CLASH_SIZES_H

#define N 12
#define M 10

/* Its macros use the names the project renames. */
#define INIT(x) ((x) % 7 - 3)

#endif
