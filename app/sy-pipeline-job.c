#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "compute/codegen.h"
#include "sy-estimate-job.h"
#include "sy-pipeline-job.h"
#include "sy-sizes.h"
#include "sy-transform-rows.h"

/* Results */

static void result_clear(gpointer data)
{
	SyPipelineResult *r = data;

	/* Everything below the analysis lives in its context. */
	g_clear_pointer(&r->forms, g_ptr_array_unref);
	g_clear_pointer(&r->transforms, g_ptr_array_unref);
	g_clear_error(&r->space_time_error);
	g_free(r->movement);
	sy_device_free(r->device);
	sy_estimate_free(r->estimate);
	g_clear_error(&r->estimate_error);
	g_clear_pointer(&r->survey, g_array_unref);
	sy_design_free(r->design);
	sy_pe_array_free(r->pe_array);
	sy_choices_free(r->choices);
	sy_analysis_free(r->analysis);
	sy_config_free(r->config);
	g_free(r->loop_nest);
	sy_design_options_clear(&r->design_options);
	g_clear_error(&r->error);
	g_strfreev(r->defines);
	g_strfreev(r->include_dirs);
}

SyPipelineResult *sy_pipeline_result_ref(SyPipelineResult *r)
{
	return r ? g_rc_box_acquire(r) : NULL;
}

void sy_pipeline_result_unref(SyPipelineResult *r)
{
	if (r)
		g_rc_box_release_full(r, result_clear);
}

/* The worker */

static void job_free(gpointer data)
{
	SyPipelineJob *job = data;

	g_free(job->path);
	g_free(job->text);
	g_strfreev(job->defines);
	g_strfreev(job->include_dirs);
	sy_config_free(job->config);
	g_hash_table_unref(job->sizes);
	sy_design_options_clear(&job->design_options);
	g_free(job->device);
	g_free(job->space_time);
	g_free(job);
}

/* The dataflow to show first: the first 2D array, the one architects
 * look at first, else the first. */
static int first_choice(const SyAnalysis *a)
{
	for (guint i = 0; i < a->candidates->len; i++)
		if (((const SyCandidate *)g_ptr_array_index(a->candidates, i))
				->n_space == 2)
			return (int)i;
	return a->candidates->len ? 0 : -1;
}

/* With a transform applied, its array: the dataflow whose space loops
 * are the transform's space rows (the band's first members). */
static int space_time_choice(const SyAnalysis *a)
{
	for (guint i = 0; i < a->candidates->len; i++) {
		const SyCandidate *c = g_ptr_array_index(a->candidates, i);
		gboolean first = c->n_space == a->space_time->n_space;

		for (guint k = 0; first && k < c->n_space; k++)
			first = c->space[k] == k;
		if (first)
			return (int)i;
	}
	return -1;
}

static int job_dataflow(const SyPipelineJob *job, const SyAnalysis *a)
{
	gboolean exists = job->dataflow >= 0 &&
		(guint)job->dataflow < a->candidates->len;

	if ((job->changed & SY_PIPELINE_CHANGED_SOURCE) && a->space_time)
		return space_time_choice(a);
	if (job->changed & SY_PIPELINE_CHANGED_SOURCE)
		return exists ? job->dataflow : first_choice(a);
	return exists ? job->dataflow : -1;
}

/* The loop nest, which a cancel does not abort: the printer
 * (core/ast-print.c) appends what isl returns, NULL once the context is
 * aborted (a GLib critical).  It is skipped if the job is stale already,
 * else it runs whole (a few ms) and the cancel aborts the design after
 * it.  *id is the cancel's connection to the context. */
static gboolean job_loop_nest(
	SyPipelineResult *r, GCancellable *cancellable, gulong *id)
{
	sy_isl_cancel_disconnect(cancellable, *id);
	*id = 0;
	if (g_cancellable_is_cancelled(cancellable))
		return FALSE;
	r->loop_nest = sy_codegen_loops(r->pe_array, "", "    ");
	*id = sy_isl_cancel_connect(r->analysis->ctx, cancellable);
	return TRUE;
}

/* The design's estimate: completing it prints its modules' code, which
 * a cancel must not abort either (see above). */
static void job_estimate(const SyPipelineJob *job, SyPipelineResult *r,
	GCancellable *cancellable, gulong *id)
{
	SyAnalysisOptions options = {(const char *const *)job->defines,
		(const char *const *)job->include_dirs, job->max_dims,
		job->max_operations, job->live_range_reordering};

	sy_isl_cancel_disconnect(cancellable, *id);
	*id = 0;
	if (g_cancellable_is_cancelled(cancellable))
		return;
	r->estimate = sy_estimate_job_design(
		r->design, &options, job->device, &r->estimate_error);
	*id = sy_isl_cancel_connect(r->analysis->ctx, cancellable);
}

