#include <math.h>
#include <string.h>

#include "compute/pe-array.h"
#include "model/device.h"
#include "model/model.h"
#include "sy-estimate-job.h"
#include "sy-pipeline-job.h"
#include "sy-sizes.h"

struct _SyPipeline {
	GObject parent_instance;

	/* the requests */
	char *path;
	char *text; /* the newest source, analysed or not */
	gsize len;
	GStrv defines, include_dirs;
	guint max_dims;
	guint64 max_operations;
	gboolean live_range_reordering;
	int dataflow;
	SyConfig *config; /* the newest sizes of the selected dataflow */
	SyDesignOptions design_options;
	GHashTable *sizes; /* sizes key -> SyConfig: per dataflow */
	char *device; /* the estimate's device, by name */
	char *space_time; /* the transform applied (as --space-time), or NULL */
	guint changed; /* SY_PIPELINE_CHANGED_*: not yet in a job */
	guint requested; /* generation of the newest request */
	guint delay; /* a debounced source, or 0 */
	GCancellable *cancellable; /* of the running job */
	gboolean busy;

	/* what is published: a bundle per property group, "analysis",
	 * "choices", and "config", "pe-array", "loop-nest", "design" */
	SyPipelineResult *analysed;
	SyPipelineResult *chosen;
	SyPipelineResult *result;
	GError *analysis_error;
	gboolean stale;
	guint generation;

	/* the dataflows' throughputs: a survey after the analysis, the
	 * device or the network's options change; the selected one's from
	 * its estimate */
	GArray *throughput; /* double per dataflow, NaN: not known */
	/* and their PE arrays and the backend's refusals, from the same
	 * survey and estimates: SySurveyEntry per dataflow (its gops
	 * unused), n_pe 0 while not known */
	GArray *facts;
	gboolean flops;
	gboolean survey_stale; /* a survey is due */
	guint surveys; /* generation of the newest survey */
	GCancellable *survey_cancellable;

	/* The models' form of the shown dataflow (a form job's result,
	 * built after a result of a class it does not cover is shown) and
	 * the estimate it gave for sizes newer than the result shown */
	GPtrArray *formed; /* SyPipelineResult: form jobs', newest last */
	guint forms; /* generation of the newest form job */
	GCancellable *form_cancellable;
	SyConfig *form_center; /* the sizes of the newest form job */
	SyEstimate *quick;
	guint quick_generation; /* the request it is the estimate of */
};

G_DEFINE_FINAL_TYPE(SyPipeline, sy_pipeline, G_TYPE_OBJECT)

enum {
	PROP_0,
	PROP_ANALYSIS,
	PROP_ANALYSIS_ERROR,
	PROP_STALE,
	PROP_DATAFLOW,
	PROP_CHOICES,
	PROP_CONFIG,
	PROP_PE_ARRAY,
	PROP_LOOP_NEST,
	PROP_ERROR,
	PROP_ERROR_STAGE,
	PROP_DESIGN,
	PROP_BUSY,
	PROP_GENERATION,
	PROP_DEVICE,
	PROP_ESTIMATE,
	PROP_THROUGHPUT,
	N_PROPS
};

static GParamSpec *props[N_PROPS];

/* Results */

/* Replaces *slot with r (referenced). */
static void result_set(SyPipelineResult **slot, SyPipelineResult *r)
{
	SyPipelineResult *old = *slot;

	*slot = sy_pipeline_result_ref(r);
	sy_pipeline_result_unref(old);
}

/* Requests */

static void set_busy(SyPipeline *self, gboolean busy)
{
	if (self->busy == busy)
		return;
	self->busy = busy;
	g_object_notify_by_pspec(G_OBJECT(self), props[PROP_BUSY]);
}

static void job_done(GObject *source, GAsyncResult *res, gpointer data);

/* The text shown, read here: the worker gets a copy. */
static void job_shown_source(SyPipelineJob *job, SyPipeline *self)
{
	const SyAnalysis *a = self->analysed->analysis;
	const SySource *src = a->prog->pp->main;

	job->path = g_strdup(src->path);
	job->text = g_memdup2(src->text, src->len + 1);
	job->len = src->len;
	job->defines = g_strdupv(self->analysed->defines);
	job->include_dirs = g_strdupv(self->analysed->include_dirs);
	job->max_dims = a->max_dims;
	job->max_operations = a->max_operations;
	job->live_range_reordering = a->live_range_reordering;
}

/* A job with what every job takes of the requests: the sizes
 * remembered, the network's options, the device. */
