#include <string.h>

#include <isl/options.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

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
	sy_band_free(analysis->loop_band);
	sy_space_time_free(analysis->space_time);
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

/* "(0, 1)" */
static char *vector_text(const gint64 *v, guint n)
{
	GString *out = g_string_new("(");

	for (guint j = 0; j < n; j++)
		g_string_append_printf(
			out, "%s%" G_GINT64_FORMAT, j ? ", " : "", v[j]);
	g_string_append_c(out, ')');
	return g_string_free(out, FALSE);
}

/* The distances under the transform that break it: a time part that
 * is not lexicographically positive (unless the whole distance is 0:
 * the same iteration), or a negative member (not permutable). */
static isl_set *bad_distances(isl_ctx *ctx, guint n, guint n_space)
{
	GString *s = g_string_new("{ [");
	isl_set *set;

	for (guint j = 0; j < n; j++)
		g_string_append_printf(s, "%sd%u", j ? "," : "", j);
	g_string_append(s, "] : ");
	for (guint l = n_space; l < n; l++) {
		g_string_append(s, "(");
		for (guint j = n_space; j < l; j++)
			g_string_append_printf(s, "d%u = 0 and ", j);
		g_string_append_printf(s, "d%u < 0) or ", l);
	}
	for (guint k = 0; k < n_space; k++) {
		g_string_append(s, "(");
		for (guint j = n_space; j < n; j++)
			g_string_append_printf(s, "d%u = 0 and ", j);
		g_string_append_printf(s, "d%u != 0) or ", k);
	}
	for (guint j = 0; j < n; j++)
		g_string_append_printf(
			s, "d%u < 0%s", j, j + 1 < n ? " or " : "");
	g_string_append(s, " }");
	set = isl_set_read_from_str(ctx, s->str);
	g_string_free(s, TRUE);
	return set;
}

/* Why dep breaks the transform, or NULL. */
static char *space_time_culprit(SyAnalysis *a, const SyDep *dep,
	const SyBand *band, const SySpaceTime *st, isl_set *bad)
{
	isl_union_map *rel = isl_union_map_from_map(
		isl_map_copy(dep->relation));
	isl_union_set *deltas;
	isl_set *set, *hit;
	isl_point *pt;
	gint64 d[SY_SPACE_TIME_MAX_LOOPS];
	guint n = st->n_loops, ns = st->n_space;
	gboolean time_zero = TRUE, time_bad = FALSE;
	g_autofree char *pe_time = NULL, *old = NULL, *how = NULL;

	rel = isl_union_map_apply_domain(rel, isl_union_map_copy(band->map));
	rel = isl_union_map_apply_range(rel, isl_union_map_copy(band->map));
	deltas = isl_union_map_deltas(rel);
	set = isl_union_set_extract_set(
		deltas, isl_space_set_alloc(a->ctx, 0, n));
	isl_union_set_free(deltas);
	hit = isl_set_intersect(set, isl_set_copy(bad));
	if (isl_set_is_empty(hit) != isl_bool_false) {
		isl_set_free(hit);
		return NULL;
	}
	pt = isl_set_sample_point(hit);
	for (guint j = 0; j < n; j++) {
		isl_val *v = isl_point_get_coordinate_val(
			pt, isl_dim_set, (int)j);

		d[j] = isl_val_get_num_si(v);
		isl_val_free(v);
	}
	isl_point_free(pt);
	for (guint j = ns; j < n; j++) {
		if (time_zero && d[j] < 0)
			time_bad = TRUE;
		time_zero &= d[j] == 0;
	}
	pe_time = vector_text(d, n);
	old = dep->uniform ? vector_text(dep->distance, dep->depth)
			   : g_strdup(dep->distances);
	how = sy_space_time_describe(st, a->band);
	if (time_zero || time_bad)
		return g_strdup_printf(
			"the %s dependence on '%s' from %s to %s, distance "
			"%s over the loops, would have (space; time) "
			"distance %s under %s: its time distance %s, where it "
			"must be %s (hint: a time row with a positive "
			"coefficient along it)",
			sy_dep_kind_name(dep->kind), dep->source->array->name,
			dep->source->stmt->name, dep->sink->stmt->name, old,
			pe_time, how,
			time_zero ? "is 0 (the sink would run in another PE "
				    "at the same step)"
				  : "runs backwards",
			n - ns > 1 ? "lexicographically positive" : "positive");
	for (guint j = 0; j < n; j++)
		if (d[j] < 0)
			return g_strdup_printf(
				"the %s dependence on '%s' from %s to %s, "
				"distance %s over the loops, would have "
				"distance %" G_GINT64_FORMAT " on '%s' under "
				"%s: every member of the band must keep "
				"dependences non-negative so that it can be "
				"tiled (hint: negate row %u, or add a "
				"multiple of a time row to it)",
				sy_dep_kind_name(dep->kind),
				dep->source->array->name,
				dep->source->stmt->name, dep->sink->stmt->name,
				old, d[j], st->names[j], how, j + 1);
	return NULL;
}

