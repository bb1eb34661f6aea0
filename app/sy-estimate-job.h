/* What the explorer's pipeline (sy-pipeline.h) estimates in its
 * workers, GLib only: the estimate of the design on screen, and the
 * throughput of every dataflow of a kernel at its sizes, which the
 * dataflow list shows.  Both run on a worker thread, in the job's own
 * isl context. */
#pragma once

#include <gio/gio.h>

#include "comm/design.h"
#include "compute/config.h"
#include "model/estimate.h"
#include "model/form.h"
#include "poly/analysis.h"

G_BEGIN_DECLS

/* The estimate of design on the device named (a built-in one or one of
 * the user's profiles, as sy_device_lookup finds it).  The design is
 * completed first, as an export completes it (the models read its
 * modules' code), in an isl stage of its own; options are those the
 * kernel was analysed with (may be NULL).  NULL with error if there is
 * no such device, or the backend or the model refuses the design.  Its
 * isl calls must not be aborted: the code's printer takes no failed
 * call (disconnect a cancel first). */
SyEstimate *sy_estimate_job_design(SyDesign *design /* keep */,
	const SyAnalysisOptions *options /* keep */,
	const char *device /* keep */, GError **error); /* give */

/* What a survey finds of one dataflow at its sizes. */
typedef struct {
	double gops; /* its throughput, NaN without an estimate */
	guint n_pe; /* its PE array's dimensions; 0: its sizes refused */
	gint64 pe[3]; /* PEs along each space loop */
	char *refused; /* why the HLS backend (systole-cli export) refuses
			  its design, or NULL */
} SySurveyEntry;

/* Frees what entry holds (a GArray's clear function). */
void sy_survey_entry_clear(gpointer entry /* SySurveyEntry */);

/* The throughput (GOP/s, GFLOP/s if *flops) of each dataflow of
 * analysis a, built at its sizes (sizes: a table of sy-sizes.h; the
 * defaults where it has none) with the network's options and estimated
 * on device, its PE array and the backend's refusal: a SySurveyEntry
 * per candidate (the array clears them), gops NaN where its sizes,
 * design or estimate fail.  NULL once cancellable is cancelled, which
 * it checks between dataflows (it must not abort a's context: see
 * above). */
GArray *sy_estimate_job_survey(const SyAnalysis *a /* keep */,
	GHashTable *sizes /* keep */,
	const SyDesignOptions *options /* keep */,
	const SyAnalysisOptions *analysis_options /* keep */,
	const char *device /* keep */, GCancellable *cancellable,
	gboolean *flops /* out */); /* give */

/* The latency and resource models' form (model/form.h) of the dataflow
 * of choices c at config, with the network's options: its design built
 * and completed as above, then checked against a design built at each
 * of its probes in turn (sy_model_form_next_probe, until it gives
 * none), which settles the numbers one probe leaves open.  NULL with
 * error where the form is refused, its class has no other sizes, a
 * probe's design cannot be built, a check finds a difference, or
 * cancellable (may be NULL) is cancelled, which it checks before each
 * probe's design.  Its isl calls must not be aborted (see above). */
SyModelForm *sy_estimate_job_form(const SyChoices *c /* keep */,
	const SyConfig *config /* keep */,
	const SyDesignOptions *options /* keep */,
	const SyAnalysisOptions *analysis_options /* keep */,
	GCancellable *cancellable, GError **error); /* give */

G_END_DECLS
