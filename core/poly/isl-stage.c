#include <isl/val.h>

#include "poly/isl-stage.h"

G_DEFINE_QUARK(sy - analysis - error - quark, sy_analysis_error)

void sy_isl_stage_begin(isl_ctx *ctx)
{
	isl_ctx_reset_operations(ctx);
}

/* Whether the limit is what stopped isl: the operation that reached it
 * failed with isl_error_quota.  The last error may be another (calls
 * on the NULL results may report errors of their own): then a new
 * value that fails the same way tells, where isl counts allocations. */
static gboolean out_of_operations(isl_ctx *ctx)
{
	isl_val *probe;
	gboolean out;

	if (isl_ctx_last_error(ctx) == isl_error_quota) {
		isl_ctx_reset_error(ctx);
		return TRUE;
	}
	isl_ctx_reset_error(ctx);
	probe = isl_val_zero(ctx);
	out = !probe && isl_ctx_last_error(ctx) == isl_error_quota;
	isl_val_free(probe);
	isl_ctx_reset_error(ctx);
	return out;
}

gboolean sy_isl_stage_check(
	isl_ctx *ctx, const char *path, const char *stage, GError **error)
{
	g_autofree char *what = NULL;

	if (!isl_ctx_aborted(ctx) && isl_ctx_last_error(ctx) == isl_error_none)
		return TRUE;
	g_clear_error(error);
	if (isl_ctx_aborted(ctx)) {
		isl_ctx_reset_error(ctx);
		g_set_error(error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
			"%s: the analysis was cancelled (in %s)", path, stage);
		return FALSE;
	}
	what = g_strdup_printf("%s (at %s:%d)",
		isl_ctx_last_error_msg(ctx) ? isl_ctx_last_error_msg(ctx)
					    : "unknown",
		isl_ctx_last_error_file(ctx) ? isl_ctx_last_error_file(ctx)
					     : "?",
		isl_ctx_last_error_line(ctx));
	if (out_of_operations(ctx))
		g_set_error(error, SY_ANALYSIS_ERROR,
			SY_ANALYSIS_ERROR_TOO_COMPLEX,
			"%s: error: the analysis is too complex: it needs "
			"more than %lu isl operations (in %s)",
			path, isl_ctx_get_max_operations(ctx), stage);
	else
		g_set_error(error, SY_ANALYSIS_ERROR,
			SY_ANALYSIS_ERROR_INTERNAL,
			"internal error in isl: %s (in %s)", what, stage);
	return FALSE;
}

/* In the thread that cancels; isl only sets a flag that the worker's
 * next operation reads. */
static void abort_ctx(GCancellable *cancellable, gpointer ctx)
{
	(void)cancellable;
	isl_ctx_abort(ctx);
}

gulong sy_isl_cancel_connect(isl_ctx *ctx, GCancellable *cancellable)
{
	if (!cancellable)
		return 0;
	return g_cancellable_connect(
		cancellable, G_CALLBACK(abort_ctx), ctx, NULL);
}

void sy_isl_cancel_disconnect(GCancellable *cancellable, gulong id)
{
	if (cancellable && id)
		g_cancellable_disconnect(cancellable, id);
}