/* The first flow, anti or output dependence the transform breaks. */
static char *space_time_illegal(
	SyAnalysis *a, const SyBand *band, const SySpaceTime *st)
{
	isl_set *bad = bad_distances(a->ctx, st->n_loops, st->n_space);
	char *why = NULL;

	for (guint i = 0; !why && i < a->deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(a->deps->deps, i);

		if (dep->kind == SY_DEP_READ ||
			sy_deps_relaxed(a->deps, dep->kind, dep->source))
			continue;
		why = space_time_culprit(a, dep, band, st, bad);
	}
	isl_set_free(bad);
	return why;
}

gint sy_analysis_space_time_autosa(const SyAnalysis *a, const SySpaceTime *st)
{
	guint space[SY_SPACE_TIME_MAX_SPACE], n = st->n_loops, last = 0;

	if (!st->loop_aligned)
		return -1;
	for (guint r = 0; r < n; r++) {
		const gint64 *row = sy_space_time_row(st, r);
		guint j = 0;

		while (row[j] != 1)
			j++;
		if (r < st->n_space)
			space[r] = j;
		else if (r > st->n_space && j < last)
			return -1;
		last = j;
	}
	for (guint i = 0; i < a->candidates->len; i++) {
		const SyCandidate *c = g_ptr_array_index(a->candidates, i);
		gboolean same = c->n_space == st->n_space;

		for (guint k = 0; same && k < c->n_space; k++)
			same = c->space[k] == space[k];
		if (same)
			return (gint)c->id;
	}
	return -1;
}

/* Read reuse has no direction: a pair the transform runs backwards
 * (the later use first) is turned around, so that every read
 * dependence goes forwards in the new schedule, as the rest of the
 * pipeline expects of it. */
static void turn_reads(SyAnalysis *a, const SyBand *band)
{
	isl_union_map *read = a->deps->read;
	isl_union_set *tagged = isl_union_set_union(
		isl_union_map_domain(isl_union_map_copy(read)),
		isl_union_map_range(isl_union_map_copy(read)));
	isl_union_map *sched = isl_union_map_apply_range(
		isl_union_map_range_factor_domain(
			isl_union_set_identity(tagged)),
		isl_union_map_copy(band->map));
	isl_union_map *back = isl_union_map_lex_gt_union_map(
		isl_union_map_copy(sched), sched);

	back = isl_union_map_intersect(back, isl_union_map_copy(read));
	read = isl_union_map_subtract(read, isl_union_map_copy(back));
	a->deps->read = isl_union_map_union(read, isl_union_map_reverse(back));
}

gboolean sy_analysis_space_time_legal(SyAnalysis *a, const SySpaceTime *st)
{
	SyBand *band = sy_band_transform(a->band, a->scop, a->deps, st->rows,
		(const char *const *)st->names);
	char *why = space_time_illegal(a, band, st);

	sy_band_free(band);
	g_free(why);
	return why == NULL;
}

gboolean sy_analysis_apply_space_time(
	SyAnalysis *a, const char *text, GError **error)
{
	g_autoptr(SySpaceTime) st = NULL;
	SyBand *band;
	char *why;

	g_return_val_if_fail(!a->space_time, FALSE);
	st = sy_space_time_parse(text, a->band, a->scop, error);
	if (!st)
		return FALSE;
	sy_isl_stage_begin(a->ctx);
	st->space_time = sy_analysis_space_time_autosa(a, st);
	band = sy_band_transform(a->band, a->scop, a->deps, st->rows,
		(const char *const *)st->names);
	why = space_time_illegal(a, band, st);
	if (!stage_ok(a, "the space-time transform", error)) {
		g_free(why);
		sy_band_free(band);
		return FALSE;
	}
	if (why) {
		g_set_error_literal(error, SY_SPACE_TIME_ERROR,
			SY_SPACE_TIME_ERROR_ILLEGAL, why);
		g_free(why);
		sy_band_free(band);
		return FALSE;
	}
	turn_reads(a, band);
	a->loop_band = a->band;
	a->band = band;
	a->space_time = g_steal_pointer(&st);
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
