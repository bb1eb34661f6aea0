/* Problem sizes and element type for mm.c. */
#ifndef KERNEL_H
#define KERNEL_H

#define I 64
#define J 64
#define K 64

typedef float data_t;

#endif
