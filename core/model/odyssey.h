/* Odyssey's model (UCLA-VAST Odyssey, DAC'23, and the copy in AutoSA's
 * autosa_scripts/odyssey/) as a second model: its latency, DSP, BRAM18K
 * and off-chip formulas for its 18 matrix-multiply and 30 convolution
 * designs, reproduced
 * exactly, so that a design can be compared with Odyssey's numbers on
 * the same objective (`--model odyssey`).
 *
 * What is Odyssey's (../shared/reference/odyssey.md §3, §4):
 * - latency = prologue + main + epilogue, in real-valued cycles:
 *   prologue the longest one-tile load of an input module, epilogue
 *   the longest one-tile drain of an output module, main the slowest
 *   module over the whole problem;
 * - per module, loops multiply their trips, SIMD loops are free, a
 *   double-buffered I/O module costs max(load, feed) + 1 per tile, a
 *   single-buffered drain load + feed;
 * - a burst of `size` words, innermost dimension `last`, packing `dp`:
 *   on chip size / dp; to DRAM serialized size / min(dp, 16); to DRAM
 *   not serialized size / last x (20 + last / 16) (20 cycles a row);
 * - tile counts are ceil(D / t1), nothing else is rounded;
 * - DSP = PEs x SIMD x 5 (fp32); BRAM18K per buffer
 *   ceil(32 p / 36) x ceil(n / p / 512), x2 when double-buffered,
 *   x the module count; no LUT, FF or URAM;
 * - the pack factors are inferred (`infer_params`: the largest multiple
 *   of the lower bound dividing the upper bound) and a point is valid
 *   as `bound_check` says (bounds, powers of two, t2 i x t2 j >= 8 x
 *   SIMD where the PE keeps a local buffer, both dimensions of a 2D
 *   array over 1);
 * - 300 MHz, GFLOP/s on the original (unpadded) problem,
 *   dsp_efficiency = ops / (DSP / 5 x 2) / cycles.
 *
 * Quirks kept on purpose, since the point is Odyssey's numbers
 * (odyssey.md §9): pack factors need not divide the tile (fractional
 * cycles); t1 may exceed the problem; t2 need not divide t1 (fractional
 * PE counts); reduction-loop-outer designs count the C read-back per
 * output tile only; a DRAM-level double buffer counts its feed loop in
 * the off-chip words (+ 1 per tile); the one-tile epilogue of a
 * collecting C buffer is 1 cycle.
 *
 * What differs: the designs are Odyssey's own (AutoSA's descriptors,
 * dataflow d = AutoSA space_time[d], tile order p as below), written
 * here as I/O chains per (d, p) in the sizes (odyssey-mm.c, one rule
 * for all convolution designs in odyssey-conv.c), not derived from a
 * Systole SyDesign: Systole's designs have other I/O module structures
 * (levels, serialization, no read-back of partial sums when the
 * reduction is not innermost), so Odyssey's numbers can only come from
 * Odyssey's structure; the caller gives Odyssey's parameters (t1, t2)
 * and sizes.  For data/examples/mm.c, Systole's candidate ids are
 * AutoSA's space_time and so Odyssey's dataflows, and Systole's default
 * tile order (reduction innermost) is Odyssey's order 2.  Other tile
 * orders with the reduction at the same depth are not the same design
 * in Odyssey's model: which loop is innermost decides whether a feeder
 * reuses its tile (odyssey-chain.c), so only Odyssey's three orders are
 * taken. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "model/estimate.h"

G_BEGIN_DECLS

#define SY_ODYSSEY_ERROR (sy_odyssey_error_quark())
GQuark sy_odyssey_error_quark(void);

typedef enum {
	SY_ODYSSEY_ERROR_DESIGN, /* no such dataflow or tile order */
	SY_ODYSSEY_ERROR_PARAMS, /* a size or tile under 1 */
	SY_ODYSSEY_ERROR_ESTIMATE, /* the estimate has module families */
} SyOdysseyError;

/* One of Odyssey's matrix-multiply designs at one point: C[i][j] +=
 * A[i][k] B[k][j].  Index 0 = i, 1 = j, 2 = k. */
