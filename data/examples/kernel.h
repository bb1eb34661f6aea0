/* Problem sizes and element type for mm.c. */
#ifndef KERNEL_H
#define KERNEL_H

/* Overridable from the command line, e.g. systole-cli -D I=1024. */
#ifndef I
#define I 64
#endif
#ifndef J
#define J 64
#endif
#ifndef K
#define K 64
#endif

typedef float data_t;

#endif
