/* isl computations on user input, in stages, each under a limit.
 *
 * isl counts the elementary operations it performs in a context; with
 * isl_ctx_set_max_operations every call that needs one more after the
 * limit fails (returns NULL or an error value), and isl_ctx_abort from another thread makes
 * every later call fail the same way.  So a stage (the dependence
 * analysis, the PE array, the I/O network, the HLS project...) begins
 * with its own budget and ends by asking the context whether anything
 * failed: results built from failed calls are thrown away and the
 * failure becomes one precise GError. */
#pragma once

#include <gio/gio.h>
#include <isl/ctx.h>

#include "base/own.h"

G_BEGIN_DECLS

/* What sy_isl_stage_check reports when isl fails, for every stage from
 * the analysis on (the name is the analysis's, where it began). */
#define SY_ANALYSIS_ERROR (sy_analysis_error_quark())

typedef enum {
	SY_ANALYSIS_ERROR_INTERNAL, /* isl failed: a bug, not the input */
	SY_ANALYSIS_ERROR_TOO_COMPLEX, /* a stage needs more isl operations
					  than max_operations allows */
} SyAnalysisError;

GQuark sy_analysis_error_quark(void);

/* The default limit per stage.  The largest stage of every example,
 * test kernel and sweep kernel needs at most 1/35 of it (README,
 * "Limits"). */
#define SY_MAX_OPERATIONS_DEFAULT ((guint64)30000000)
/* SyAnalysisOptions.max_operations for no limit at all. */
#define SY_MAX_OPERATIONS_UNLIMITED G_MAXUINT64

/* An isl_size as a count: 0 where isl failed (-1), which a cast to an
 * unsigned type would make a loop of four billion steps. */
static inline guint sy_isl_size(isl_size n)
{
	return n < 0 ? 0 : (guint)n;
}

/* A fresh budget for the stage that starts. */
void sy_isl_stage_begin(__isl_keep isl_ctx *ctx);

/* TRUE if no isl call failed since the last check.  Otherwise the
 * failure replaces whatever *error holds (a stage that worked on failed
 * results may have made up a reason of its own), the context's error is
 * cleared for the next stage, and FALSE is returned:
 * - the limit was reached: SY_ANALYSIS_ERROR_TOO_COMPLEX, "PATH: error:
 *   the analysis is too complex: it needs more than N isl operations
 *   (in STAGE)";
 * - isl_ctx_abort was called: G_IO_ERROR_CANCELLED;
 * - anything else: SY_ANALYSIS_ERROR_INTERNAL, isl's own message. */
gboolean sy_isl_stage_check(__isl_keep isl_ctx *ctx,
	__isl_keep const char *path, __isl_keep const char *stage,
	GError **error);

/* Runs isl_ctx_abort on ctx when cancellable is cancelled (at once if it
 * already is).  ctx must outlive the connection: call
 * sy_isl_cancel_disconnect, which waits for a running handler, before
 * freeing it.  Returns the handler id (0 without a cancellable). */
gulong sy_isl_cancel_connect(
	__isl_keep isl_ctx *ctx, __isl_keep GCancellable *cancellable);
void sy_isl_cancel_disconnect(__isl_keep GCancellable *cancellable, gulong id);

G_END_DECLS