typedef struct {
	guint dataflow; /* 0..5: 1D i, 1D j, 1D k, 2D ij, 2D ik, 2D jk */
	guint order; /* 0..2: tile loops i,k,j / k,j,i / i,j,k */
	gint64 size[3]; /* i, j, k as Odyssey takes them (padded) */
	gint64 original[3]; /* the problem's sizes (0: as size) */
	gint64 t1[3]; /* array partition */
	gint64 t2[3]; /* latency hiding i, j; SIMD k */
} SyOdysseyMm;

#define SY_ODYSSEY_MAX_MODULES 16

/* A module family as Odyssey counts it. */
typedef struct {
	char name[24]; /* "A_IO_L2_in", "PE" */
	int dir; /* 1 input, 0 output, -1 the PE */
	double cycles; /* over the whole problem */
	double single; /* one tile: its prologue or epilogue part */
	double count; /* modules (a double: t2 need not divide t1) */
	double bram18k; /* the count modules together */
	double offchip; /* words moved to and from DRAM */
} SyOdysseyModule;

typedef struct {
	gboolean valid; /* infer_params and bound_check accept it */
	double cycles, prologue, main, epilogue;
	double dsp, bram18k;
	double offchip; /* words */
	/* The inferred pack factors: MM p9 (A), p10 (B), p11, p12 (C);
	 * CONV p14 (cin), p15, p16 (cout), w's; 0 where the design has
	 * none or infer_params found none (no modules then). */
	gint64 pack[4];
	guint n_modules;
	SyOdysseyModule modules[SY_ODYSSEY_MAX_MODULES];
	int bottleneck; /* the module whose cycles are main */
} SyOdysseyResult;

/* Odyssey's numbers for the design at this point, computed even when
 * the point is not valid (as Odyssey's generated functions do). */
gboolean sy_odyssey_mm_evaluate(__isl_keep const SyOdysseyMm *mm,
	__isl_keep SyOdysseyResult *result, GError **error);

/* One of Odyssey's convolution designs at one point:
 * out[o][r][c] += in[i][r + p'][c + q'] w[o][i][p'][q'] over an input
 * channel i and a p x q window.  Index 0 = o, 1 = r, 2 = c, 3 = i. */
typedef struct {
	guint dataflow; /* 0..9: PE dims o, r, c, i, [o,r], [o,c], [o,i],
			   [r,c], [r,i], [c,i] */
	guint order; /* 0..2: tile loops i,r,c,o / o,r,c,i / o,i,r,c */
	gint64 size[4]; /* o, r, c, i as Odyssey takes them (padded) */
	gint64 original[4]; /* the problem's sizes (0: as size) */
	gint64 p, q; /* the window */
	gint64 t1[4]; /* array partition */
	gint64 t2[4]; /* latency hiding o, r, c; SIMD i */
} SyOdysseyConv;

/* CONV: the PE array's loop k (0, 1; o 0, r 1, c 2, i 3) of a
 * dataflow, -1 for a 1D array's second; tile order p's loop at depth
 * l (outer first). */
int sy_odyssey_conv_space(guint dataflow, int k);
int sy_odyssey_conv_order(guint order, int l);

gboolean sy_odyssey_conv_evaluate(__isl_keep const SyOdysseyConv *conv,
	__isl_keep SyOdysseyResult *result, GError **error);
gboolean sy_odyssey_conv_estimate(__isl_keep const SyOdysseyConv *conv,
	__isl_keep SyEstimate *e, GError **error);

/* Fills e from Odyssey's model: model "odyssey", cycles, prologue,
 * steady, epilogue, mhz 300, seconds, ops and gops on the original
 * problem, dsp_efficiency, offchip_bytes (words x 4), bandwidth, one
 * family per Odyssey module with its cycles, first/last, share and
 * resources (DSP on the PE, BRAM18K), the bottleneck and the totals.
 * e must have no modules yet. */
gboolean sy_odyssey_mm_estimate(__isl_keep const SyOdysseyMm *mm,
	__isl_keep SyEstimate *e, GError **error);

G_END_DECLS