static SyPipelineJob *job_new(SyPipeline *self)
{
	SyPipelineJob *job = g_new0(SyPipelineJob, 1);

	job->sizes = sy_sizes_copy(self->sizes);
	sy_design_options_copy(&job->design_options, &self->design_options);
	job->device = g_strdup(self->device);
	job->space_time = g_strdup(self->space_time);
	return job;
}

/* Runs job (taken) in a worker; callback gets a weak reference to self:
 * closing a window disposes its pipeline, which cancels the job at once
 * instead of waiting for it. */
static void job_start(SyPipeline *self, SyPipelineJob *job,
	GCancellable *cancellable, GAsyncReadyCallback callback)
{
	GWeakRef *ref = g_new(GWeakRef, 1);

	g_weak_ref_init(ref, self);
	sy_pipeline_job_start(job, cancellable, callback, ref);
}

/* The job of everything that changed since the last one. */
static void start_job(SyPipeline *self)
{
	SyPipelineJob *job;
	const SyAnalysis *a = self->analysed ? self->analysed->analysis : NULL;

	if (!(self->changed & SY_PIPELINE_CHANGED_SOURCE) && !a) {
		/* Sizes before any analysis: nothing to build them on. */
		self->changed = 0;
		set_busy(self, FALSE);
		return;
	}
	job = job_new(self);
	job->generation = self->requested;
	job->changed = self->changed;
	if (self->changed & SY_PIPELINE_CHANGED_SOURCE) {
		job->path = g_strdup(self->path);
		job->text = g_memdup2(self->text, self->len + 1);
		job->len = self->len;
		job->defines = g_strdupv(self->defines);
		job->include_dirs = g_strdupv(self->include_dirs);
		job->max_dims = self->max_dims;
		job->max_operations = self->max_operations;
		job->live_range_reordering = self->live_range_reordering;
	} else {
		job_shown_source(job, self);
	}
	job->dataflow = self->dataflow;
	if ((self->changed & ~SY_PIPELINE_CHANGED_DEVICE) ==
			SY_PIPELINE_CHANGED_SIZES &&
		self->config)
		job->config = sy_config_copy(self->config);
	self->changed = 0;
	self->cancellable = g_cancellable_new();
	job_start(self, job, self->cancellable, job_done);
	set_busy(self, TRUE);
}

static gboolean delay_over(gpointer data)
{
	SyPipeline *self = data;

	self->delay = 0;
	start_job(self);
	return G_SOURCE_REMOVE;
}

/* The survey shown is out of date: the one under way is cancelled, a
 * new one follows the next result. */
static void survey_again(SyPipeline *self)
{
	self->survey_stale = TRUE;
	g_cancellable_cancel(self->survey_cancellable);
	g_clear_object(&self->survey_cancellable);
}

/* A change: the running job is stale (cancelled, its result dropped);
 * a new one starts now or after delay_ms. */
static void request(SyPipeline *self, guint changed, guint delay_ms)
{
	self->changed |= changed;
	self->requested++;
	/* A survey under way waits for the newest result: a size step
	 * never shares the CPUs with it. */
	if (self->survey_cancellable)
		survey_again(self);
	g_cancellable_cancel(self->cancellable);
	g_clear_object(&self->cancellable);
	if (self->delay) {
		g_source_remove(self->delay);
		self->delay = 0;
	}
	if (delay_ms) {
		self->delay = g_timeout_add(delay_ms, delay_over, self);
		set_busy(self, TRUE);
		return;
	}
	start_job(self);
}

/* Publishing */

static void notify(SyPipeline *self, guint prop)
{
	g_object_notify_by_pspec(G_OBJECT(self), props[prop]);
}

static void set_analysis_error(SyPipeline *self, GError *error /* take */)
{
	if (!error && !self->analysis_error)
		return;
	g_clear_error(&self->analysis_error);
	self->analysis_error = error;
	notify(self, PROP_ANALYSIS_ERROR);
}

static void set_stale(SyPipeline *self, gboolean stale)
{
	if (self->stale == stale)
		return;
	self->stale = stale;
	notify(self, PROP_STALE);
}

/* The sizes a result was built with are its dataflow's from now on. */
static void remember(SyPipeline *self, const SyPipelineResult *r)
{
	const SyCandidate *c;

	if (!r->config)
		return;
	c = g_ptr_array_index(r->analysis->candidates, r->dataflow);
	g_hash_table_replace(self->sizes, sy_sizes_key(r->analysis, c),
		sy_config_copy(r->config));
}

/* Nothing known of the n dataflows of a new analysis. */
static void throughput_reset(SyPipeline *self, guint n)
{
	double unknown = NAN;

	g_array_set_size(self->throughput, 0);
	for (guint i = 0; i < n; i++)
		g_array_append_val(self->throughput, unknown);
	g_array_set_size(self->facts, 0);
	g_array_set_size(self->facts, n);
}

