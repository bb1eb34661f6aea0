#include "stdio.h"
#include "stdlib.h"
#include "math.h"

typedef char data_t;
//#define I 1024 
//#define J 1024 
//#define K 1024 

// Test case 1
// kernel3 2D IxJ
#define I 1056
#define J 1024 
#define K 1024 