#include "stdio.h"
#include "stdlib.h"
#include "math.h"

typedef float data_t;
#define I 128 
#define J 128 
#define K 128 
#define L 128 
#define M 128 
