/* An export of one design as plain data, for a worker thread.
 *
 * The explorer's analysis lives in an isl context of its own, and isl
 * contexts are not thread-safe: a job therefore copies what made the
 * design (the kernel's text as analysed, the analysis options, the
 * dataflow, its sizes and the network options) and builds it all again
 * in a context it owns, then writes the project folder as
 * systole-cli export does.  The job shares nothing with its creator. */
#pragma once

#include "comm/design.h"
#include "compute/config.h"
#include "poly/analysis.h"

G_BEGIN_DECLS

typedef struct _SyExportJob SyExportJob;

/* Called from the thread running the job as each stage begins
 * ("Analysing", "Generating", "Writing") and once more when it is done,
 * with the fraction done so far (0 to 1). */
typedef void (*SyExportJobProgress)(
	const char *stage, double fraction, gpointer data);

/* text (len bytes, -1: NUL-terminated) is the kernel as analysed, under
 * the name path (its folder resolves #include "..." as the analysis
 * did).  Everything is copied; options and design_options may be
 * NULL. */
SyExportJob *sy_export_job_new(const char *path, const char *text, gssize len,
	const SyAnalysisOptions *options, guint candidate,
	const SyConfig *config, const SyDesignOptions *design_options,
	const char *device, const char *dir, gboolean force);
void sy_export_job_free(SyExportJob *job);

/* Analyses, builds the design, generates the files and writes them
 * into the folder atomically.  progress may be NULL.  Errors are those
 * of the stages (input, SY_CONFIG_ERROR, SY_DESIGN_ERROR, the HLS
 * backend's refusals, SY_DEVICE_ERROR, SY_EXPORT_ERROR).  A job runs
 * once. */
gboolean sy_export_job_run(SyExportJob *job, SyExportJobProgress progress,
	gpointer data, GError **error);

/* Cancelling it (from any thread) aborts the job's isl work before the
 * files are written: the run then fails with G_IO_ERROR_CANCELLED and
 * writes nothing.  Set before the run; the explorer's is cancelled by
 * its Cancel button only, so that an export outlives its window. */
void sy_export_job_set_cancellable(
	SyExportJob *job, GCancellable *cancellable);

/* The project folder, as given. */
const char *sy_export_job_get_dir(const SyExportJob *job);
const char *sy_export_job_get_device(const SyExportJob *job);

/* After a run that succeeded: the files written and the device's
 * description ("AMD Alveo U250 (...)"); 0 and NULL before. */
guint sy_export_job_get_n_files(const SyExportJob *job);
const char *sy_export_job_get_device_description(const SyExportJob *job);

/* After a run that succeeded: what keeps the design from its best
 * (char *, the job's; also in the project's README); NULL before. */
GPtrArray *sy_export_job_get_warnings(const SyExportJob *job);

/* After a run that succeeded: what the simulator said of the design
 * (sy_sim_design_summary: "simulated: N cycles, no deadlock"), NULL
 * where it is too large to simulate at export. */
const char *sy_export_job_get_simulated(const SyExportJob *job);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyExportJob, sy_export_job_free)

G_END_DECLS
