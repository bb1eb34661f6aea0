#include "stdio.h"
#include "stdlib.h"
#include "math.h"

typedef unsigned short data_t;
#define I 1024
#define J 1024
#define K 1024 