/* Why an export of r's design would fail: its PE array or design
 * refused, or its completion (an estimate refused by the model or
 * for want of a device is not the backend's); NULL if it would not. */
static const char *result_refusal(const SyPipelineResult *r)
{
	const GError *e = r->estimate_error;

	if (r->error)
		return r->error->message;
	if (e && e->domain != SY_MODEL_ERROR && e->domain != SY_DEVICE_ERROR)
		return e->message;
	return NULL;
}

static void facts_set(SyPipeline *self, guint id, guint n_pe, const gint64 *pe,
	const char *refused)
{
	SySurveyEntry *f;

	if (id >= self->facts->len)
		return;
	f = &g_array_index(self->facts, SySurveyEntry, id);
	f->n_pe = n_pe;
	memcpy(f->pe, pe, sizeof f->pe);
	g_free(f->refused);
	f->refused = g_strdup(refused);
}

/* Every dataflow's throughput is another now (a device, the network's
 * switches): none is shown until it is known again. */
static void throughput_forget(SyPipeline *self)
{
	throughput_reset(self, self->throughput->len);
	notify(self, PROP_THROUGHPUT);
	survey_again(self);
}

/* Every bundle first, then the notifications: a handler of one
 * property may read any other. */
static void publish(SyPipeline *self, SyPipelineResult *r, guint changed)
{
	gboolean new_analysis = changed & SY_PIPELINE_CHANGED_SOURCE;
	gboolean new_choices = new_analysis ||
		(changed & SY_PIPELINE_CHANGED_DATAFLOW) || !self->chosen ||
		self->chosen->dataflow != r->dataflow ||
		/* The space loops joined the SIMD choices, or left. */
		(self->chosen->choices && r->choices &&
			self->chosen->choices->touch_space !=
				r->choices->touch_space);

	remember(self, r);
	self->generation = r->generation;
	if (new_analysis) {
		result_set(&self->analysed, r);
		g_clear_error(&self->analysis_error);
		throughput_reset(self, r->analysis->candidates->len);
	}
	if (r->dataflow >= 0 && (r->pe_array || r->error)) {
		static const gint64 none[3];

		facts_set(self, (guint)r->dataflow,
			r->pe_array ? r->pe_array->n_space : 0,
			r->pe_array ? r->pe_array->pe : none,
			result_refusal(r));
	}
	if (r->estimate && r->dataflow >= 0 &&
		(guint)r->dataflow < self->throughput->len) {
		g_array_index(self->throughput, double, r->dataflow) =
			r->estimate->gops;
		self->flops = r->estimate->flops;
	}
	if (new_choices) {
		result_set(&self->chosen, r);
		self->dataflow = r->dataflow;
		sy_config_free(self->config);
		self->config = r->config ? sy_config_copy(r->config) : NULL;
	}
	result_set(&self->result, r);
	if (self->quick && r->generation >= self->quick_generation)
		g_clear_pointer(&self->quick, sy_estimate_free);
	if (new_analysis) {
		notify(self, PROP_ANALYSIS_ERROR);
		set_stale(self, FALSE);
		notify(self, PROP_ANALYSIS);
	}
	if (new_choices) {
		notify(self, PROP_DATAFLOW);
		notify(self, PROP_CHOICES);
	}
	notify(self, PROP_GENERATION);
	notify(self, PROP_CONFIG);
	notify(self, PROP_PE_ARRAY);
	notify(self, PROP_LOOP_NEST);
	notify(self, PROP_ERROR);
	notify(self, PROP_ERROR_STAGE);
	notify(self, PROP_DESIGN);
	notify(self, PROP_ESTIMATE);
	notify(self, PROP_THROUGHPUT);
}

/* An analysis that failed: the last good one stays, stale; what else
 * changed meanwhile is built on it. */
static void publish_failure(
	SyPipeline *self, const SyPipelineJob *job, GError *error)
{
	self->generation = job->generation;
	set_analysis_error(self, error);
	set_stale(self, TRUE);
	notify(self, PROP_GENERATION);
	if ((job->changed & ~SY_PIPELINE_CHANGED_SOURCE) && self->analysed)
		request(self, job->changed & ~SY_PIPELINE_CHANGED_SOURCE, 0);
}

/* A survey's throughputs, but the shown dataflow's: its estimate is
 * as new as its sizes. */
