#include <stdio.h>
#include <stdlib.h>
#include <math.h>

typedef unsigned short data_t;
#define I 64
#define J 64
#define K 64