/* The stages after the analysis, in its context.  An error stops them
 * and is the result's; a cancel too (the result is then dropped). */
static void job_build(const SyPipelineJob *job, SyPipelineResult *r,
	GCancellable *cancellable, gulong *id)
{
	const SyAnalysis *a = r->analysis;

	r->dataflow = job_dataflow(job, a);
	if (r->dataflow < 0)
		return;
	{
		const SyCandidate *cand = g_ptr_array_index(
			a->candidates, r->dataflow);

		r->choices = sy_choices_new_touch(a, cand, NULL,
			sy_sizes_touch_space(job->sizes, job->config, a, cand));
		r->movement = sy_transform_rows_movement(a, cand);
	}
	/* The sizes asked for if they are this dataflow's, else the ones
	 * it had, else the defaults. */
	r->config = sy_sizes_config(job->sizes, job->config, r->choices);
	r->pe_array = sy_pe_array_new(r->choices, r->config, &r->error);
	if (!r->pe_array) {
		r->stage = SY_PIPELINE_STAGE_PE_ARRAY;
		return;
	}
	if (!job_loop_nest(r, cancellable, id))
		return;
	r->design = sy_design_new(r->pe_array, &r->design_options, &r->error);
	if (!r->design) {
		r->stage = SY_PIPELINE_STAGE_DESIGN;
		return;
	}
	job_estimate(job, r, cancellable, id);
}

/* cfg with member m's tile moved by step (its latency factor kept if
 * it still divides it), or its SIMD width doubled or halved (m < 0);
 * NULL where the sizes are not valid. */
static SyConfig *step_from(
	const SyChoices *c, const SyConfig *cfg, int m, int step)
{
	SyConfig *next = sy_config_copy(cfg);

	if (m < 0 && cfg->simd < 0) {
		sy_config_free(next);
		return NULL;
	}
	if (m < 0) {
		next->simd_factor = step > 0 ? cfg->simd_factor * 2
					     : cfg->simd_factor / 2;
	} else {
		next->tile[m] += step;
		if (next->tile[m] >= 1 && next->tile[m] % next->latency[m])
			next->latency[m] = 1;
	}
	if (next->simd_factor >= 1 && next->tile[m < 0 ? 0 : m] >= 1 &&
		sy_config_validate(next, c, NULL))
		return next;
	sy_config_free(next);
	return NULL;
}

static gboolean covered(const GPtrArray *forms, const SyConfig *cfg)
{
	for (guint k = 0; k < forms->len; k++)
		if (sy_model_form_covers(forms->pdata[k], cfg))
			return TRUE;
	return FALSE;
}

/* The form of cfg's class unless one of forms covers it; none once
 * cancellable is cancelled. */
static void form_at(SyPipelineResult *r, const SyConfig *cfg,
	const SyAnalysisOptions *options, GCancellable *cancellable)
{
	SyModelForm *form;

	if (covered(r->forms, cfg))
		return;
	form = sy_estimate_job_form(r->choices, cfg, &r->design_options,
		options, cancellable, NULL);
	if (form)
		g_ptr_array_add(r->forms, form);
}

/* The models' forms of the job's dataflow at its sizes' class and the
 * classes one step away, and the device that estimates with them; a
 * cancel stops between forms and between a form's probes (each
 * design's code is printed whole). */
static void job_form(const SyPipelineJob *job, SyPipelineResult *r,
	const SyAnalysisOptions *options, GCancellable *cancellable)
{
	const SyAnalysis *a = r->analysis;

	if (job->dataflow < 0 || (guint)job->dataflow >= a->candidates->len ||
		!job->config)
		return;
	r->dataflow = job->dataflow;
	r->choices = sy_choices_new_touch(a,
		g_ptr_array_index(a->candidates, r->dataflow), NULL,
		job->config->touch_space);
	r->config = sy_config_copy(job->config);
	r->device = sy_device_lookup(job->device, NULL);
	r->forms = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_model_form_free);
	if (!r->device)
		return;
	form_at(r, r->config, options, cancellable);
	for (int m = -1; m < (int)r->config->n_members; m++)
		for (int step = -1; step <= 1; step += 2) {
			g_autoptr(SyConfig) next = NULL;

			if (g_cancellable_is_cancelled(cancellable))
				return;
			if ((next = step_from(r->choices, r->config, m, step)))
				form_at(r, next, options, cancellable);
		}
}

