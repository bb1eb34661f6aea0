/* The latency model: the cycles a design's exported code takes, read
 * from the code the HLS backend prints (core/hls/: every module's loops,
 * pragmas and II), per module family and for the whole design.
 *
 * Two steps, so that a closed form can replace the first one:
 *
 * 1. sy_latency_inputs_new reads a design into plain numbers
 *    (SyLatencyInputs): per family its tile loop, the iterations and
 *    pipeline entries of its load part (inter_trans, DRAM burst, pass),
 *    the cycles its compute part (intra_trans, the PE's loops) issues
 *    iterations and spends in pipeline depths per tile, the II each
 *    part achieves and why, the bits its DRAM port moves per tile;
 * 2. sy_latency_eval turns them and a target (clock, DRAM port) into
 *    cycles, allocating nothing.
 *
 * A part of N iterations in E pipelines of initiation interval II and
 * depth D takes N x II + E x D cycles (HLS flattens a perfect nest of
 * loops above a pipelined loop into one pipeline: E counts entries of
 * the flattened nest).  Per tile, a double-buffered module overlaps
 * this tile's load with last tile's compute (max), a single-buffered
 * one adds them.  The design takes prologue (the first tile in: the
 * slowest input family's load of one tile) + steady state (the slowest
 * family: the bottleneck) + epilogue (the last tile out), as Odyssey's
 * model does; where the host launches the kernel once per tile of its
 * outer tile loops (partial results crossing them through DRAM), each
 * launch has its own prologue and epilogue, the steady state running
 * all launches' tiles. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "comm/design.h"
#include "model/estimate.h"
#include "model/tape.h"

G_BEGIN_DECLS

/* The clock and the memory the timing needs. */
typedef struct {
	double mhz; /* kernel clock */
	guint port_bits; /* DRAM/HBM port width: 512 */
	double port_gbps; /* one channel's bandwidth, GB/s */
	guint n_channels; /* channels the device has */
	guint burst_cycles; /* start-up cost of one burst, cycles */
} SyModelTarget;

/* One module family's timing as plain numbers. */
typedef struct {
	gboolean in; /* an input family: its load makes the prologue */
	gboolean out; /* an output family: its load makes the epilogue */
	gboolean buffered; /* load and compute parts (inter/intra_trans) */
	gboolean ping_pong; /* they overlap (max) rather than add */
	/* Tiles its main loop runs; a family without a tile loop (the PE,
	 * a dummy) has one "tile": its whole code. */
	gint64 n_tiles;
	/* One tile's load: iterations and pipeline entries at load_ii, of
	 * depth load_depth; dram_bits the bits its DRAM port moves (0:
	 * no port) in one burst. */
	gint64 load_iters, load_entries;
	guint load_ii, load_depth;
	gint64 dram_bits;
	/* Its compute part per tile: the cycles its pipelined loops
	 * issue iterations (iterations x their II) and those their
	 * depths add (per entry), in SyLatencyInputs.issue and .depth
	 * from compute_at on.  compute_ii is its
	 * slowest pipeline's II, compute_depth its deepest (as reported;
	 * the cycles are issue and depth). */
	gsize compute_at;
	/* Entries from compute_at on: consecutive tiles of equal counts
	 * share one (SyLatencyInputs.times says how many), so a
	 * rectangular tile loop is one entry however many tiles it
	 * runs. */
	gsize compute_runs;
	guint compute_ii, compute_depth;
	char *ii_reason; /* why compute_ii is over 1, NULL at 1 */
} SyLatencyModule;

typedef struct {
	guint n_modules; /* the design's modules, in its order */
	SyLatencyModule *modules;
	gsize n_counts;
	gint64 *issue, *depth; /* per family's tile, see above */
	gint64 *times; /* the consecutive tiles each entry stands for */
	/* Work: the statements' instances (the original problem's once
	 * SyPeStmt counts them, else the padded space's) times their
	 * operations. */
	double ops;
	gboolean flops;
	double instances;
	/* PEs x the statement lanes of the PE's widest pipeline
	 * iteration (SIMD lanes, times the statements one iteration
	 * runs): each a slot a cycle. */
	double slots;
	/* DSPs one lane's MAC takes (dsp_efficiency's yardstick). */
	double dsp_per_mac;
	double offchip_bytes; /* the DRAM ports' words x width */
	/* The kernel's launches (sy_design_kernel_launches), 1 for one:
	 * a product of tile counts, which a form re-sets. */
	gint64 launches;
} SyLatencyInputs;

/* The design's inputs; fails (SY_DESIGN_ERROR) on a design without the
 * modules' code or facts, or with code the model cannot read. */
__isl_give SyLatencyInputs *sy_latency_inputs_new(
	__isl_keep const SyDesign *design, GError **error);
void sy_latency_inputs_free(__isl_take SyLatencyInputs *in);

/* The same inputs counted tile by tile (no closed form for the tile
 * loops): the reference sy_latency_inputs_new's closed forms are tested
 * against (tests/test-fast.c).  Takes time in the tiles. */
__isl_give SyLatencyInputs *sy_latency_inputs_new_by_tile(
	__isl_keep const SyDesign *design, GError **error);

/* sy_latency_inputs_new's inputs, its arithmetic and decisions recorded
 * on tape (model/tape.h): replayed, the tape re-sets the inputs'
 * numbers (the returned ones, which must outlive it) for other sizes. */
__isl_give SyLatencyInputs *sy_latency_inputs_record(
	__isl_keep const SyDesign *design, __isl_keep SyTape *tape,
	GError **error);

/* Whether a and b are the same numbers (each family's, in order, and
 * the design's). */
gboolean sy_latency_inputs_same(__isl_keep const SyLatencyInputs *a,
	__isl_keep const SyLatencyInputs *b);

/* One family's cycles (its whole run), first (one tile's load, input
 * families) and last (output families), as sy_latency_estimate gives
 * them; allocates nothing. */
void sy_latency_eval_module(__isl_keep const SyLatencyInputs *in, guint k,
	__isl_keep const SyModelTarget *target, double *cycles, double *first,
	double *last);

/* sy_latency_eval's numbers, recorded on t where it records (NULL:
 * nothing records): a tape of the reader (sy_latency_inputs_record)
 * followed by this gives the cycles from the sizes.  The bottleneck is
 * not on the tape (the steady state is the slowest's cycles, whichever
 * that is). */
SyReal sy_latency_eval_num(__isl_keep const SyLatencyInputs *in,
	__isl_keep const SyModelTarget *target, __isl_keep SyTape *t,
	__isl_keep SyReal *prologue, __isl_keep SyReal *steady,
	__isl_keep SyReal *epilogue, int *bottleneck);

/* The design's cycles: prologue, steady state, epilogue and the
 * bottleneck's index; allocates nothing. */
double sy_latency_eval(__isl_keep const SyLatencyInputs *in,
	__isl_keep const SyModelTarget *target, double *prologue,
	double *steady, double *epilogue, int *bottleneck);

/* Fills e's timing: cycles, prologue, steady, epilogue, mhz, seconds,
 * ops, flops, gops, dsp_efficiency (from e->total's DSPs, 0 while they
 * are 0), pe_utilisation, offchip_bytes, bandwidth_gbps, bottleneck,
 * and per family cycles, first, last, ii, ii_reason, depth, share
 * (adding the families if e has none yet). */
gboolean sy_latency_estimate(__isl_keep const SyDesign *design,
	__isl_keep const SyModelTarget *target, __isl_keep SyEstimate *e,
	GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyLatencyInputs, sy_latency_inputs_free)

G_END_DECLS
