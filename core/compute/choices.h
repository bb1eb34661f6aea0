/* What each stage of computation management accepts for one dataflow:
 * the loops array partitioning tiles and the orders of its tile loops,
 * the loops latency hiding may strip-mine, and the loops SIMD may
 * vectorize with their scores.  One call lists them all (no stop and
 * rerun as in AutoSA's manual mode). */
#pragma once

#include "base/own.h"
#include "poly/analysis.h"

G_BEGIN_DECLS

/* The iterations of a loop below the band a statement runs, counted
 * from the first iteration any statement of that loop runs: SIMD splits
 * them into vectors from there. */
typedef struct {
	__isl_keep const SyStmt *stmt;
	gint64 first;
	gint64 count; /* from its first iteration to its last */
} SyLoopSpan;

/* A loop a stage acts on: a band member, or the loops below the band
 * with one name. */
typedef struct {
	char *name;
	gboolean in_band;
	guint member; /* band member index, if in_band */
	GPtrArray *nodes; /* __isl_keep const SyNode *: the FOR nodes, if
			     not */
	guint depth; /* loop depth of those nodes */
	gint64 extent; /* iterations: band range, or inner bounding box */
	gboolean rectangular; /* the same iterations for every instance */
	GArray *spans; /* SyLoopSpan of each statement, if not in_band */
} SyLoopRef;

typedef struct {
	SyLoopRef loop; /* first: a SySimdChoice is a SyLoopRef too */
	gboolean parallel; /* carries no dependence */
	gboolean reduction; /* carries only the reduction of X = X op e */
	gboolean ok; /* parallel or a reduction */
	int score; /* 2 parallel + 4 reduction + stride-0/1 accesses */
	char *reason; /* why not, or NULL */
	GPtrArray *layout; /* char *: accesses that need a layout change */
	gboolean space; /* a space loop (--simd-touch-space): SIMD divides
			   its PEs */
} SySimdChoice;

typedef struct {
	__isl_keep const SyAnalysis *analysis;
	__isl_keep const SyCandidate *candidate;
	GPtrArray *tilable; /* SyLoopRef: the band, space loops first */
	GPtrArray *orders; /* GArray of guint (band members), default first */
	GPtrArray *latency; /* SyLoopRef: parallel band loops, same order */
	GPtrArray *simd; /* SySimdChoice: the PE's time loops, then the
				loops below the band, then (touch_space) the
				space loops */
	guint n_flow; /* band loops that carry flow dependences */
	gboolean touch_space; /* simd ends with the space loops */
} SyChoices;

/* overrides (may be NULL) maps loop names to whether they are reductions,
 * as AutoSA's --simd-info says; "#pragma systole reduction(k)" in the
 * SCoP declares k one too, unless overrides says otherwise.  Other loops'
 * reductions are detected.  The analysis must outlive the choices. */
__isl_give SyChoices *sy_choices_new(__isl_keep const SyAnalysis *analysis,
	__isl_keep const SyCandidate *candidate,
	__isl_keep GHashTable *overrides);
/* The same, and with touch_space the space loops too, last in simd
 * (AutoSA's --simd-touch-space): SIMD on one divides its PEs. */
__isl_give SyChoices *sy_choices_new_touch(
	__isl_keep const SyAnalysis *analysis,
	__isl_keep const SyCandidate *candidate,
	__isl_keep GHashTable *overrides, gboolean touch_space);
void sy_choices_free(__isl_take SyChoices *choices);

#define SY_CHOICES_ERROR (sy_choices_error_quark())
GQuark sy_choices_error_quark(void);

/* How an access moves from one iteration of a loop to the next. */
typedef enum {
	SY_STRIDE_0, /* the same element */
	SY_STRIDE_1, /* the next element */
	SY_STRIDE_PERMUTE, /* the next element of another dimension (*dim):
			      a layout change would make it the next */
	SY_STRIDE_OTHER,
	SY_STRIDE_OUTSIDE, /* its statement is not inside the loop */
} SyStride;

/* The stride of access along loop ref (one of the choices'); *dim is
 * the dimension that moves (SY_STRIDE_PERMUTE). */
SyStride sy_choices_stride(__isl_keep const SyChoices *choices,
	__isl_keep const SyLoopRef *ref, __isl_keep const SyAccess *access,
	int *dim);

/* Elements of array a SIMD PE takes at once: factor if its accesses in
 * the SIMD loop (choice simd, -1 for none) move to the next element,
 * 1 if they stay on one element (or need a layout change). */
guint sy_choices_lanes(__isl_keep const SyChoices *choices, int simd,
	gint64 factor, __isl_keep const SyArray *array);

/* Whether every access of array in the SIMD loop stays on one element
 * (with a factor above 1): all lanes of a vector read the same. */
gboolean sy_choices_lanes_same(__isl_keep const SyChoices *choices, int simd,
	gint64 factor, __isl_keep const SyArray *array);

/* The loop named name among list (of SyLoopRef, or of SySimdChoice),
 * or -1. */
int sy_choices_find(__isl_keep GPtrArray *list, __isl_keep const char *name);

/* "i, j, k" */
__isl_give char *sy_choices_names(__isl_keep GPtrArray *list);

/* A tile order (band members, outermost first) as "i,j,k" with sep
 * between the loops; all the choices' orders as "i,j,k; i,k,j". */
__isl_give char *sy_choices_order_text(__isl_keep const SyChoices *choices,
	__isl_keep const guint *order, __isl_keep const char *sep);
__isl_give char *sy_choices_orders_text(__isl_keep const SyChoices *choices);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyChoices, sy_choices_free)

G_END_DECLS