static void take_survey(SyPipeline *self, const SyPipelineResult *r)
{
	const SyEstimate *shown = self->result ? self->result->estimate : NULL;
	int built = self->result ? self->result->dataflow : -1;

	if (r->survey->len != self->throughput->len)
		return;
	for (guint i = 0; i < r->survey->len; i++) {
		const SySurveyEntry *e = &g_array_index(
			r->survey, SySurveyEntry, i);

		if (!shown || (int)i != self->result->dataflow)
			g_array_index(self->throughput, double, i) = e->gops;
		/* The shown dataflow's own result is as new as its
		 * sizes. */
		if ((int)i != built)
			facts_set(self, i, e->n_pe, e->pe, e->refused);
	}
	self->flops = r->flops;
	notify(self, PROP_THROUGHPUT);
}

/* A job's end, for both kinds of job: its pipeline if it still lives
 * (a reference), its result or error; the job no longer counts. */
static SyPipeline *job_finished(
	GAsyncResult *res, gpointer data, SyPipelineResult **r, GError **error)
{
	GWeakRef *ref = data;
	SyPipeline *self = g_weak_ref_get(ref);

	*r = sy_pipeline_job_finish(res, error);
	g_weak_ref_clear(ref);
	g_free(ref);
	return self;
}

/* The end of a job beside the newest result's (a survey, a form): its
 * pipeline (a reference) and result where the job is the newest of its
 * kind (the generation at newest, an offset in SyPipeline) and was not
 * cancelled, its cancellable (at slot) then cleared; else NULL,
 * everything dropped. */
static SyPipeline *side_job_finished(GAsyncResult *res, gpointer data,
	glong newest, glong slot, SyPipelineResult **r)
{
	GTask *task = G_TASK(res);
	const SyPipelineJob *job = g_task_get_task_data(task);
	GError *error = NULL;
	SyPipeline *self = job_finished(res, data, r, &error);

	g_clear_error(&error);
	if (self && *r &&
		job->generation == G_STRUCT_MEMBER(guint, self, newest) &&
		!g_cancellable_is_cancelled(g_task_get_cancellable(task))) {
		g_clear_object(&G_STRUCT_MEMBER(GCancellable *, self, slot));
		return self;
	}
	g_clear_object(&self);
	g_clear_pointer(r, sy_pipeline_result_unref);
	return NULL;
}

/* A job beside the newest result's, on the text shown: the newest of
 * its kind (*generation), cancelling the one before (*slot). */
static SyPipelineJob *side_job_new(
	SyPipeline *self, guint *generation, GCancellable **slot)
{
	SyPipelineJob *job = job_new(self);

	g_cancellable_cancel(*slot);
	g_clear_object(slot);
	*slot = g_cancellable_new();
	job->generation = ++*generation;
	job_shown_source(job, self);
	return job;
}

static void survey_done(GObject *source, GAsyncResult *res, gpointer data)
{
	SyPipelineResult *r;
	g_autoptr(SyPipeline) self = side_job_finished(res, data,
		G_STRUCT_OFFSET(SyPipeline, surveys),
		G_STRUCT_OFFSET(SyPipeline, survey_cancellable), &r);

	(void)source;
	if (self && r->survey)
		take_survey(self, r);
	sy_pipeline_result_unref(r);
}

/* Every dataflow of the analysis shown at its sizes, estimated in a
 * worker: a job of its own, which only a newer survey cancels. */
static void start_survey(SyPipeline *self)
{
	SyPipelineJob *job = side_job_new(
		self, &self->surveys, &self->survey_cancellable);

	self->survey_stale = FALSE;
	job->survey = TRUE;
	job->dataflow = -1;
	job_start(self, job, self->survey_cancellable, survey_done);
}

/* The form jobs' results kept: the newest, each with the forms of the
 * classes of its sizes and of those one step away. */
#define SY_PIPELINE_FORMED 3

/* The forms are out of date (the kernel, the dataflow, the network's
 * options or the device changed): dropped, with their estimate. */
static void forget_form(SyPipeline *self)
{
	g_cancellable_cancel(self->form_cancellable);
	g_clear_object(&self->form_cancellable);
	g_clear_pointer(&self->form_center, sy_config_free);
	g_ptr_array_set_size(self->formed, 0);
	g_clear_pointer(&self->quick, sy_estimate_free);
}

/* The form that covers config, and the result it is in; NULL for
 * none. */
static SyModelForm *form_covering(
	SyPipeline *self, const SyConfig *config, SyPipelineResult **in)
{
	for (guint i = self->formed->len; config && i-- > 0;) {
		SyPipelineResult *f = self->formed->pdata[i];

		if (!f->device || f->dataflow != (int)config->candidate ||
			f->dataflow != self->dataflow)
			continue;
		for (guint k = 0; k < f->forms->len; k++)
			if (sy_model_form_covers(f->forms->pdata[k], config)) {
				*in = f;
				return f->forms->pdata[k];
			}
	}
	return NULL;
}

