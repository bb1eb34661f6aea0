/* SyPipeline: the pipeline of one kernel in the explorer, run off the
 * main thread.  One per window; GLib and GIO only, so that a test drives
 * it without a display.
 *
 * Inputs (main thread): the source (text, path, analysis options), the
 * selected dataflow, its sizes (SyConfig) and the network's options.
 * Each change starts a job, a GTask run on a worker thread (a pool of
 * the pipelines' own, at a lower priority than the main thread): analyse
 * the text, list the dataflow's choices, build the PE array, print its
 * loop nest, build its design.  A newer change cancels the running job
 * (GCancellable, which aborts its isl context; the loop nest, whose
 * printer cannot take failed isl calls, is skipped or printed whole)
 * and bumps the generation: a result of an older generation is dropped,
 * never published.  Results are published as properties with
 * notifications:
 *
 *   "analysis"        const SyAnalysis *: the last that succeeded
 *   "analysis-error"  GError: why the latest analysis failed, or NULL
 *   "stale"           the source changed since "analysis" (or failed)
 *   "dataflow"        int: the selected dataflow, -1 for none; set at
 *                     once by sy_pipeline_select_dataflow
 *   "choices"         const SyChoices *: the dataflow's choices
 *   "config"          const SyConfig *: the sizes of the result below
 *   "pe-array"        const SyPeArray *, NULL if the sizes are refused
 *   "loop-nest"       char *: the PE array's loops as C ("" without)
 *   "error", "error-stage"  GError and SyPipelineStage: why the PE array
 *                     or the design could not be built, or NULL
 *   "design"          const SyDesign *, NULL with an error
 *   "estimate"        const SyEstimate *: the design's estimate on the
 *                     device (model/model.h), NULL without a design or
 *                     if the model refused it (sy_pipeline_get_estimate_
 *                     error says why); for sizes the shown dataflow's
 *                     form covers (model/form.h: a form job builds it
 *                     in a worker after a result of another class is
 *                     shown), the form's estimate of the newest sizes,
 *                     at once on the main thread, before their job's
 *                     result (which brings the same numbers)
 *   "throughput"      each dataflow's estimated throughput at its sizes
 *                     (sy_pipeline_get_throughput): the selected one's
 *                     from its estimate, the others' from a survey, a
 *                     job of its own that builds and estimates every
 *                     dataflow once the newest result is shown after the
 *                     kernel, the device or the network's options
 *                     changed (a newer request puts it off until its
 *                     result is shown: sizes that change share no CPU
 *                     with it; they change the selected dataflow only);
 *                     with it, each one's PE array and the backend's
 *                     refusal (sy_pipeline_get_pe_grid, _get_refusal)
 *   "busy"            a job runs or is about to
 *   "generation"      guint: the job the results come from
 *   "device"          char *, read-write: the device the estimate is
 *                     against, by name ("u250", the default)
 *
 * "pe-array", "loop-nest", "error", "design" and "estimate" change
 * together, in that order: a view of them all listens to "design" (or
 * "estimate", notified after it); "estimate" alone changes earlier when
 * the form gives it (the design's module families are then the same).
 * Pointers are borrowed: each stays valid until its property is notified
 * again (or the pipeline is finalized).  A dataflow's sizes published
 * are remembered for it ("sizes per dataflow", by its loops: an edit of
 * the kernel keeps them).
 *
 * Threading rule.  An isl_ctx is not thread-safe, so no isl context is
 * ever touched by two threads.  A job takes plain data only (the text,
 * the options, the dataflow's number, a copy of the sizes) and builds
 * everything in an isl context of its own: it analyses the text again
 * (mm.c: some 12 ms) rather than borrow a published analysis.  Its
 * result is a bundle (analysis, choices, PE array, loop nest, design)
 * sharing that context; once published, a bundle belongs to the main
 * thread, which reads it and never hands any of its isl objects to a
 * worker; the pipeline holds a reference to every bundle whose contents
 * are published (the analysis's, the choices', the design's: up to three
 * contexts), and the last reference frees the context, on the main
 * thread; a dropped result is freed there too, its job being over.  The
 * only cross-thread call is isl_ctx_abort on a running job's context,
 * which isl provides for exactly that. */
#pragma once

#include <gio/gio.h>

#include "comm/design.h"
#include "compute/config.h"
#include "model/estimate.h"
#include "poly/analysis.h"

G_BEGIN_DECLS

typedef enum {
	SY_PIPELINE_STAGE_NONE,
	SY_PIPELINE_STAGE_ANALYSIS,
	SY_PIPELINE_STAGE_PE_ARRAY,
	SY_PIPELINE_STAGE_DESIGN,
} SyPipelineStage;

#define SY_TYPE_PIPELINE (sy_pipeline_get_type())
G_DECLARE_FINAL_TYPE(SyPipeline, sy_pipeline, SY, PIPELINE, GObject)

SyPipeline *sy_pipeline_new(void); /* give */

