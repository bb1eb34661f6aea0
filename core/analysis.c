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
