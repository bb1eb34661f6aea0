#include <string.h>

#include "comm/design-options.h"
#include "comm/io-plan.h"
#include "sim/sim-design.h"
#include "project/export-job.h"
#include "project/export.h"

struct _SyExportJob {
	char *path;
	char *text;
	gsize len;
	char **defines; /* NULL-terminated, or NULL */
	char **include_dirs;
	guint max_dims;
	guint64 max_operations;
	gboolean live_range_reordering;
	guint candidate;
	SyConfig *config;
	SyDesignOptions design_options; /* its pack table is the job's */
	char *device;
	char *dir;
	gboolean force;
	gboolean ran;
	GCancellable *cancellable; /* or NULL */

	/* the outcome */
	guint n_files;
	char *device_description;
	GPtrArray *warnings; /* char * */
	char *simulated; /* sy_sim_design_summary's, or NULL */
};

SyExportJob *sy_export_job_new(const char *path, const char *text, gssize len,
	const SyAnalysisOptions *options, guint candidate,
	const SyConfig *config, const SyDesignOptions *design_options,
	const char *device, const char *dir, gboolean force)
{
	SyExportJob *job = g_new0(SyExportJob, 1);

	job->path = g_strdup(path);
	job->len = len < 0 ? strlen(text) : (gsize)len;
	/* Byte for byte, as the analysis read it: a NUL inside too. */
	job->text = g_malloc(job->len + 1);
	memcpy(job->text, text, job->len);
	job->text[job->len] = '\0';
	if (options) {
		job->defines = g_strdupv((char **)options->defines);
		job->include_dirs = g_strdupv((char **)options->include_dirs);
		job->max_dims = options->max_dims;
		job->max_operations = options->max_operations;
		job->live_range_reordering = options->live_range_reordering;
	}
	job->candidate = candidate;
	job->config = sy_config_copy(config);
	if (design_options) {
		sy_design_options_copy(&job->design_options, design_options);
	}
	job->device = g_strdup(device);
	job->dir = g_strdup(dir);
	job->force = force;
	return job;
}

void sy_export_job_free(SyExportJob *job)
{
	if (!job)
		return;
	g_free(job->path);
	g_free(job->text);
	g_strfreev(job->defines);
	g_strfreev(job->include_dirs);
	sy_config_free(job->config);
	sy_design_options_clear(&job->design_options);
	g_free(job->device);
	g_free(job->dir);
	g_free(job->device_description);
	g_free(job->simulated);
	g_clear_pointer(&job->warnings, g_ptr_array_unref);
	g_clear_object(&job->cancellable);
	g_free(job);
}

/* Where each stage begins, as a share of the whole: for mm.c with
 * 16 x 16 x 16 tiles the analysis and the design take 15 ms, the HLS
 * backend 52 ms, writing 1 ms. */
#define GENERATING 0.2
#define WRITING 0.95

static void report(SyExportJobProgress progress, gpointer data,
	const char *stage, double fraction)
{
	if (progress)
		progress(stage, fraction, data);
}

static SyAnalysis *analyse(const SyExportJob *job, GError **error)
{
	SyAnalysisOptions options = {(const char *const *)job->defines,
		(const char *const *)job->include_dirs, job->max_dims,
		job->max_operations, job->live_range_reordering};

	return sy_analysis_new_cancellable(job->path, job->text,
		(gssize)job->len, &options, job->cancellable, error);
}

/* The dataflow the sizes were chosen for.  The text is the one the
 * creator analysed, so it is there unless the job was made wrong. */
static const SyCandidate *find_candidate(
	const SyExportJob *job, const SyAnalysis *a, GError **error)
{
	const SyCandidate *c;

	if (!a->legal || job->candidate >= a->candidates->len) {
		sy_config_fail(error,
			"%s: dataflow %u does not exist: the kernel has %u",
			job->path, job->candidate, a->candidates->len);
		return NULL;
	}
	c = g_ptr_array_index(a->candidates, job->candidate);
	if (job->config->candidate != c->id ||
		job->config->n_members != a->band->n_members) {
		sy_config_fail(error,
			"%s: the sizes are for dataflow %u of %u loops, not "
			"dataflow %u of %u",
			job->path, job->config->candidate,
			job->config->n_members, c->id, a->band->n_members);
		return NULL;
	}
	return c;
}

