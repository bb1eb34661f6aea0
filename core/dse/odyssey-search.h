/* Design-space exploration over Odyssey's space with Odyssey's model
 * (model/odyssey.h), for a matrix multiply C[i][j] += A[i][k] B[k][j]
 * (18 designs) or a convolution out[o][r][c] += in[i][r + p][c + q]
 * w[o][i][p][q] (30 designs; loops o, r, c paddable as MM's i and j,
 * i as k, the window p x q never tiled):
 * the exact search (branch and bound, proven), and Odyssey's two
 * heuristics as baselines, padding-based (odyssey-padding.c) and
 * genetic (odyssey-genetic.c).  They run on Odyssey's model only:
 * their spaces are Odyssey's parameters (t1, t2 per loop of its 18
 * designs), not Systole's configurations, so they live here rather
 * than beside dse/search.h.
 *
 * The space (../shared/reference/odyssey.md §5.1), per design
 * kernel<d>_<p> (dataflow d 0..5, tile order p 0..2):
 * - t1 of i and j: 1..D and the padded sizes ceil(D / x) x in (D, 2D);
 *   t1 of k: the divisors of K (k is not padded);
 * - t2 of i and j: every divisor of their t1; the SIMD t2 of k: every
 *   divisor of k's t1 (bound_check keeps powers of two up to 8);
 * - the model takes each loop padded to ceil(D / t1) t1.
 * So a design has S_i S_j S_k points, S_D the sum over the t1
 * candidates of their divisor counts (Odyssey's all_designs: K0 =
 * 128x256x512 has 203,226,705 per design, 3,658,080,690 for 18).
 *
 * A point is feasible where Odyssey's infer_params and bound_check
 * accept it and its DSP and BRAM18K are within the budget (Odyssey's:
 * 70 % of the U250's 12,288 DSP and 5,376 BRAM18K; a design over it is
 * rejected, as Odyssey does, when strictly above).  The answer is the
 * least N feasible points by (cycles, point), points ordered by
 * (dataflow, order, t1 i, j, k, t2 i, j, k), so it is the same for any
 * number of threads.
 *
 * Bounds (each a lower bound on Odyssey's cycles or BRAM18K, checked
 * on every evaluated point: stats.violations counts the points under
 * theirs):
 * - compute: the PE module alone runs N tiles of tau cycles, and N tau
 *   = P_i P_j P_k / lanes, lanes = DSP / 5 (the padded sizes over the
 *   MAC lanes), whatever the design; the feeders of A and B take a
 *   cycle more per tile they run under;
 * - memory: each array's words go through its slowest module that
 *   moves whole tiles (once per iteration of the tile loops the array
 *   runs under), on chip at most at the design's pack cap (4 or 16
 *   words a cycle, A's and B's raised to the SIMD width), to DRAM at
 *   most 16;
 * - the one-tile prologue and epilogue: one tile of the slower input,
 *   one of C (but where C's only module collects it, kernel2_2);
 * - DSP: lanes x 5 over the budget is infeasible without the model;
 *   kernel3_*'s BRAM18K from its inferred pack factors too.
 * Points are grouped by their lanes' factors per loop; groups go by
 * their least bound, and within a group the loops' candidates by
 * padded size, so the compute bound only grows along each loop and a
 * loop stops at the first candidate whose bound is above the
 * incumbent.  A convolution's bounds are the same read off its
 * modules (the window in the PEs' work, cin's halo, w's window, a
 * BRAM18K bound from the PEs' accumulators and per-PE output
 * buffers).  Groups are walked in batches of 4, each with the
 * incumbent of the batches before and its own finds: the points
 * evaluated are the same for any number of threads too. */
#pragma once

#include <glib.h>

#include "base/own.h"

G_BEGIN_DECLS

#define SY_DSE_ODYSSEY_DESIGNS 18
#define SY_DSE_ODYSSEY_CONV_DESIGNS 30

/* Odyssey's two kernels: loops i, j, k (MM) or o, r, c, i (CONV), the
 * last one the reduction, its t2 the SIMD width, not padded. */
typedef enum {
	SY_DSE_ODYSSEY_MM,
	SY_DSE_ODYSSEY_CONV,
} SyDseOdysseyKernel;

/* Odyssey's budget: 70 % of the U250. */
#define SY_DSE_ODYSSEY_DSP (12288 * 0.7)
#define SY_DSE_ODYSSEY_BRAM18K (5376 * 0.7)

