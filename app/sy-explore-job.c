#include <string.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "dse/space.h"
#include "model/device.h"
#include "sy-explore-job.h"

/* The request, copied: what the job's threads read. */
typedef struct {
	char *path, *text;
	gsize len;
	SyAnalysisOptions options;
	char *device;
	GArray *candidates; /* NULL: every dataflow */
	guint top, threads;
	double time_limit;
	/* Progress: where and to whom. */
	GMainContext *context;
	GObject *source;
	GCancellable *cancellable; /* the search's, named to progress */
	SyExploreProgress progress;
} Job;

static Job *job_new(const SyExploreRequest *r)
{
	Job *j = g_new0(Job, 1);

	j->path = g_strdup(r->path);
	j->len = r->len < 0 ? strlen(r->text) : (gsize)r->len;
	j->text = g_strndup(r->text, j->len);
	if (r->options) {
		j->options.max_dims = r->options->max_dims;
		j->options.max_operations = r->options->max_operations;
		j->options.live_range_reordering =
			r->options->live_range_reordering;
	}
	j->device = g_strdup(r->device ? r->device : "u250");
	if (r->candidates) {
		j->candidates = g_array_sized_new(
			FALSE, FALSE, sizeof(guint), r->candidates->len);
		g_array_append_vals(
			j->candidates, r->candidates->data, r->candidates->len);
	}
	j->top = MAX(r->top, 1);
	j->threads = MAX(r->threads, 1);
	j->time_limit = r->time_limit;
	return j;
}

static void job_free(Job *j)
{
	g_free(j->path);
	g_free(j->text);
	g_free(j->device);
	if (j->candidates)
		g_array_unref(j->candidates);
	if (j->context)
		g_main_context_unref(j->context);
	g_clear_object(&j->cancellable);
	g_free(j);
}

/* The kernel analysed again, for a search thread of its own. */
static SyAnalysis *kernel_new(gpointer data, GError **error)
{
	const Job *j = data;

	return sy_analysis_new_from_data(
		j->path, j->text, (gssize)j->len, &j->options, error);
}

/* Progress */

typedef struct {
	GObject *source;
	GCancellable *cancellable;
	SyExploreProgress progress;
	SyDseStats stats;
} Report;

static gboolean report_idle(gpointer data)
{
	Report *r = data;

	r->progress(r->source, r->cancellable, &r->stats);
	return G_SOURCE_REMOVE;
}

static void report_free(gpointer data)
{
	Report *r = data;

	g_object_unref(r->source);
	g_clear_object(&r->cancellable);
	g_free(r);
}

/* On a search thread, under the search's lock: a copy of the counts
 * to the main context, with a reference to the source (released
 * there). */
static void progress(const SyDseStats *stats, gpointer data)
{
	const Job *j = data;
	Report *r;

	if (!j->progress || !j->context)
		return;
	r = g_new(Report, 1);
	r->source = g_object_ref(j->source);
	r->cancellable = j->cancellable ? g_object_ref(j->cancellable) : NULL;
	r->progress = j->progress;
	r->stats = *stats;
	g_main_context_invoke_full(
		j->context, G_PRIORITY_DEFAULT, report_idle, r, report_free);
}

/* Designs */

static SyExploreDesign *design_new(
	const SyAnalysis *a, const SyDseDesign *d, guint rank)
{
	const SyCandidate *cand = g_ptr_array_index(
		a->candidates, d->config->candidate);
	g_autoptr(SyChoices) c = sy_choices_new(a, cand, NULL);
	SyExploreDesign *e = g_new0(SyExploreDesign, 1);

	e->config = sy_config_copy(d->config);
	e->cycles = d->cycles;
	e->resources = d->resources;
	e->fast = d->fast;
	e->rank = rank;
	e->dataflow = sy_config_to_space(c);
	e->order = sy_choices_order_text(c, d->config->order, ",");
	e->sizes = sy_config_to_sizes(d->config, c);
	e->sa_sizes = sy_config_to_sa_sizes(d->config, c);
	e->flags = sy_config_to_flags(d->config, c);
	return e;
}

static void design_free(gpointer data)
{
	SyExploreDesign *e = data;

	sy_config_free(e->config);
	g_free(e->dataflow);
	g_free(e->order);
	g_free(e->sizes);
	g_free(e->sa_sizes);
	g_free(e->flags);
	g_free(e);
}

/* designs' (SyDseDesign) that out does not hold yet (by their points)
 * appended to out, in their order. */
static void add_new(GPtrArray *out, const GPtrArray *designs)
{
	for (guint i = 0; designs && i < designs->len; i++) {
		const SyDseDesign *d = g_ptr_array_index(designs, i);
		gboolean held = FALSE;

		for (guint k = 0; k < out->len && !held; k++) {
			const SyDseDesign *o = g_ptr_array_index(out, k);

			held = sy_dse_point_compare(o->config, d->config) == 0;
		}
		if (!held)
			g_ptr_array_add(out, (gpointer)d);
	}
}

/* The designs to plot (borrowed from res): the best first (the table's
 * ranks are their places), then the others of the Pareto front. */