/* The kernel: text (len bytes, -1: NUL-terminated) named path, analysed
 * with options (NULL: the defaults) after delay_ms (0: now; a later call
 * within the delay replaces this one, as typing does).  Everything is
 * copied.  "stale" turns TRUE at once if an analysis is shown. */
void sy_pipeline_set_source(SyPipeline *self, const char *path /* keep */,
	const char *text /* keep */, gssize len,
	const SyAnalysisOptions *options /* keep */, guint delay_ms);

/* Selects dataflow id of the analysis shown (-1 or out of range: none);
 * "dataflow" changes at once, its choices and design follow.  The sizes
 * are those it had last (each dataflow keeps its sizes across edits of
 * the kernel), else the defaults. */
void sy_pipeline_select_dataflow(SyPipeline *self, int id);

/* New sizes for the dataflow they name (config->candidate; copied):
 * remembered for it, and built if it is the selected one. */
void sy_pipeline_set_config(
	SyPipeline *self, const SyConfig *config /* keep */);

/* The network's switches (copied, pack table included). */
void sy_pipeline_set_design_options(
	SyPipeline *self, const SyDesignOptions *options /* keep */);

/* The device the estimate is against, by name (copied; "device"): a
 * new one builds the design again with its estimate. */
void sy_pipeline_set_device(SyPipeline *self, const char *name /* keep */);
const char *sy_pipeline_get_device(SyPipeline *self);

/* A space-time transform (core/poly/space-time.h, as --space-time
 * takes it; copied) applied to every analysis from now on, before the
 * dataflows are found: the analysis shown is then the transformed
 * band's and the dataflow its array (the transform's space rows); NULL
 * or "" for none.  A new analysis follows ("analysis"). */
void sy_pipeline_set_space_time(
	SyPipeline *self, const char *text /* keep, may be NULL */);
/* The transform asked for (NULL: none); why the analysis shown could
 * not take it (it is then the untransformed one), or NULL. */
const char *sy_pipeline_get_space_time(SyPipeline *self);
const GError *sy_pipeline_get_space_time_error(SyPipeline *self);
/* The legal transforms of the kernel's band (SyTransformRow,
 * sy-transform-rows.h), built with the analysis shown; NULL before one.
 * Valid until "analysis" is notified again. */
const GPtrArray *sy_pipeline_get_transforms(SyPipeline *self);
/* Each array's movement in the design shown, a line each ("x:
 * stationary (0, 1)"), or NULL; valid until "design" is notified. */
const char *sy_pipeline_get_movement(SyPipeline *self);

/* The published results, as the properties above (all keep). */
const SyAnalysis *sy_pipeline_get_analysis(SyPipeline *self);
const GError *sy_pipeline_get_analysis_error(SyPipeline *self);
gboolean sy_pipeline_is_stale(SyPipeline *self);
int sy_pipeline_get_dataflow(SyPipeline *self);
const SyChoices *sy_pipeline_get_choices(SyPipeline *self);
const SyConfig *sy_pipeline_get_config(SyPipeline *self);
const SyPeArray *sy_pipeline_get_pe_array(SyPipeline *self);
const char *sy_pipeline_get_loop_nest(SyPipeline *self);
const SyDesign *sy_pipeline_get_design(SyPipeline *self);
const SyEstimate *sy_pipeline_get_estimate(SyPipeline *self);
const GError *sy_pipeline_get_estimate_error(SyPipeline *self);

/* Whether the shown dataflow has its models' form (a form job's, see
 * "estimate"): sizes of its class are then estimated at once. */
gboolean sy_pipeline_has_form(SyPipeline *self);

/* Dataflow id's estimated throughput at its sizes, GOP/s (GFLOP/s if
 * *flops); NaN while it is not known. */
double sy_pipeline_get_throughput(
	SyPipeline *self, guint id, gboolean *flops /* out, may be NULL */);
/* Dataflow id's PE array at its sizes, from the same survey and
 * estimates: PEs along each space loop in pe, and how many loops; 0
 * while it is not known or where its sizes are refused. */
guint sy_pipeline_get_pe_grid(
	SyPipeline *self, guint id, gint64 pe[3] /* out */);
/* Why the HLS backend (an export) refuses dataflow id's design at its
 * sizes, known from the same survey and estimates; NULL if it does not
 * or it is not known yet. */
const char *sy_pipeline_get_refusal(SyPipeline *self, guint id);
const GError *sy_pipeline_get_error(
	SyPipeline *self, SyPipelineStage *stage /* out, may be NULL */);
gboolean sy_pipeline_is_busy(SyPipeline *self);

/* The generation of the results published, and of the newest request:
 * equal when nothing is pending. */
guint sy_pipeline_get_generation(SyPipeline *self);
guint sy_pipeline_get_requested(SyPipeline *self);

/* The network's options of the design published (before any, as last
 * set); the pack table is the pipeline's. */
const SyDesignOptions *sy_pipeline_get_design_options(SyPipeline *self);

/* Jobs of every pipeline whose completion has not run on the main
 * context yet (a finalized pipeline's included): 0 once the last has
 * been dropped or published. */
guint sy_pipeline_count_jobs(void);

G_END_DECLS