static void form_done(GObject *source, GAsyncResult *res, gpointer data)
{
	SyPipelineResult *r;
	g_autoptr(SyPipeline) self = side_job_finished(res, data,
		G_STRUCT_OFFSET(SyPipeline, forms),
		G_STRUCT_OFFSET(SyPipeline, form_cancellable), &r);

	(void)source;
	if (self && r->forms && r->forms->len) {
		g_ptr_array_add(self->formed, sy_pipeline_result_ref(r));
		if (self->formed->len > SY_PIPELINE_FORMED)
			g_ptr_array_remove_index(self->formed, 0);
	}
	sy_pipeline_result_unref(r);
}

/* The form of the result shown, in a worker, unless the one there
 * covers its sizes: a job of its own after the result, which only a
 * newer form job or a change that makes it stale cancels. */
static void start_form(SyPipeline *self)
{
	const SyPipelineResult *r = self->result;
	SyPipelineJob *job;

	if (!r || !r->estimate || !r->config || r->dataflow < 0 ||
		(self->form_center &&
			sy_config_equal(self->form_center, r->config)))
		return;
	sy_config_free(self->form_center);
	self->form_center = sy_config_copy(r->config);
	job = side_job_new(self, &self->forms, &self->form_cancellable);
	job->form = TRUE;
	job->dataflow = r->dataflow;
	job->config = sy_config_copy(r->config);
	job_start(self, job, self->form_cancellable, form_done);
}

/* The estimate of sizes the form covers, now, on the main thread: a
 * few hundred microseconds where building the design takes tens of
 * milliseconds.  The job started for the sizes publishes the same
 * estimate with its design (tests/test-form.c holds the two equal). */
static void quick_estimate(SyPipeline *self, const SyConfig *config)
{
	SyEstimate *e;
	SyPipelineResult *f = NULL;
	SyModelForm *form = form_covering(self, config, &f);
	const SyDesign *d = form ? sy_model_form_at(form, config) : NULL;

	/* Sizes whose numbers the form's checks leave open wait for the
	 * job, as sizes it does not cover do. */
	if (!d || !(e = sy_design_estimate(d, f->device, NULL, NULL)))
		return;
	sy_estimate_free(self->quick);
	self->quick = e;
	self->quick_generation = self->requested;
	notify(self, PROP_ESTIMATE);
}

static void job_done(GObject *source, GAsyncResult *res, gpointer data)
{
	GTask *task = G_TASK(res);
	const SyPipelineJob *job = g_task_get_task_data(task);
	GError *error = NULL;
	SyPipelineResult *r;
	g_autoptr(SyPipeline) self = job_finished(res, data, &r, &error);

	(void)source;
	/* The pipeline is gone, or a newer request cancelled the job
	 * (even if it ended before it saw the cancel): stale. */
	if (!self || job->generation != self->requested ||
		g_cancellable_is_cancelled(g_task_get_cancellable(task))) {
		g_clear_error(&error);
		sy_pipeline_result_unref(r);
		return;
	}
	g_clear_object(&self->cancellable);
	if (r)
		publish(self, r, job->changed);
	else
		publish_failure(self, job, error);
	sy_pipeline_result_unref(r);
	if (!self->cancellable && !self->delay) {
		set_busy(self, FALSE);
		/* Once the newest is shown: the survey never delays it. */
		if (self->survey_stale && self->analysed)
			start_survey(self);
		start_form(self);
	}
}

/* Inputs */

void sy_pipeline_set_source(SyPipeline *self, const char *path,
	const char *text, gssize len, const SyAnalysisOptions *options,
	guint delay_ms)
{
	g_return_if_fail(SY_IS_PIPELINE(self));
	g_free(self->path);
	self->path = g_strdup(path);
	self->len = len < 0 ? strlen(text) : (gsize)len;
	g_free(self->text);
	/* Byte for byte, as the analysis reads it: a NUL inside too. */
	self->text = g_malloc(self->len + 1);
	memcpy(self->text, text, self->len);
	self->text[self->len] = '\0';
	g_strfreev(self->defines);
	g_strfreev(self->include_dirs);
	self->defines = options ? g_strdupv((GStrv)options->defines) : NULL;
	self->include_dirs = options ? g_strdupv((GStrv)options->include_dirs)
				     : NULL;
	self->max_dims = options ? options->max_dims : 0;
	self->max_operations = options ? options->max_operations : 0;
	self->live_range_reordering = options && options->live_range_reordering;
	if (self->analysed)
		set_stale(self, TRUE);
	survey_again(self);
	forget_form(self);
	request(self, SY_PIPELINE_CHANGED_SOURCE, delay_ms);
}