static void job_run(GTask *task, SyPipelineJob *job, GCancellable *cancellable)
{
	SyAnalysisOptions options = {(const char *const *)job->defines,
		(const char *const *)job->include_dirs, job->max_dims,
		job->max_operations, job->live_range_reordering};
	GError *error = NULL;
	SyAnalysis *a;
	SyPipelineResult *r;
	gulong id;

	/* Stale while it waited for a thread: nothing to do. */
	if (g_task_return_error_if_cancelled(task))
		return;
	a = sy_analysis_new_cancellable(job->path, job->text, (gssize)job->len,
		&options, cancellable, &error);
	if (!a) {
		g_task_return_error(task, error);
		return;
	}
	r = g_rc_box_new0(SyPipelineResult);
	r->generation = job->generation;
	r->analysis = a;
	r->defines = g_strdupv(job->defines);
	r->include_dirs = g_strdupv(job->include_dirs);
	r->dataflow = -1;
	sy_design_options_copy(&r->design_options, &job->design_options);
	/* The list first: it is of the band before the transform. */
	if (!job->survey && !job->form &&
		(job->changed & SY_PIPELINE_CHANGED_SOURCE))
		r->transforms = sy_transform_rows_new(a);
	if (job->space_time)
		sy_analysis_apply_space_time(
			a, job->space_time, &r->space_time_error);
	/* A cancel aborts the context until it is disconnected: the
	 * result is then incomplete, and dropped as stale. */
	if (job->survey) {
		/* Checked between dataflows: their code is printed. */
		r->survey = sy_estimate_job_survey(a, job->sizes,
			&r->design_options, &options, job->device, cancellable,
			&r->flops);
		g_task_return_pointer(
			task, r, (GDestroyNotify)sy_pipeline_result_unref);
		return;
	}
	if (job->form) {
		/* Not aborted (its designs' code is printed): a stale one
		 * is dropped. */
		job_form(job, r, &options, cancellable);
		g_task_return_pointer(
			task, r, (GDestroyNotify)sy_pipeline_result_unref);
		return;
	}
	id = sy_isl_cancel_connect(a->ctx, cancellable);
	job_build(job, r, cancellable, &id);
	sy_isl_cancel_disconnect(cancellable, id);
	g_task_return_pointer(
		task, r, (GDestroyNotify)sy_pipeline_result_unref);
}

/* The workers: a pool of threads of the pipelines' own, all started at
 * once, so that they can run below the main thread without slowing
 * GLib's shared pool (g_task_run_in_thread, which GIO and the export
 * bar use too) and so that a step never waits for a thread to start
 * (pushing onto the shared pool measured 4-5 ms of the main thread's
 * wall time per step under load).  Stale jobs stop at their next isl
 * call. */
static void pool_run(gpointer data, gpointer user)
{
	GTask *task = data;
	static GPrivate niced;

	(void)user;
	/* Below the main thread: with jobs on every core, the main loop
	 * still gets a CPU first (Linux nices threads one by one). */
	if (!g_private_get(&niced)) {
#ifdef __linux__
		setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 10);
#endif
		g_private_set(&niced, GINT_TO_POINTER(1));
	}
	job_run(task, g_task_get_task_data(task), g_task_get_cancellable(task));
	g_object_unref(task);
}

static GThreadPool *pool(void)
{
	static GThreadPool *threads;

	if (g_once_init_enter(&threads)) {
		guint n = CLAMP(g_get_num_processors(), 2, 4);

		g_once_init_leave(&threads,
			g_thread_pool_new(pool_run, NULL, (int)n, TRUE, NULL));
	}
	return threads;
}

/* Jobs whose completion has not run yet, in every pipeline. */
static gint jobs;

void sy_pipeline_job_start(SyPipelineJob *job, GCancellable *cancellable,
	GAsyncReadyCallback callback, gpointer data)
{
	GTask *task = g_task_new(NULL, cancellable, callback, data);

	g_atomic_int_inc(&jobs);
	g_task_set_source_tag(task, sy_pipeline_job_start);
	g_task_set_task_data(task, job, job_free);
	g_thread_pool_push(pool(), task, NULL);
}

SyPipelineResult *sy_pipeline_job_finish(GAsyncResult *res, GError **error)
{
	SyPipelineResult *r = g_task_propagate_pointer(G_TASK(res), error);

	g_atomic_int_dec_and_test(&jobs);
	return r;
}

guint sy_pipeline_job_count(void)
{
	return (guint)g_atomic_int_get(&jobs);
}
