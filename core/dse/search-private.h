/* What the search's threads share (dse/search.c) and what one thread
 * does with a class of points (dse/search-eval.c). */
#pragma once

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
	GArray *bound; /* double per row */
	GArray *by_bound; /* guint: rows by (bound, row) */
	double min_bound;
} SyDseClass;

typedef struct {
	GMutex lock;
	const SyDseOptions *o;
	const SyDevice *device;
	SyResources budget;
	SyModelTarget target;
	guint top;
	GPtrArray *classes; /* SyDseClass, by (min_bound, first row) */
	gint next; /* the next class to take */
	GPtrArray *best; /* SyDseDesign, best first */
	GArray *pe; /* SyResources per candidate: a PE of one lane's */
	SyDseStats stats;
	gint64 start, deadline, reported;
	gboolean stopped; /* the time limit passed, or cancelled */
	GCancellable *cancellable; /* may be NULL */
	GError *error;
} SyDseShared;

/* A thread: its own analysis (isl context) and choices. */
typedef struct {
	SyDseShared *s;
	SyAnalysis *analysis;
	GPtrArray *choices; /* per candidate id, NULL until made */
} SyDseWorker;

__isl_keep const SyChoices *sy_dse_worker_choices(
	__isl_keep SyDseWorker *w, guint candidate);

/* The point of row k of cl as a configuration of choices. */
void sy_dse_row_config(__isl_keep const SyDseClass *cl, guint k,
	__isl_keep const SyChoices *choices, __isl_keep SyConfig *config);

/* The N-th best cycles so far (INFINITY while fewer). */
double sy_dse_incumbent(__isl_keep SyDseShared *s);

/* A point evaluated: counted, kept among the best where it fits. */
void sy_dse_offer(__isl_keep SyDseShared *s, __isl_keep const SyConfig *config,
	double cycles, __isl_keep const SyResources *resources, gboolean fast);

/* Adds to the shared counters (under the lock) and reports progress;
 * FALSE once the time limit passed. */
gboolean sy_dse_account(
	__isl_keep SyDseShared *s, __isl_keep const SyDseStats *delta);

/* The resources of one PE of one lane, by the resource model on
 * choices' design of one PE without latency hiding or SIMD (all tiles
 * 1), into pe (left 0 where that design is not built: no bound).  Each
 * lane of any PE has the operators of that one's (its DSPs), and a PE
 * of more lanes has at least its control and registers (its LUTs and
 * FFs); tests/test-dse.c holds both to every point it evaluates. */
void sy_dse_pe_resources(__isl_keep SyDseShared *s,
	__isl_keep const SyChoices *choices, __isl_keep SyResources *pe);

/* Evaluates the points of cl whose bound the incumbent leaves. */
void sy_dse_worker_run(__isl_keep SyDseWorker *w, __isl_keep SyDseClass *cl);
