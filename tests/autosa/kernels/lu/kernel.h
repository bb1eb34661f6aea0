#include <stdio.h>
#include <stdlib.h>
#include <math.h>

typedef float data_t;
//#define N 3
#define N 32
