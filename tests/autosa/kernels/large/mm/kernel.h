#include "stdio.h"
#include "stdlib.h"
#include "math.h"

//typedef float data_t;
typedef int data_t;
//#define I 1024
//#define J 1024
//#define K 1024

//#define I 1040
//#define J 1024
//#define K 1024

#define I 208
#define J 512
#define K 256

//#define I 1032
//#define J 1024
//#define K 1024

//#define I 1024
//#define J 1032
//#define K 1024

//#define I 1024
//#define J 1024
//#define K 1032

//#define I 1060
//#define J 1024
//#define K 1024

//#define I 1040
//#define J 1024
//#define K 1024

//#define I 1024
//#define J 1056
//#define K 1080
