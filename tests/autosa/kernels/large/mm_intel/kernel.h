#include "stdio.h"
#include "stdlib.h"
#include "math.h"

typedef float data_t;

#define I 1040 
#define J 1024
#define K 1024
