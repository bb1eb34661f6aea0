/* Odyssey's rules shared by its designs (model/odyssey.h): burst costs,
 * BRAM18K per buffer, pack inference, module records, and the
 * prologue + main + epilogue total. */
#pragma once

#include "model/odyssey.h"

/* Words per 512-bit DRAM beat for fp32. */
#define SY_ODY_BEAT 16.0
/* Cycles a non-serialized DRAM burst row costs before its beats. */
#define SY_ODY_BURST 20.0

/* A burst of size words on chip at packing dp. */
double sy_ody_onchip(double size, double dp);
/* A burst to DRAM: serialized size / min(dp, 16), else one burst per
 * row of last words. */
double sy_ody_dram(double size, double last, double dp, gboolean serialized);
/* BRAM18K of one fp32 buffer of n words packed p wide. */
double sy_ody_bram(double n, double p);
/* infer_params: the largest n x lb (n >= 1) dividing ub' = max(ub, lb),
 * or 0 when there is none. */
gint64 sy_ody_infer(gint64 lb, gint64 ub);
gboolean sy_ody_pow2(gint64 x);

/* Appends a module (zeroed but for name, dir and count). */
__isl_keep SyOdysseyModule *sy_ody_module(__isl_keep SyOdysseyResult *r,
	__isl_keep const char *name, int dir, double count);

/* Fills prologue, main, epilogue, cycles, bram18k, offchip and the
 * bottleneck from the modules. */
void sy_ody_total(__isl_keep SyOdysseyResult *r);

/* Fills e (no modules yet) from r for a problem of ops operations. */
void sy_ody_fill(__isl_keep const SyOdysseyResult *r, double ops,
	__isl_keep SyEstimate *e);
