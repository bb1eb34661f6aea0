#include <string.h>

#include <isl/options.h>

#include "poly/analysis.h"

void sy_analysis_free(SyAnalysis *analysis)
{
	if (!analysis)
		return;
	if (analysis->candidates)
		g_ptr_array_unref(analysis->candidates);
	if (analysis->reasons)
		g_ptr_array_unref(analysis->reasons);
	sy_band_free(analysis->band);
	sy_deps_free(analysis->deps);
	sy_scop_free(analysis->scop);
	sy_program_free(analysis->prog);
	isl_ctx_free(analysis->ctx);
	g_free(analysis);
}

/* isl reports a failed operation through the context; with on_error set
 * to continue nothing is printed and each stage checks it instead. */
static gboolean stage_ok(SyAnalysis *a, const char *stage, GError **error)
{
	return sy_isl_stage_check(
		a->ctx, a->prog->pp->main->path, stage, error);
}

static isl_ctx *context_new(const SyAnalysisOptions *options)
{
	isl_ctx *ctx = isl_ctx_alloc();
	guint64 max = options ? options->max_operations : 0;

	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	if (max == 0)
		max = SY_MAX_OPERATIONS_DEFAULT;
	isl_ctx_set_max_operations(ctx,
		max == SY_MAX_OPERATIONS_UNLIMITED ? 0 : (unsigned long)max);
	return ctx;
}

/* Whether the dependences are legal, and the dataflows they allow. */
static gboolean dataflows(SyAnalysis *a, guint max_dims, GError **error)
{
	sy_isl_stage_begin(a->ctx);
	a->reasons = g_ptr_array_new_with_free_func(g_free);
	a->legal = sy_dataflow_legal(a->deps, a->band, a->reasons);
	a->candidates = a->legal
		? sy_dataflow_candidates(a->scop, a->deps, a->band, max_dims)
		: g_ptr_array_new();
	return stage_ok(a, "the dataflows", error);
}

/* isl's band where the source order's is short, in a stage of its own.
 * Out of operations, the scheduler is skipped (its band is a bonus):
 * the source order's band stays, and says so; a cancellation fails. */
static gboolean reschedule(SyAnalysis *a, GError **error)
{
	GError *why = NULL;

	sy_isl_stage_begin(a->ctx);
	a->band = sy_band_reschedule(a->band, a->scop, a->deps);
	if (stage_ok(a, "isl's scheduler", &why)) {
		sy_isl_stage_begin(a->ctx);
		return TRUE;
	}
	if (!g_error_matches(
		    why, SY_ANALYSIS_ERROR, SY_ANALYSIS_ERROR_TOO_COMPLEX)) {
		g_propagate_error(error, why);
		return FALSE;
	}
	g_error_free(why);
	sy_isl_stage_begin(a->ctx);
	sy_band_free(a->band);
	a->band = sy_band_compute(a->scop, a->deps);
	g_free(a->band->source_order);
	a->band->source_order = g_strdup_printf(
		"not asked: it needs more than %lu isl operations",
		isl_ctx_get_max_operations(a->ctx));
	return TRUE;
}

/* The model, the dependences and the dataflows, each a stage with its
 * own budget of isl operations. */
static gboolean model(SyAnalysis *a, guint max_dims, GError **error)
{
	sy_isl_stage_begin(a->ctx);
	a->scop = sy_scop_build(a->ctx, a->prog, error);
	if (!stage_ok(a, "the polyhedral model", error) || !a->scop)
		return FALSE;
	sy_isl_stage_begin(a->ctx);
	a->deps = sy_deps_compute(a->scop);
	if (a->live_range_reordering)
		sy_deps_reorder_live_ranges(a->deps);
	a->band = sy_band_compute(a->scop, a->deps);
	if (a->band->n_members < 2 &&
		(!stage_ok(a, "the dependence analysis", error) ||
			!reschedule(a, error)))
		return FALSE;
	sy_deps_measure(a->deps, a->band);
	if (!stage_ok(a, "the dependence analysis", error))
		return FALSE;
	return dataflows(a, max_dims, error);
}

gboolean sy_analysis_reuse_changed(SyAnalysis *a, GError **error)
{
	sy_isl_stage_begin(a->ctx);
	sy_deps_measure(a->deps, a->band);
	if (!stage_ok(a, "the dependence analysis", error))
		return FALSE;
	g_clear_pointer(&a->reasons, g_ptr_array_unref);
	g_clear_pointer(&a->candidates, g_ptr_array_unref);
	return dataflows(a, a->max_dims, error);
}

gboolean sy_analysis_keep_source_order(SyAnalysis *a, GError **error)
{
	if (!a->band->rescheduled)
		return TRUE;
	sy_isl_stage_begin(a->ctx);
	sy_band_free(a->band);
	a->band = sy_band_compute(a->scop, a->deps);
	a->source_kept = TRUE;
	if (!stage_ok(a, "the dependence analysis", error))
		return FALSE;
	return sy_analysis_reuse_changed(a, error);
}

