/* Explore (issue 14): core/dse/search.h's search of a kernel's design
 * space, run as a GTask on a thread of its own (at nice 10, below the
 * main thread) for the explorer, GLib and GIO only.
 *
 * The job takes plain data (the kernel's text and path, its analysis
 * options' numbers, the device's name, the dataflows, how many designs)
 * and analyses the text again in isl contexts of its own, one per
 * search thread (sy-pipeline.h's threading rule).  The designs come
 * back as plain data too (SyConfig, numbers, texts), which the main
 * thread reads without isl.  Progress reaches the main context the job
 * was started from, about once a second; cancelling stops the search
 * where it is, with the best designs found so far. */
#pragma once

#include <gio/gio.h>

#include "compute/config.h"
#include "dse/search.h"
#include "model/estimate.h"
#include "poly/analysis.h"

G_BEGIN_DECLS

typedef struct {
	SyConfig *config; /* its dataflow: config->candidate */
	double cycles;
	SyResources resources;
	gboolean fast; /* evaluated by a form */
	guint rank; /* 1 for the best; 0: not among the best */
	char *dataflow; /* the space loops, "i,j" (explore --json's) */
	char *order; /* the tile order, "i,j,k" */
	/* "order i,j,k; tiles i=4,j=2,k=2; latency j=2; simd k=2" */
	char *sizes;
	char *sa_sizes; /* AutoSA's --sa-sizes */
	char *flags; /* systole-cli's size options */
} SyExploreDesign;

typedef struct {
	/* SyExploreDesign: the best first (rank 1 to n_best), then the
	 * other designs plotted (sy_explore_job's plotted()). */
	GPtrArray *designs;
	guint n_best;
	SyDseStats stats;
	gboolean complete; /* proven: not cancelled, no time limit */
	gboolean cancelled;
	char *device;
	SyResources budget; /* the search's (sy_dse_budget) */
	/* The analysis options' numbers it ran with: with the text, what
	 * makes the dataflows' ids the search's. */
	guint max_dims;
	gboolean live_range_reordering;
} SyExploreResult;

typedef struct {
	const char *path; /* names the kernel in messages */
	const char *text;
	gssize len;
	/* Their numbers only: the explorer sets no -D or -I. */
	const SyAnalysisOptions *options;
	const char *device;
	const GArray *candidates; /* guint ids; NULL: every dataflow */
	guint top, threads; /* 0: 1 */
	double time_limit; /* seconds, 0: none */
} SyExploreRequest;

/* Called on the main context the job was started from with the
 * search's counts, about once a second: source is the job's (alive
 * while it runs), cancellable the one it was started with (a report of
 * an older search may come after a newer one started). */
typedef void (*SyExploreProgress)(
	GObject *source, GCancellable *cancellable, const SyDseStats *stats);

/* Starts the search of request (copied) on a worker thread; callback
 * with source (referenced until then) once it ends. */
void sy_explore_job_run(GObject *source, const SyExploreRequest *request,
	SyExploreProgress progress, GCancellable *cancellable,
	GAsyncReadyCallback callback, gpointer user_data);
/* The result (give), or NULL with error where the kernel does not
 * analyse, the device is unknown or the search fails.  A cancelled
 * search gives what it found (cancelled TRUE). */
SyExploreResult *sy_explore_job_finish(GAsyncResult *result, GError **error);

/* Search threads still running, in every window (main.c waits for
 * them before the process exits). */
guint sy_explore_job_count(void);

/* The same, on the calling thread (tests, systole-cli parity). */
SyExploreResult *sy_explore_job_search(const SyExploreRequest *request,
	GCancellable *cancellable, GError **error);

void sy_explore_result_free(SyExploreResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyExploreResult, sy_explore_result_free)

G_END_DECLS
