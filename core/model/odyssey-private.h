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

/* FALSE (with error) when e has module families already: Odyssey's
 * modules are its own, not the design's. */
gboolean sy_ody_check_empty(__isl_keep const SyEstimate *e, GError **error);

/* Fills e (no modules yet) from r for a problem of ops operations. */
void sy_ody_fill(__isl_keep const SyOdysseyResult *r, double ops,
	__isl_keep SyEstimate *e);

/* A design's tiling as the chains see it: the tile loops from outer to
 * inner (dimension indices), the tiles per dimension, the pack
 * factors, which dimension is the reduction. */
typedef struct {
	int n_loops;
	int loops[4];
	double n[4]; /* ceil(D / t1) */
	double pack[6];
	int reduction;
	gboolean serialized; /* reduction innermost: --host-serialize */
} SyOdyTiles;

/* One level of an array's I/O chain.  The first level of a chain is
 * the buffered one (feeder, drain or collector); the others move the
 * tile on, the last one to or from DRAM. */
typedef struct {
	const char *name; /* without _in / _out */
	double count; /* modules (BRAM) */
	double n; /* bursts per tile */
	double size, last; /* words per burst, innermost dimension */
	int pack; /* index in SyOdyTiles.pack */
	gboolean dram;
} SyOdyLevel;

/* An input array depending on the dimensions in deps (bit mask): its
 * modules iterate over the tile loops up to the innermost one it
 * depends on; when reusing, its feeder feeds the same tile over the
 * loops after that one (each feeding tau cycles). */
void sy_ody_input(__isl_keep const SyOdyTiles *t,
	__isl_keep SyOdysseyResult *r, __isl_keep const SyOdyLevel *chain,
	int n_levels, guint deps, gboolean reusing, double tau);

/* The output array: read back and written out per output tile when
 * the reduction is not innermost; else drained from the PEs'
 * accumulators (accumulating), or collected over the reduction tiles.
 * tau_c: the cycles the PEs take to hand over one output tile. */
void sy_ody_output(__isl_keep const SyOdyTiles *t,
	__isl_keep SyOdysseyResult *r, __isl_keep const SyOdyLevel *chain,
	int n_levels, gboolean accumulating, double tau_c);

/* The PEs: count of them, tau cycles per tile, memory words of
 * accumulators each (0: none); accumulating PEs with read-back partial
 * sums spend a cycle before and after each tile. */
void sy_ody_pe(__isl_keep const SyOdyTiles *t, __isl_keep SyOdysseyResult *r,
	double count, double tau, double memory, gboolean accumulating);

/* CONV: the levels of an array's I/O chain from the dimensions it
 * depends on (bit mask): 1, the DRAM only (a 1D array's dimension
 * not among them); 2, a module per row (or per PE of a 1D array) then
 * DRAM, the one chain whose feeder reuses its tile; 3, per PE, L2,
 * DRAM (both of a 2D array's). */
int sy_ody_conv_levels(guint dataflow, guint deps);
/* CONV: the cap on pack factor p (0 cin, 1 cout read back, 2 cout
 * drained, 3 w): 4 or 16 words. */
gint64 sy_ody_conv_pack_cap(guint dataflow, int pack);
