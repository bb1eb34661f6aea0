#include "stdio.h"
#include "stdlib.h"
#include "math.h"

typedef float data_t;
#define O 16
#define I 16
#define R 16
#define C 16
#define K 3

//#define O 6
//#define I 1
//#define R 5
//#define C 5
//#define K 3
