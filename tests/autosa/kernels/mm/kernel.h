#include <stdio.h>
#include <stdlib.h>
#include <math.h>

typedef float data_t;
//#define I 256 
//#define J 264 
//#define K 256

//#define I 128 
//#define J 128 
//#define K 128

#define I 64
#define J 64
#define K 64
