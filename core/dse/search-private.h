/* What the search's threads share (dse/search.c) and what one thread
 * does with a class of points (dse/search-eval.c). */
#pragma once

#include "dse/known.h"
#include "dse/search.h"
#include "dse/space.h"
#include "model/latency.h"

/* A point as a row of numbers: its tile order (index in the choices'
 * list), SIMD loop and width, then the tiles and latency factors per
 * band member. */
enum { ROW_ORDER, ROW_SIMD, ROW_WIDTH, ROW_TILE };
#define SY_DSE_ROW(n) (ROW_TILE + 2 * (n))

/* Points of one class of sizes (sy_model_form_class_key). */
typedef struct {
	guint candidate;
	guint stride; /* SY_DSE_ROW(n_members) */
	GArray *rows; /* gint64, the space's order */
	GArray *bound; /* double per row: the objective's bound */
	/* double per row, two: the bounds of its cycles and its DSPs
	 * (the Pareto front's dominance reads them) */
	GArray *lower;
	GArray *by_bound; /* guint: rows by (bound, row) */
	double min_bound;
	double min_lower[2]; /* the least of lower's, each */
	/* The least of its rows' bounds by their compute alone: the
	 * order classes are taken in (min_bound breaks ties).  The fill
	 * and the memory bounds prune, but the fill favours small tiles,
	 * whose designs are seldom the best, and the memory large ones,
	 * which often exceed the budget: taken by either first, the
	 * search finds good incumbents later (by the fill, at mm 64^3 in
	 * a minute, 1,538 cycles against 1,094; by the memory, at mm
	 * 1024^3, no design in the budget in 240 s). */
	double first;
	/* What its points found (dse/known.h), until merged into the
	 * search's in the classes' order; done once they are all. */
	SyDseKnown *found;
	gboolean done;
} SyDseClass;

/* A class prunes by what the classes at least this many before it
 * found (and by what it finds itself): the same for any number of
 * threads, and a thread waits only where a class took longer than the
 * window's classes after it. */
#define SY_DSE_WINDOW 16

typedef struct {
	GMutex lock;
	const SyDseOptions *o;
	const SyDevice *device;
	SyResources budget;
	SyModelTarget target;
	guint top;
	GPtrArray *classes; /* SyDseClass, by (first, first row) */
	/* double per class: the least min_bound from it on (the open
	 * bound of the classes not taken yet) */
	GArray *rest;
	gint next; /* the next class to take */
	/* The classes before committed are merged into known[committed %
	 * (SY_DSE_WINDOW + 1)], which holds what they found; a class k
	 * starts from known[max(k - SY_DSE_WINDOW, 0) % ...].  moved:
	 * committed has grown, or the search stops. */
	gint committed;
	SyDseKnown *known[SY_DSE_WINDOW + 1];
	GCond moved;
	GPtrArray *best; /* SyDseDesign, best first */
	GPtrArray *pareto; /* SyDseDesign, the front so far, any order */
	GArray *pe; /* SyResources per candidate: a PE of one lane's */
	double instances; /* the most of any statement, 0: unknown */
	double traffic; /* bytes every design moves at least, 0: none */
	/* per thread, the bound of the point it looks at (INFINITY:
	 * none), for the progress' gap */
	double *open;
	guint n_threads;
	SyDseStats stats;
	gint64 start, deadline, reported;
	gboolean stopped; /* the time limit passed, or cancelled */
	GCancellable *cancellable; /* may be NULL */
	GError *error;
} SyDseShared;

/* A thread: its own analysis (isl context) and choices. */
typedef struct {
	SyDseShared *s;
	guint slot; /* in s->open */
	SyAnalysis *analysis;
	GPtrArray *choices; /* per candidate id, NULL until made */
} SyDseWorker;

__isl_keep const SyChoices *sy_dse_worker_choices(
	__isl_keep SyDseWorker *w, guint candidate);

/* The point of row k of cl as a configuration of choices. */
void sy_dse_row_config(__isl_keep const SyDseClass *cl, guint k,
	__isl_keep const SyChoices *choices, __isl_keep SyConfig *config);

/* A point evaluated, of the objective's score: kept among the best and
 * on the front where it fits, counted over the budget where not;
 * whether it fits.  offchip_bytes NAN where not read. */
gboolean sy_dse_offer(__isl_keep SyDseShared *s,
	__isl_keep const SyConfig *config, double score, double cycles,
	__isl_keep const SyResources *resources, double offchip_bytes,
	gboolean fast);

/* The objective's bound at a point whose cycles are at least cycles and
 * DSPs at least dsp (SyDseObjective). */
double sy_dse_score_bound(
	__isl_keep const SyDseShared *s, double cycles, double dsp);

/* Adds to the shared counters (under the lock) and reports progress;
 * FALSE once the time limit passed or the search was cancelled.
 * open: the bound of the point the thread looks at next (INFINITY:
 * none). */
gboolean sy_dse_account(__isl_keep SyDseShared *s, guint slot, double open,
	__isl_keep const SyDseStats *delta);

/* The resources of one PE of one lane, by the resource model on
 * choices' design of one PE without latency hiding or SIMD (all tiles
 * 1), into pe (left 0 where that design is not built: no bound).  Each
 * lane of any PE has the operators of that one's (its DSPs), and a PE
 * of more lanes has at least its control and registers (its LUTs and
 * FFs); tests/test-dse.c holds both to every point it evaluates. */
void sy_dse_pe_resources(__isl_keep SyDseShared *s,
	__isl_keep const SyChoices *choices, __isl_keep SyResources *pe);

/* Evaluates the points of cl whose bound what is known leaves: known
 * holds what the classes of its window found, and what cl's points
 * find is added to it and to cl->found. */
void sy_dse_worker_run(__isl_keep SyDseWorker *w, __isl_keep SyDseClass *cl,
	__isl_keep SyDseKnown *known);