void sy_pipeline_select_dataflow(SyPipeline *self, int id)
{
	const SyAnalysis *a = self->analysed ? self->analysed->analysis : NULL;

	g_return_if_fail(SY_IS_PIPELINE(self));
	if (!a || id < 0 || (guint)id >= a->candidates->len)
		id = -1;
	if (id == self->dataflow &&
		!(self->changed & SY_PIPELINE_CHANGED_SOURCE))
		return;
	self->dataflow = id;
	forget_form(self);
	notify(self, PROP_DATAFLOW);
	request(self, SY_PIPELINE_CHANGED_DATAFLOW, 0);
}

void sy_pipeline_set_config(SyPipeline *self, const SyConfig *config)
{
	const SyAnalysis *a = self->analysed ? self->analysed->analysis : NULL;

	g_return_if_fail(SY_IS_PIPELINE(self));
	if (!a || !config || config->candidate >= a->candidates->len)
		return;
	g_hash_table_replace(self->sizes,
		sy_sizes_key(
			a, g_ptr_array_index(a->candidates, config->candidate)),
		sy_config_copy(config));
	/* Sizes of a dataflow no longer selected are only remembered. */
	if ((int)config->candidate != self->dataflow)
		return;
	sy_config_free(self->config);
	self->config = sy_config_copy(config);
	request(self, SY_PIPELINE_CHANGED_SIZES, 0);
	quick_estimate(self, config);
}

void sy_pipeline_set_design_options(
	SyPipeline *self, const SyDesignOptions *options)
{
	g_return_if_fail(SY_IS_PIPELINE(self));
	sy_design_options_clear(&self->design_options);
	sy_design_options_copy(&self->design_options, options);
	throughput_forget(self);
	forget_form(self);
	request(self, SY_PIPELINE_CHANGED_SIZES, 0);
}

void sy_pipeline_set_device(SyPipeline *self, const char *name)
{
	g_return_if_fail(SY_IS_PIPELINE(self));
	g_return_if_fail(name != NULL);
	if (g_strcmp0(self->device, name) == 0)
		return;
	g_free(self->device);
	self->device = g_strdup(name);
	notify(self, PROP_DEVICE);
	throughput_forget(self);
	forget_form(self);
	request(self, SY_PIPELINE_CHANGED_DEVICE, 0);
}

void sy_pipeline_set_space_time(SyPipeline *self, const char *text)
{
	g_return_if_fail(SY_IS_PIPELINE(self));
	if (text && !*text)
		text = NULL;
	if (g_strcmp0(self->space_time, text) == 0)
		return;
	g_free(self->space_time);
	self->space_time = g_strdup(text);
	/* Back to the loops' own dataflows: the first shown, as for a new
	 * kernel (the ids were the transformed band's). */
	if (!text)
		self->dataflow = -1;
	if (!self->text)
		return;
	if (self->analysed)
		set_stale(self, TRUE);
	survey_again(self);
	forget_form(self);
	request(self, SY_PIPELINE_CHANGED_SOURCE, 0);
}

const char *sy_pipeline_get_space_time(SyPipeline *self)
{
	return self->space_time;
}

const GError *sy_pipeline_get_space_time_error(SyPipeline *self)
{
	return self->analysed ? self->analysed->space_time_error : NULL;
}

const GPtrArray *sy_pipeline_get_transforms(SyPipeline *self)
{
	return self->analysed ? self->analysed->transforms : NULL;
}

const char *sy_pipeline_get_movement(SyPipeline *self)
{
	return self->result ? self->result->movement : NULL;
}

/* Outputs */

const SyAnalysis *sy_pipeline_get_analysis(SyPipeline *self)
{
	return self->analysed ? self->analysed->analysis : NULL;
}

const GError *sy_pipeline_get_analysis_error(SyPipeline *self)
{
	return self->analysis_error;
}

gboolean sy_pipeline_is_stale(SyPipeline *self)
{
	return self->stale;
}

int sy_pipeline_get_dataflow(SyPipeline *self)
{
	return self->dataflow;
}

const SyChoices *sy_pipeline_get_choices(SyPipeline *self)
{
	return self->chosen ? self->chosen->choices : NULL;
}

const SyConfig *sy_pipeline_get_config(SyPipeline *self)
{
	return self->result ? self->result->config : NULL;
}

const SyPeArray *sy_pipeline_get_pe_array(SyPipeline *self)
{
	return self->result ? self->result->pe_array : NULL;
}

const char *sy_pipeline_get_loop_nest(SyPipeline *self)
{
	return self->result && self->result->loop_nest ? self->result->loop_nest
						       : "";
}

const SyDesign *sy_pipeline_get_design(SyPipeline *self)
{
	return self->result ? self->result->design : NULL;
}

