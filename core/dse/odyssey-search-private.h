/* What Odyssey's three searches share (dse/odyssey-search.h): the
 * options filled in, one point through Odyssey's model, and the answer
 * kept under a lock. */
#pragma once

#include "dse/odyssey-search.h"
#include "model/odyssey.h"

typedef struct {
	SyDseOdysseyOptions o; /* defaults filled in */
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

/* The t1 candidates of loop dim (0 i, 1 j paddable; 2 k divisors), as
 * Odyssey's exhaustive search lists them (ascending). */
__isl_give GArray *sy_dse_odyssey_t1_candidates(gint64 size, int dim);
/* The divisors of n, ascending. */
__isl_give GArray *sy_dse_odyssey_divisors(gint64 n);

/* The best divisor-only point of design (dataflow, order) of o's
 * problem (odyssey-padding.c), into best; FALSE where none is
 * feasible.  The genetic search's seed. */
gboolean sy_dse_odyssey_divisor_best(__isl_keep const SyDseOdysseyOptions *o,
	guint dataflow, guint order, __isl_keep SyDseOdysseyDesign *best);
