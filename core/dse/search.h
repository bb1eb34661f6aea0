/* Design-space exploration: the designs of least latency (cycles, by
 * Systole's model) among every point of a kernel's spaces
 * (dse/space.h) that the HLS backend exports and that fits a budget of
 * the device, proven so by exact branch and bound.
 *
 * The points are grouped by class of sizes (model/form.h's
 * sy_model_form_class_key).  A class's design is built once, the way
 * export builds it (project/export.h): where the HLS backend refuses
 * it, the whole class is left out (the refusals read what the class
 * fixes: the dataflow, the tile order, which loops are tiled, which
 * chains have one, two or more PEs, the SIMD loop; the one refusal that
 * reads a size, a SIMD vector wider than ap_uint's 4,096 bits, is
 * checked per width above 64).  Else its form answers for its points,
 * batched (sy_model_form_points), and the exact path
 * (sy_design_estimate of a design built there) for the points it does
 * not know and for classes that have no form.
 *
 * Bound: a point's steady state takes at least its statements'
 * instances (the most of any statement) over its MAC lanes
 * (sy_dse_space_lanes), each lane running one instance a cycle at
 * best, and at least its L3 modules' loads (sy_dse_bound_steady); the
 * fill and the drain come on top (sy_dse_bound_fill).  Classes and
 * their points go by bound, and a point whose bound is above the
 * incumbent (the top N-th design's cycles) is never evaluated: its
 * cycles cannot beat it.
 * The answer is the least N points by (cycles, point) where points are
 * totally ordered (sy_dse_point_compare), so that the same points come
 * out for any number of threads and any schedule. */
#pragma once

#include <gio/gio.h>

#include "base/own.h"
#include "compute/config.h"
#include "model/device.h"
#include "model/estimate.h"
#include "model/fit.h"
#include "poly/analysis.h"

G_BEGIN_DECLS

/* A new analysis of the kernel, for a thread of its own (isl_ctx is not
 * thread-safe): the same file and options each time, so that the same
 * candidates come out with the same ids. */
typedef __isl_give SyAnalysis *(*SyDseAnalysisNew)(
	gpointer data, GError **error);

typedef struct {
	guint64 points; /* in the spaces */
	guint64 classes, forms; /* classes; those a form answered for */
	guint64 designs; /* designs built with isl: the search's cost */
	guint64 evaluated; /* points whose cycles were computed */
	guint64 fast, exact; /* of those: by a form, by a built design */
	guint64 pruned; /* points the bound left out */
	guint64 refused; /* points the HLS backend refuses */
	guint64 over_budget; /* evaluated, over the budget */
	/* points whose cycles were under their bound, or whose resources
	 * under what their PEs alone take: a bug */
	guint64 violations;
	double incumbent; /* the N-th best score so far, INFINITY */
	double seconds; /* since the search started */
	double eta; /* seconds left, estimated, -1 if unknown */
	/* The least bound (of the objective) of the points neither
	 * evaluated nor pruned yet, INFINITY when none is left; gap: the
	 * incumbent's distance above it in % of the incumbent (0: proven,
	 * -1: unknown, no incumbent yet). */
	double open_bound;
	double gap;
	guint64 pareto_pruned; /* of pruned: those the front's dominance
				  left out, where the top N's bound did too */
	/* of pruned: those the PE's II left out (a class's first design
	 * shows the cycles its PE takes an instance,
	 * sy_latency_ii_work), where the compute bound did not */
	guint64 ii_pruned;
} SyDseStats;

/* What the search minimises (sy_dse_score), ties broken by the point
 * order:
 * - LATENCY: cycles.  Bound: the steady state's (the most instances
 *   of any statement over the MAC lanes, or the L3 modules' loads)
 *   plus the fill's.
 * - THROUGHPUT_PER_DSP: cycles x max(DSPs, 1), the inverse of the
 *   kernel runs a cycle per DSP.  Bound: the cycles' bound x max(lanes
 *   x the DSPs of one lane, 1).
 * - TRAFFIC: off-chip bytes (SyEstimate.offchip_bytes).  Bound: the
 *   compulsory bytes (sy_dse_compulsory_bytes): each element the
 *   kernel writes leaves once, each it reads of an array it does not
 *   write comes in once; the same for every point, so it prunes
 *   nothing until a design meets it, and then every point left.
 * - MIX: w[0] x cycles / C + w[1] x DSPs / D + w[2] x bytes / (B x C),
 *   where C is the most instances of any statement (the cycles of one
 *   lane), D the DSP budget and B the device's off-chip bytes a cycle
 *   (all its banks): weights >= 0, each term 1 at "one lane's time",
 *   "the whole DSP budget" and "one lane's time spent moving data".
 *   Bound: the weighted sum of the cycles', the DSPs' and the
 *   compulsory bytes' bounds. */
typedef enum {
	SY_DSE_LATENCY,
	SY_DSE_THROUGHPUT_PER_DSP,
	SY_DSE_TRAFFIC,
	SY_DSE_MIX,
} SyDseObjective;

typedef void (*SyDseProgress)(
	__isl_keep const SyDseStats *stats, gpointer data);

