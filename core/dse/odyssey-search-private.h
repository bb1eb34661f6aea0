/* What Odyssey's three searches share (dse/odyssey-search.h): the
 * options filled in, one point through Odyssey's model, and the answer
 * kept under a lock. */
#pragma once

#include "dse/odyssey-search.h"
#include "model/odyssey.h"

typedef struct {
	SyDseOdysseyOptions o; /* defaults filled in */
	int n_loops; /* 3 (MM), 4 (CONV): the last is the SIMD's */
	guint n_designs; /* 18, 30 */
	GMutex lock;
	GArray *best; /* SyDseOdysseyDesign, best first */
	double incumbent; /* the top-th best cycles, INFINITY while fewer */
	SyDseOdysseyStats stats;
	gint64 start;
} SyDseOdyssey;

/* o's defaults filled in; FALSE (error set) on sizes under 1 or no
 * design. */
gboolean sy_dse_odyssey_init(__isl_keep SyDseOdyssey *s,
	__isl_keep const SyDseOdysseyOptions *o, GError **error);
/* The answer of s (its best taken), with the time since init. */
__isl_give SyDseOdysseyResult *sy_dse_odyssey_finish(
	__isl_take SyDseOdyssey *s);

/* -1, 0 or 1 as a is below, at or above b: the searches' orders. */
static inline int sy_dse_odyssey_cmp(gint64 a, gint64 b)
{
	return (a > b) - (a < b);
}

gboolean sy_dse_odyssey_has_design(
	__isl_keep const SyDseOdyssey *s, guint dataflow, guint order);

/* Odyssey's model on design d at (t1, t2), each loop padded to whole
 * tiles: d's cycles, DSP, BRAM18K and padded sizes filled in; TRUE
 * where the point is feasible (valid, within the budget). */
gboolean sy_dse_odyssey_eval(
	__isl_keep const SyDseOdyssey *s, __isl_keep SyDseOdysseyDesign *d);

/* A feasible design offered to the answer (under the lock); the
 * incumbent after it. */
double sy_dse_odyssey_offer(
	__isl_keep SyDseOdyssey *s, __isl_keep const SyDseOdysseyDesign *d);

/* The t1 candidates of a loop (paddable: every size up to D and the
 * padded sizes above; else D's divisors), as Odyssey's exhaustive
 * search lists them (ascending). */
__isl_give GArray *sy_dse_odyssey_t1_candidates(gint64 size, gboolean paddable);
/* The divisors of n, ascending. */
__isl_give GArray *sy_dse_odyssey_divisors(gint64 n);

/* A SIMD width bound_check accepts: a power of two up to min(t1, 8). */
gboolean sy_dse_odyssey_simd_ok(gint64 t1, gint64 simd);
/* The PEs' latency hiding where they keep local sums: the t2 of the
 * loops but the last multiply to 8 SIMD lanes at least (MM kernel0,
 * 1, 3; every CONV design). */
gboolean sy_dse_odyssey_hides(__isl_keep const SyDseOdyssey *s, guint dataflow,
	__isl_keep const gint64 *t2);

/* Every point of design d of tiles t1 in t1s (t2 every divisor; the
 * SIMD's only those bound_check accepts where simd_only) through the
 * model, the feasible ones offered; best: the least cycles seen, TRUE
 * where it improved. */
typedef struct {
	SyDseOdyssey *s;
	GArray *t1s[4];
	gboolean simd_only;
	SyDseOdysseyDesign d; /* dataflow and order set */
	double best;
	gboolean improved;
} SyDseOdysseyGrid;

gboolean sy_dse_odyssey_grid_run(__isl_keep SyDseOdysseyGrid *g);

/* The best divisor-only point of design (dataflow, order) of o's
 * problem (odyssey-padding.c), into best; FALSE where none is
 * feasible.  The genetic search's seed. */
gboolean sy_dse_odyssey_divisor_best(__isl_keep const SyDseOdysseyOptions *o,
	guint dataflow, guint order, __isl_keep SyDseOdysseyDesign *best);
