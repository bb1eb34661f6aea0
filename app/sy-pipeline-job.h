/* SyPipeline's jobs (sy-pipeline.h), private to it: what a job takes
 * (plain data, copied on the main thread), what it builds on a worker
 * (a bundle of results sharing one isl context), and the pipelines' own
 * pool of threads it runs on.  The pipeline decides when a job starts
 * and what of its result is published; this is the worker's side. */
#pragma once

#include <gio/gio.h>

#include "comm/design-options.h"
#include "model/device.h"
#include "model/form.h"
#include "sy-pipeline.h"

G_BEGIN_DECLS

/* What changed since the last job started: analyse the requested
 * text; new choices, remembered sizes; sizes or network options only;
 * the estimate's device. */
enum {
	SY_PIPELINE_CHANGED_SOURCE = 1 << 0,
	SY_PIPELINE_CHANGED_DATAFLOW = 1 << 1,
	SY_PIPELINE_CHANGED_SIZES = 1 << 2,
	SY_PIPELINE_CHANGED_DEVICE = 1 << 3,
};

/* A job's input: plain data only, copied from the main thread. */
typedef struct {
	guint generation;
	guint changed; /* SY_PIPELINE_CHANGED_* */
	char *path;
	char *text;
	gsize len;
	GStrv defines, include_dirs;
	guint max_dims;
	guint64 max_operations;
	gboolean live_range_reordering;
	int dataflow; /* the selected one (kept if it still exists) */
	SyConfig *config; /* CHANGED_SIZES only: the sizes asked for */
	GHashTable *sizes; /* sizes key -> SyConfig, remembered */
	SyDesignOptions design_options; /* its pack table is the job's */
	char *device; /* the estimate's, by name */
	gboolean survey; /* every dataflow's throughput, no design kept */
	gboolean form; /* the models' forms at and next to config */
	/* the space-time transform applied to every analysis (as
	 * --space-time), or NULL */
	char *space_time;
} SyPipelineJob;

/* A job's output: everything in one isl context, the analysis's.
 * Reference counted (g_rc_box); freed on the main thread once
 * published. */
typedef struct {
	guint generation;
	GStrv defines, include_dirs; /* the analysis options, for later jobs */
	SyAnalysis *analysis; /* owns the context: freed last */
	int dataflow;
	SyChoices *choices;
	SyConfig *config;
	SyPeArray *pe_array;
	char *loop_nest;
	SyDesignOptions design_options; /* its pack table is the result's */
	SyDesign *design;
	GError *error; /* of the PE array or the design */
	SyPipelineStage stage;
	SyEstimate *estimate; /* the design's, on the job's device */
	GError *estimate_error;
	GArray *survey; /* a survey's: SySurveyEntry per dataflow */
	gboolean flops;
	/* A form job's: the models' forms (SyModelForm) of the dataflow
	 * at config's class and at the classes of the sizes one step from
	 * it (a tile one more or less, the SIMD width doubled or halved),
	 * those not refused, and the device to estimate on by them. */
	GPtrArray *forms;
	SyDevice *device;
	/* A new analysis's legal transforms (SyTransformRow, built before
	 * the job's transform is applied), why that transform was refused
	 * (the analysis is then the untransformed one), and the design's
	 * movement (sy_transform_rows_movement). */
	GPtrArray *transforms;
	GError *space_time_error;
	char *movement;
} SyPipelineResult;

SyPipelineResult *sy_pipeline_result_ref(
	SyPipelineResult *r /* keep, may be NULL */); /* give */
void sy_pipeline_result_unref(SyPipelineResult *r /* take, may be NULL */);

/* Runs job on a worker of the pool (a job already cancelled does
 * nothing there); callback(NULL, res, data) then runs on the main
 * context, which reads the job as res's task data and takes its result
 * with sy_pipeline_job_finish.  A cancel aborts the job's isl context:
 * its result is then incomplete, for the callback to drop. */
void sy_pipeline_job_start(SyPipelineJob *job /* take */,
	GCancellable *cancellable /* keep */, GAsyncReadyCallback callback,
	gpointer data);

/* The result of the job res ended (NULL with error if its analysis
 * failed or it was cancelled before it began): from then on the job no
 * longer counts. */
SyPipelineResult *sy_pipeline_job_finish(
	GAsyncResult *res /* keep */, GError **error); /* give */

/* Jobs started whose sy_pipeline_job_finish has not run, in every
 * pipeline. */
guint sy_pipeline_job_count(void);

G_END_DECLS