typedef struct {
	__isl_keep const SyAnalysisOptions *analysis_options; /* export's */
	__isl_keep const char *order; /* one tile order, NULL: every order */
	gint64 pad; /* dse/space.h */
	double budget_fraction; /* of each resource; 0: SY_DEVICE_BUDGET */
	guint top; /* designs kept; 0: 1 */
	guint threads; /* 0: 1 */
	double time_limit; /* seconds; 0: none */
	/* Every point by the exact path, no bound, no form: the brute
	 * force the tests hold the search to. */
	gboolean exhaustive;
	/* Classes with more points than this under the incumbent when a
	 * thread takes them get a form, the others go by the exact path
	 * alone (a form costs its design and its probes' before it
	 * answers); 0: 8. */
	guint form_min;
	SyDseProgress progress; /* called about once a second */
	gpointer progress_data;
	/* Per resource (SyResourceKind), the fraction of the device's
	 * that the designs may take; 0: budget_fraction's. */
	double budget[SY_N_RESOURCES];
	SyDseObjective objective;
	double weights[3]; /* MIX's, >= 0 */
	/* The Pareto front over (cycles, DSPs, BRAM18K) too, into
	 * SyDseResult.pareto. */
	gboolean pareto;
	/* Shard shard of n_shards (0 <= shard < n_shards; 0 0: the whole
	 * search): the classes of index shard mod n_shards in the classes'
	 * fixed order, and the points the budget leaves out before any
	 * class counted in shard 0. */
	guint shard, n_shards;
} SyDseOptions;

/* A design of the answer. */
typedef struct {
	SyConfig *config;
	double cycles;
	SyResources resources;
	gboolean fast; /* evaluated by a form */
	double seconds; /* into the search when it was found */
	double score; /* the objective's value (sy_dse_score) */
	double offchip_bytes; /* NAN where the objective does not read it */
} SyDseDesign;

typedef struct {
	GPtrArray *best; /* SyDseDesign, best first, at most top */
	SyDseStats stats;
	gboolean complete; /* FALSE where the time limit or cancel stopped
			      it */
	/* SyDseDesign: the exact Pareto front over (cycles, DSPs,
	 * BRAM18K) of the exported designs within the budget, one design
	 * per point of the front (the least by the point order), by
	 * (cycles, DSPs, BRAM18K); empty unless options->pareto. */
	GPtrArray *pareto;
} SyDseResult;

/* The search over candidates (guint ids of a's candidates; NULL:
 * every one) of analysis (taken: the first thread's; the others call
 * new_analysis with data), on device.  NULL (error set) where an
 * analysis cannot be made or the order is not one of a dataflow's. */
__isl_give SyDseResult *sy_dse_search(__isl_take SyAnalysis *analysis,
	SyDseAnalysisNew new_analysis, gpointer data,
	__isl_keep const GArray *candidates, __isl_keep const SyDevice *device,
	__isl_keep const SyDseOptions *options, GError **error);
/* The same, stopped by cancellable (may be NULL; cancelled from any
 * thread) as by the time limit: the best found so far, complete FALSE.
 * The one way to stop a search early: the explorer's Cancel and
 * systole-cli explore's Ctrl-C (a GLib signal source) cancel it, each
 * with the search on a thread of its own. */
__isl_give SyDseResult *sy_dse_search_cancellable(
	__isl_take SyAnalysis *analysis, SyDseAnalysisNew new_analysis,
	gpointer data, __isl_keep const GArray *candidates,
	__isl_keep const SyDevice *device,
	__isl_keep const SyDseOptions *options,
	__isl_keep GCancellable *cancellable, GError **error);
void sy_dse_result_free(__isl_take SyDseResult *result);

/* The total order on points: candidate, tile order, tiles, latency
 * factors, SIMD loop, SIMD width (a's order index: order in a's
 * choices' list, compared as the band members it lists). */
int sy_dse_point_compare(
	__isl_keep const SyConfig *a, __isl_keep const SyConfig *b);

/* The objective's value of a design of cycles, resources and
 * offchip bytes (NAN where not read) for options, in a search whose
 * normalisers (MIX's) are instances (the most of any statement) and
 * device: see SyDseObjective. */
double sy_dse_score(__isl_keep const SyDseOptions *options,
	__isl_keep const SyDevice *device, double instances, double cycles,
	__isl_keep const SyResources *resources, double offchip_bytes);

/* The budget the search holds designs to on device: the fractions of
 * options (budget, else budget_fraction, else SY_DEVICE_BUDGET) of what
 * its SLRs leave to the user (sy_device_budget). */
void sy_dse_budget(__isl_keep const SyDseOptions *options,
	__isl_keep const SyDevice *device, __isl_keep SyResources *out);

/* Whether options' objective reads the off-chip bytes. */
gboolean sy_dse_reads_traffic(__isl_keep const SyDseOptions *options);

/* Whether x comes before y on the Pareto front's terms: x dominates y
 * over (cycles, DSPs, BRAM18K), or both have the same three and x's
 * point comes first (y is then not on the front). */
gboolean sy_dse_pareto_beats(
	__isl_keep const SyDseDesign *x, __isl_keep const SyDseDesign *y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyDseResult, sy_dse_result_free)

G_END_DECLS
