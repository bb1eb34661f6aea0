/* The kernel's own ap_int.h: nothing to do with Vitis's, whose name it
 * shares. */
#ifndef KERNEL_AP_INT_H
#define KERNEL_AP_INT_H

#define CHECKED 1

#endif