const GError *sy_pipeline_get_error(SyPipeline *self, SyPipelineStage *stage)
{
	const SyPipelineResult *r = self->result;

	if (stage)
		*stage = r ? r->stage : SY_PIPELINE_STAGE_NONE;
	return r ? r->error : NULL;
}

gboolean sy_pipeline_is_busy(SyPipeline *self)
{
	return self->busy;
}

const SyEstimate *sy_pipeline_get_estimate(SyPipeline *self)
{
	if (self->quick)
		return self->quick;
	return self->result ? self->result->estimate : NULL;
}

const GError *sy_pipeline_get_estimate_error(SyPipeline *self)
{
	if (self->quick)
		return NULL;
	return self->result ? self->result->estimate_error : NULL;
}

double sy_pipeline_get_throughput(SyPipeline *self, guint id, gboolean *flops)
{
	if (flops)
		*flops = self->flops;
	if (id >= self->throughput->len)
		return NAN;
	return g_array_index(self->throughput, double, id);
}

guint sy_pipeline_get_pe_grid(SyPipeline *self, guint id, gint64 pe[3])
{
	const SySurveyEntry *f;

	if (id >= self->facts->len)
		return 0;
	f = &g_array_index(self->facts, SySurveyEntry, id);
	memcpy(pe, f->pe, sizeof f->pe);
	return f->n_pe;
}

const char *sy_pipeline_get_refusal(SyPipeline *self, guint id)
{
	if (id >= self->facts->len)
		return NULL;
	return g_array_index(self->facts, SySurveyEntry, id).refused;
}

const char *sy_pipeline_get_device(SyPipeline *self)
{
	return self->device;
}

guint sy_pipeline_get_generation(SyPipeline *self)
{
	return self->generation;
}

guint sy_pipeline_get_requested(SyPipeline *self)
{
	return self->requested;
}

const SyDesignOptions *sy_pipeline_get_design_options(SyPipeline *self)
{
	return self->result ? &self->result->design_options
			    : &self->design_options;
}

gboolean sy_pipeline_has_form(SyPipeline *self)
{
	return self->formed->len > 0;
}

guint sy_pipeline_count_jobs(void)
{
	return sy_pipeline_job_count();
}

/* GObject */

static void sy_pipeline_get_property(
	GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
	SyPipeline *self = SY_PIPELINE(object);
	SyPipelineStage stage;

	switch (id) {
	case PROP_ANALYSIS:
		g_value_set_pointer(
			value, (gpointer)sy_pipeline_get_analysis(self));
		break;
	case PROP_ANALYSIS_ERROR:
		g_value_set_boxed(value, self->analysis_error);
		break;
	case PROP_STALE: g_value_set_boolean(value, self->stale); break;
	case PROP_DATAFLOW: g_value_set_int(value, self->dataflow); break;
	case PROP_CHOICES:
		g_value_set_pointer(
			value, (gpointer)sy_pipeline_get_choices(self));
		break;
	case PROP_CONFIG:
		g_value_set_pointer(
			value, (gpointer)sy_pipeline_get_config(self));
		break;
	case PROP_PE_ARRAY:
		g_value_set_pointer(
			value, (gpointer)sy_pipeline_get_pe_array(self));
		break;
	case PROP_LOOP_NEST:
		g_value_set_string(value, sy_pipeline_get_loop_nest(self));
		break;
	case PROP_ERROR:
		g_value_set_boxed(value, sy_pipeline_get_error(self, NULL));
		break;
	case PROP_ERROR_STAGE:
		sy_pipeline_get_error(self, &stage);
		g_value_set_uint(value, stage);
		break;
	case PROP_DESIGN:
		g_value_set_pointer(
			value, (gpointer)sy_pipeline_get_design(self));
		break;
	case PROP_BUSY: g_value_set_boolean(value, self->busy); break;
	case PROP_GENERATION: g_value_set_uint(value, self->generation); break;
	case PROP_DEVICE: g_value_set_string(value, self->device); break;
	case PROP_ESTIMATE:
		g_value_set_pointer(
			value, (gpointer)sy_pipeline_get_estimate(self));
		break;
	case PROP_THROUGHPUT:
		g_value_set_pointer(value, self->throughput);
		break;
	default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
	}
}

/* A job still running is cancelled; its result, when it comes, finds
 * no pipeline to publish to (job_done holds a reference until then). */
static void sy_pipeline_dispose(GObject *object)
{
	SyPipeline *self = SY_PIPELINE(object);

	g_cancellable_cancel(self->cancellable);
	g_clear_object(&self->cancellable);
	g_cancellable_cancel(self->survey_cancellable);
	g_clear_object(&self->survey_cancellable);
	g_cancellable_cancel(self->form_cancellable);
	g_clear_object(&self->form_cancellable);
	if (self->delay) {
		g_source_remove(self->delay);
		self->delay = 0;
	}
	G_OBJECT_CLASS(sy_pipeline_parent_class)->dispose(object);
}

