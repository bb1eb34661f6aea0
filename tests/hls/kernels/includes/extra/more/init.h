/* Initial values, found through -I. */
#ifndef INIT_H
#define INIT_H

#define INIT(a, b) (((a) * 7 + (b) * 3) % 11 - 5)

#endif
