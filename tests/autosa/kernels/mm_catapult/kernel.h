#include <stdio.h>
#include <stdlib.h>
#include <math.h>

//typedef float data_t;
typedef unsigned int data_t;
#define I_P 64
#define J_P 64
#define K_P 64