typedef struct {
	SyDseOdysseyKernel kernel;
	gint64 size[4]; /* I, J, K (MM); O, R, C, I (CONV) */
	gint64 window[2]; /* CONV: p, q (0: 1) */
	/* Designs searched, bit 3 d + p for kernel<d>_<p>; 0: all 18
	 * (30). */
	guint designs;
	double dsp, bram18k; /* budget; 0: Odyssey's */
	guint top; /* designs kept; 0: 1 */
	guint threads; /* 0: 1 */
	/* Every point through the model, in order, no bound: the brute
	 * force the tests hold the search to. */
	gboolean exhaustive;
	/* Padding-based: threshold (0: 0.5, Odyssey's run_tests'). */
	double threshold;
	/* Genetic: RNG seed, and evaluations per design (0: 20,000). */
	guint32 seed;
	guint64 evaluations;
} SyDseOdysseyOptions;

/* A design of the answer. */
typedef struct {
	guint dataflow, order;
	gint64 t1[4], t2[4]; /* MM: the first three */
	gint64 padded[4]; /* the sizes the model took */
	double cycles, dsp, bram18k;
} SyDseOdysseyDesign;

typedef struct {
	guint64 points; /* in the space searched (all designs) */
	guint64 evaluated; /* points through the model */
	guint64 feasible; /* of those: valid and within the budget */
	guint64 pruned; /* never evaluated: bound, DSP or rules */
	guint64 violations; /* evaluated under their bound: a bug */
	double seconds;
} SyDseOdysseyStats;

typedef struct {
	GArray *best; /* SyDseOdysseyDesign, best first, at most top */
	SyDseOdysseyStats stats;
} SyDseOdysseyResult;

/* The exact search.  NULL (error set) where a size is under 1 or
 * designs names none of the kernel's. */
__isl_give SyDseOdysseyResult *sy_dse_odyssey_search(
	__isl_keep const SyDseOdysseyOptions *options, GError **error);

/* Odyssey's padding-based search (odyssey.md §5.3) over each design,
 * best over the designs, with its stopping rule as Odyssey meant it
 * (a level stops after threshold sqrt(D) padded sizes in a row that
 * improved nothing under it) rather than as its MM branch runs it (no
 * level ever resets: the first ceil(threshold sqrt(D)) sizes of each,
 * whatever they give). */
__isl_give SyDseOdysseyResult *sy_dse_odyssey_padding(
	__isl_keep const SyDseOdysseyOptions *options, GError **error);

/* Odyssey's genetic search (odyssey.md §5.4) over each design,
 * seeded with the design's best divisor-only point (where Odyssey
 * seeds with AMPL/IPOPT's rounded relaxation, itself a divisor point):
 * population 200, 60 elitist parents, crossover per loop, mutation of
 * half the children (a tenth of them random restarts, else a random
 * move 0.2 or a prime factor moved 0.8), stopped after a number of
 * evaluations rather than a time, the RNG seeded: the same answer on
 * every run. */
__isl_give SyDseOdysseyResult *sy_dse_odyssey_genetic(
	__isl_keep const SyDseOdysseyOptions *options, GError **error);

void sy_dse_odyssey_result_free(__isl_take SyDseOdysseyResult *result);

/* The points of one design's space (S_i S_j S_k; S_o S_r S_c S_i). */
guint64 sy_dse_odyssey_count(
	SyDseOdysseyKernel kernel, __isl_keep const gint64 *size);

/* "kernel3_2". */
__isl_give char *sy_dse_odyssey_design_name(
	__isl_keep const SyDseOdysseyDesign *d);
/* AutoSA's --sa-sizes for the design: space_time[d], array_part
 * [t1 i,j,k], latency [t2 i,j], simd [t2 k]; CONV: array_part
 * [t1 o,r,c,i], latency [t2 o,r,c], simd [1,1,t2 i] (AutoSA's SIMD
 * candidates p, q, i, as its published CNN design). */
__isl_give char *sy_dse_odyssey_sa_sizes(
	SyDseOdysseyKernel kernel, __isl_keep const SyDseOdysseyDesign *d);

/* Where (a, b) sort in the answer: cycles, then the point. */
int sy_dse_odyssey_design_compare(__isl_keep const SyDseOdysseyDesign *a,
	__isl_keep const SyDseOdysseyDesign *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyDseOdysseyResult, sy_dse_odyssey_result_free)

G_END_DECLS