/* The stages after the analysis, in its context. */
static gboolean build(SyExportJob *job, SyAnalysis *a, const SyDevice *device,
	SyExportFiles *files, SyExportJobProgress progress, gpointer data,
	GError **error)
{
	g_autoptr(SyChoices) choices = NULL;
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	SyAnalysisOptions options = {(const char *const *)job->defines,
		(const char *const *)job->include_dirs, job->max_dims,
		job->max_operations, job->live_range_reordering};
	const SyCandidate *c = find_candidate(job, a, error);

	if (!c)
		return FALSE;
	/* As the explorer and systole-cli make them: no --simd-info. */
	choices = sy_choices_new_touch(a, c, NULL, job->config->touch_space);
	array = sy_pe_array_new(choices, job->config, error);
	if (!array)
		return FALSE;
	design = sy_design_new(array, &job->design_options, error);
	if (!design)
		return FALSE;
	report(progress, data, "Generating", GENERATING);
	if (!sy_export_files(design, device, &options, files, error))
		return FALSE;
	/* As systole-cli export: a design small enough is simulated. */
	job->simulated = sy_sim_design_summary(
		design, device, job->cancellable);
	return TRUE;
}

/* Everything below the files lives in the analysis's context: it is
 * all freed here, in the thread that made it.  A cancel aborts that
 * context until it is disconnected, before the context is freed. */
static gboolean generate(SyExportJob *job, const SyDevice *device,
	SyExportFiles *files, SyExportJobProgress progress, gpointer data,
	GError **error)
{
	SyAnalysis *a = analyse(job, error);
	gulong id;
	gboolean ok;

	if (!a)
		return FALSE;
	id = sy_isl_cancel_connect(a->ctx, job->cancellable);
	ok = build(job, a, device, files, progress, data, error);
	sy_isl_cancel_disconnect(job->cancellable, id);
	/* Cancelled after the last isl call: nothing is written either. */
	if (ok &&
		g_cancellable_set_error_if_cancelled(job->cancellable, error)) {
		sy_export_files_clear(files);
		ok = FALSE;
	}
	sy_analysis_free(a);
	return ok;
}

void sy_export_job_set_cancellable(SyExportJob *job, GCancellable *cancellable)
{
	g_set_object(&job->cancellable, cancellable);
}

gboolean sy_export_job_run(SyExportJob *job, SyExportJobProgress progress,
	gpointer data, GError **error)
{
	g_autoptr(SyDevice) device = NULL;
	SyExportFiles files = {0};
	gboolean ok;

	g_return_val_if_fail(!job->ran, FALSE);
	job->ran = TRUE;
	report(progress, data, "Analysing", 0);
	/* A folder in the way costs nothing to find out: say so before the
	 * work.  sy_export_write checks again when it writes. */
	if (!sy_export_write_allowed(job->dir, job->force, error))
		return FALSE;
	device = sy_device_load(job->device, error);
	if (!device)
		return FALSE;
	if (!generate(job, device, &files, progress, data, error))
		return FALSE;
	report(progress, data, "Writing", WRITING);
	ok = sy_export_write(&files, job->dir, job->force, error);
	if (ok) {
		job->n_files = files.paths->len;
		job->device_description = g_strdup(device->description);
		job->warnings = g_steal_pointer(&files.warnings);
		report(progress, data, "Writing", 1);
	}
	sy_export_files_clear(&files);
	return ok;
}

const char *sy_export_job_get_dir(const SyExportJob *job)
{
	return job->dir;
}

const char *sy_export_job_get_device(const SyExportJob *job)
{
	return job->device;
}

guint sy_export_job_get_n_files(const SyExportJob *job)
{
	return job->n_files;
}

const char *sy_export_job_get_device_description(const SyExportJob *job)
{
	return job->device_description;
}

GPtrArray *sy_export_job_get_warnings(const SyExportJob *job)
{
	return job->warnings;
}

const char *sy_export_job_get_simulated(const SyExportJob *job)
{
	return job->ran && job->n_files ? job->simulated : NULL;
}
