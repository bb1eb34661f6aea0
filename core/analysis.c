#include <string.h>

#include <isl/options.h>

#include "analysis.h"

G_DEFINE_QUARK(sy - analysis - error - quark, sy_analysis_error)

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
 * to continue nothing is printed and the stage checks here instead. */
static gboolean isl_ok(isl_ctx *ctx, GError **error)
{
	if (isl_ctx_last_error(ctx) == isl_error_none)
		return TRUE;
	g_set_error(error, SY_ANALYSIS_ERROR, SY_ANALYSIS_ERROR_INTERNAL,
		"internal error in isl: %s (at %s:%d)",
		isl_ctx_last_error_msg(ctx) ? isl_ctx_last_error_msg(ctx)
					    : "unknown",
		isl_ctx_last_error_file(ctx) ? isl_ctx_last_error_file(ctx)
					     : "?",
		isl_ctx_last_error_line(ctx));
	return FALSE;
}

static SyAnalysis *run(
	SySource *src, const SyAnalysisOptions *options, GError **error)
{
	SyAnalysis *a = g_new0(SyAnalysis, 1);
	SyPreprocessed *pp;
	guint max_dims = options && options->max_dims ? options->max_dims : 2;

	a->max_dims = max_dims;
	pp = sy_preprocess(src, options ? options->defines : NULL,
		options ? options->include_dirs : NULL, error);
	if (!pp)
		goto failed;
	a->prog = sy_program_parse(pp, error);
	if (!a->prog)
		goto failed;
	a->ctx = isl_ctx_alloc();
	isl_options_set_on_error(a->ctx, ISL_ON_ERROR_CONTINUE);
	a->scop = sy_scop_build(a->ctx, a->prog, error);
	if (!a->scop || !isl_ok(a->ctx, error))
		goto failed;
	a->deps = sy_deps_compute(a->scop);
	a->band = sy_band_compute(a->scop, a->deps);
	sy_deps_measure(a->deps, a->band);
	if (!isl_ok(a->ctx, error))
		goto failed;
	a->reasons = g_ptr_array_new_with_free_func(g_free);
	a->legal = sy_dataflow_legal(a->deps, a->band, a->reasons);
	a->candidates = a->legal
		? sy_dataflow_candidates(a->scop, a->deps, a->band, max_dims)
		: g_ptr_array_new();
	if (!isl_ok(a->ctx, error))
		goto failed;
	return a;
failed:
	sy_analysis_free(a);
	return NULL;
}

SyAnalysis *sy_analysis_new_from_file(
	const char *path, const SyAnalysisOptions *options, GError **error)
{
	SySource *src = sy_source_new_from_file(path, error);

	return src ? run(src, options, error) : NULL;
}

SyAnalysis *sy_analysis_new_from_data(const char *path, const char *text,
	gssize len, const SyAnalysisOptions *options, GError **error)
{
	SySource *src = sy_source_new_from_data(path, text, len, error);

	return src ? run(src, options, error) : NULL;
}

typedef struct {
	char *path;
	char *text;
	gssize len;
	GStrv defines;
	GStrv include_dirs;
	guint max_dims;
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
		(const char *const *)job->include_dirs, job->max_dims};
	GError *error = NULL;
	SyAnalysis *a;

	(void)source;
	(void)cancellable;
	a = sy_analysis_new_from_data(
		job->path, job->text, job->len, &options, &error);
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