static GPtrArray *plotted(const SyDseResult *res)
{
	GPtrArray *out = g_ptr_array_new();

	add_new(out, res->best);
	add_new(out, res->pareto);
	return out;
}

static SyExploreResult *result_of(const Job *j, const SyAnalysis *a,
	const SyDevice *device, const SyDseOptions *so, const SyDseResult *res,
	GCancellable *cancellable)
{
	SyExploreResult *out = g_new0(SyExploreResult, 1);
	g_autoptr(GPtrArray) plot = plotted(res);

	out->designs = g_ptr_array_new_with_free_func(design_free);
	for (guint i = 0; i < plot->len; i++) {
		const SyDseDesign *d = g_ptr_array_index(plot, i);
		guint rank = i < res->best->len &&
				d == g_ptr_array_index(res->best, i)
			? i + 1
			: 0;

		g_ptr_array_add(out->designs, design_new(a, d, rank));
		if (rank)
			out->n_best = rank;
	}
	out->stats = res->stats;
	out->cancelled = g_cancellable_is_cancelled(cancellable);
	out->complete = res->complete && !out->cancelled;
	out->device = g_strdup(j->device);
	out->max_dims = a->max_dims;
	out->live_range_reordering = a->live_range_reordering;
	sy_dse_budget(so, device, &out->budget);
	return out;
}

static SyExploreResult *search(
	const Job *j, GCancellable *cancellable, GError **error)
{
	g_autoptr(SyAnalysis) a = kernel_new((gpointer)j, error);
	g_autoptr(SyDevice) device = NULL;
	g_autoptr(SyDseResult) res = NULL;
	g_autoptr(GArray) all = NULL;
	SyDseOptions so = {
		.analysis_options = &j->options,
		.top = j->top,
		.threads = j->threads,
		.time_limit = j->time_limit,
		.progress = progress,
		.progress_data = (gpointer)j,
		/* The plot's dots: the exact front as well as the best. */
		.pareto = TRUE,
	};
	SyAnalysis *first;

	if (!a || !(device = sy_device_lookup(j->device, error)))
		return NULL;
	if (!j->candidates) {
		all = g_array_new(FALSE, FALSE, sizeof(guint));
		for (guint i = 0; i < a->candidates->len; i++)
			g_array_append_val(all, i);
	}
	if (!(first = kernel_new((gpointer)j, error)))
		return NULL;
	res = sy_dse_search_cancellable(first, kernel_new, (gpointer)j,
		j->candidates ? j->candidates : all, device, &so, cancellable,
		error);
	return res ? result_of(j, a, device, &so, res, cancellable) : NULL;
}

SyExploreResult *sy_explore_job_search(const SyExploreRequest *request,
	GCancellable *cancellable, GError **error)
{
	Job *j = job_new(request);
	SyExploreResult *out = search(j, cancellable, error);

	job_free(j);
	return out;
}

/* Search threads not returned yet, in every window. */
static gint threads;

/* The search's first thread, a thread of its own below the main
 * thread (nice 10, which the search's other threads inherit: Linux
 * nices threads one by one), so that with the search on every core the
 * main loop still gets a CPU first; GLib's shared pool is not niced, as
 * an unprivileged thread cannot take its priority back. */
static gpointer thread_main(gpointer data)
{
	GTask *task = data;
	GError *error = NULL;
	SyExploreResult *out;

#ifdef __linux__
	setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 10);
#endif
	out = search(g_task_get_task_data(task), g_task_get_cancellable(task),
		&error);
	if (out)
		g_task_return_pointer(
			task, out, (GDestroyNotify)sy_explore_result_free);
	else
		g_task_return_error(task, error);
	g_object_unref(task);
	g_atomic_int_dec_and_test(&threads);
	return NULL;
}

guint sy_explore_job_count(void)
{
	return (guint)g_atomic_int_get(&threads);
}

void sy_explore_job_run(GObject *source, const SyExploreRequest *request,
	SyExploreProgress progress_fn, GCancellable *cancellable,
	GAsyncReadyCallback callback, gpointer user_data)
{
	GTask *task = g_task_new(source, cancellable, callback, user_data);
	Job *j = job_new(request);

	j->context = g_main_context_ref_thread_default();
	j->source = source;
	j->cancellable = cancellable ? g_object_ref(cancellable) : NULL;
	j->progress = progress_fn;
	g_task_set_source_tag(task, sy_explore_job_run);
	/* A cancelled search still returns what it found. */
	g_task_set_check_cancellable(task, FALSE);
	g_task_set_task_data(task, j, (GDestroyNotify)job_free);
	g_atomic_int_inc(&threads);
	g_thread_unref(g_thread_new("explore", thread_main, task));
}

SyExploreResult *sy_explore_job_finish(GAsyncResult *result, GError **error)
{
	return g_task_propagate_pointer(G_TASK(result), error);
}

void sy_explore_result_free(SyExploreResult *result)
{
	if (!result)
		return;
	g_ptr_array_unref(result->designs);
	g_free(result->device);
	g_free(result);
}
