/* The element type. */
#ifndef TYPE_H
#define TYPE_H

typedef int elem_t;

#endif
