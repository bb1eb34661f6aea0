/* Sizes, and the element type from the header next to this one. */
#ifndef SIZES_H
#define SIZES_H

#define ROWS 12
#define COLS 8

#include "type.h"

#endif