/* Analyses in ctx, which the analysis owns if it is made; on failure
 * the caller frees it.  Aborting ctx (from another thread) stops it. */
static SyAnalysis *run(SySource *src, const SyAnalysisOptions *options,
	isl_ctx *ctx, GError **error)
{
	SyAnalysis *a = g_new0(SyAnalysis, 1);
	SyPreprocessed *pp;
	guint max_dims = options && options->max_dims ? options->max_dims : 2;

	a->ctx = ctx;
	a->max_dims = max_dims;
	a->max_operations = options ? options->max_operations : 0;
	a->live_range_reordering = options && options->live_range_reordering;
	pp = sy_preprocess(src, options ? options->defines : NULL,
		options ? options->include_dirs : NULL, error);
	if (!pp)
		goto failed;
	a->prog = sy_program_parse(pp, error);
	if (!a->prog || !model(a, max_dims, error))
		goto failed;
	return a;
failed:
	a->ctx = NULL;
	sy_analysis_free(a);
	return NULL;
}

static SyAnalysis *run_or_free(SySource *src, const SyAnalysisOptions *options,
	isl_ctx *ctx, GError **error)
{
	SyAnalysis *a = run(src, options, ctx, error);

	if (!a)
		isl_ctx_free(ctx);
	return a;
}

SyAnalysis *sy_analysis_new_from_file(
	const char *path, const SyAnalysisOptions *options, GError **error)
{
	SySource *src = sy_source_new_from_file(path, error);

	return src ? run_or_free(src, options, context_new(options), error)
		   : NULL;
}

SyAnalysis *sy_analysis_new_from_data(const char *path, const char *text,
	gssize len, const SyAnalysisOptions *options, GError **error)
{
	return sy_analysis_new_cancellable(
		path, text, len, options, NULL, error);
}

SyAnalysis *sy_analysis_new_cancellable(const char *path, const char *text,
	gssize len, const SyAnalysisOptions *options, GCancellable *cancellable,
	GError **error)
{
	SySource *src = sy_source_new_from_data(path, text, len, error);
	isl_ctx *ctx;
	gulong id;
	SyAnalysis *a;

	if (!src)
		return NULL;
	/* The handler may run in another thread while the analysis does:
	 * the context is freed (with a failed analysis) only after the
	 * disconnection, which waits for it. */
	ctx = context_new(options);
	id = sy_isl_cancel_connect(ctx, cancellable);
	a = run(src, options, ctx, error);
	sy_isl_cancel_disconnect(cancellable, id);
	if (!a)
		isl_ctx_free(ctx);
	return a;
}

const char *sy_analysis_path(const SyAnalysis *analysis)
{
	return analysis->prog->pp->main->path;
}

typedef struct {
	char *path;
	char *text;
	gssize len;
	GStrv defines;
	GStrv include_dirs;
	guint max_dims;
	guint64 max_operations;
	gboolean live_range_reordering;
} Job;

static void job_free(gpointer data)
{
	Job *job = data;

	g_free(job->path);
	g_free(job->text);
	g_strfreev(job->defines);
	g_strfreev(job->include_dirs);
	g_free(job);
}

static void analyse_in_thread(
	GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
	Job *job = data;
	SyAnalysisOptions options = {(const char *const *)job->defines,
		(const char *const *)job->include_dirs, job->max_dims,
		job->max_operations, job->live_range_reordering};
	GError *error = NULL;
	SyAnalysis *a;

	(void)source;
	a = sy_analysis_new_cancellable(
		job->path, job->text, job->len, &options, cancellable, &error);
	if (a)
		g_task_return_pointer(
			task, a, (GDestroyNotify)sy_analysis_free);
	else
		g_task_return_error(task, error);
}

void sy_analysis_new_async(const char *path, const char *text, gssize len,
	const SyAnalysisOptions *options, GCancellable *cancellable,
	GAsyncReadyCallback callback, gpointer user_data)
{
	GTask *task = g_task_new(NULL, cancellable, callback, user_data);
	Job *job = g_new0(Job, 1);

	job->path = g_strdup(path);
	job->len = len < 0 ? (gssize)strlen(text) : len;
	job->text = g_strndup(text, (gsize)job->len);
	if (options) {
		job->defines = g_strdupv((GStrv)options->defines);
		job->include_dirs = g_strdupv((GStrv)options->include_dirs);
		job->max_dims = options->max_dims;
		job->max_operations = options->max_operations;
		job->live_range_reordering = options->live_range_reordering;
	}
	g_task_set_source_tag(task, sy_analysis_new_async);
	g_task_set_task_data(task, job, job_free);
	g_task_run_in_thread(task, analyse_in_thread);
	g_object_unref(task);
}

SyAnalysis *sy_analysis_new_finish(GAsyncResult *result, GError **error)
{
	g_return_val_if_fail(g_task_is_valid(result, NULL), NULL);
	return g_task_propagate_pointer(G_TASK(result), error);
}