static void sy_pipeline_set_property(
	GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
	if (id == PROP_DEVICE)
		sy_pipeline_set_device(
			SY_PIPELINE(object), g_value_get_string(value));
	else
		G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
}

static void sy_pipeline_finalize(GObject *object)
{
	SyPipeline *self = SY_PIPELINE(object);

	g_ptr_array_unref(self->formed);
	sy_config_free(self->form_center);
	sy_estimate_free(self->quick);
	sy_pipeline_result_unref(self->result);
	sy_pipeline_result_unref(self->chosen);
	sy_pipeline_result_unref(self->analysed);
	g_clear_error(&self->analysis_error);
	g_hash_table_unref(self->sizes);
	sy_config_free(self->config);
	sy_design_options_clear(&self->design_options);
	g_free(self->path);
	g_free(self->text);
	g_free(self->device);
	g_free(self->space_time);
	g_array_unref(self->throughput);
	g_array_unref(self->facts);
	g_strfreev(self->defines);
	g_strfreev(self->include_dirs);
	G_OBJECT_CLASS(sy_pipeline_parent_class)->finalize(object);
}

static GParamSpec *pointer_prop(const char *name, const char *blurb)
{
	return g_param_spec_pointer(
		name, NULL, blurb, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
}

static void sy_pipeline_class_init(SyPipelineClass *klass)
{
	GObjectClass *object_class = G_OBJECT_CLASS(klass);
	const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

	object_class->get_property = sy_pipeline_get_property;
	object_class->set_property = sy_pipeline_set_property;
	object_class->dispose = sy_pipeline_dispose;
	object_class->finalize = sy_pipeline_finalize;
	props[PROP_ANALYSIS] = pointer_prop(
		"analysis", "The last analysis that succeeded");
	props[PROP_ANALYSIS_ERROR] = g_param_spec_boxed("analysis-error", NULL,
		"Why the latest analysis failed", G_TYPE_ERROR, ro);
	props[PROP_STALE] = g_param_spec_boolean("stale", NULL,
		"The source changed since the analysis", FALSE, ro);
	props[PROP_DATAFLOW] = g_param_spec_int("dataflow", NULL,
		"The selected dataflow", -1, G_MAXINT, -1, ro);
	props[PROP_CHOICES] = pointer_prop(
		"choices", "What the dataflow's stages accept");
	props[PROP_CONFIG] = pointer_prop(
		"config", "The sizes of the PE array");
	props[PROP_PE_ARRAY] = pointer_prop("pe-array", "The PE array");
	props[PROP_LOOP_NEST] = g_param_spec_string(
		"loop-nest", NULL, "The PE array's loops as C", "", ro);
	props[PROP_ERROR] = g_param_spec_boxed("error", NULL,
		"Why the PE array or the design was not built", G_TYPE_ERROR,
		ro);
	props[PROP_ERROR_STAGE] = g_param_spec_uint("error-stage", NULL,
		"The stage that failed (SyPipelineStage)", 0,
		SY_PIPELINE_STAGE_DESIGN, 0, ro);
	props[PROP_DESIGN] = pointer_prop("design", "The design");
	props[PROP_BUSY] = g_param_spec_boolean(
		"busy", NULL, "A job runs or is about to", FALSE, ro);
	props[PROP_GENERATION] = g_param_spec_uint("generation", NULL,
		"The job the results come from", 0, G_MAXUINT, 0, ro);
	props[PROP_DEVICE] = g_param_spec_string("device", NULL,
		"The device the estimate is against, by name", "u250",
		G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
			G_PARAM_STATIC_STRINGS);
	props[PROP_ESTIMATE] = pointer_prop("estimate",
		"The design's estimate on the device (const SyEstimate *)");
	props[PROP_THROUGHPUT] = pointer_prop("throughput",
		"Each dataflow's estimated throughput (GArray of double)");
	g_object_class_install_properties(object_class, N_PROPS, props);
}

static void sy_pipeline_init(SyPipeline *self)
{
	self->dataflow = -1;
	self->sizes = sy_sizes_new();
	self->device = g_strdup("u250");
	self->throughput = g_array_new(FALSE, FALSE, sizeof(double));
	self->facts = g_array_new(FALSE, TRUE, sizeof(SySurveyEntry));
	g_array_set_clear_func(self->facts, sy_survey_entry_clear);
	self->formed = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_pipeline_result_unref);
}

SyPipeline *sy_pipeline_new(void)
{
	return g_object_new(SY_TYPE_PIPELINE, NULL);
}
