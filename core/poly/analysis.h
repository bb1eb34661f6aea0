/* The analysis pipeline, from a C file to dataflow candidates:
 * preprocess, parse, build the polyhedral model, compute dependences, find
 * the outermost permutable band, measure distances, decide legality, list
 * candidates.  One SyAnalysis owns one isl context and everything built
 * in it, so analyses can run in parallel threads. */
#pragma once

#include <gio/gio.h>

#include "base/own.h"
#include "frontend/program.h"
#include "poly/band.h"
#include "poly/dataflow.h"
#include "poly/deps-measure.h"
#include "poly/deps.h"
#include "poly/isl-stage.h"
#include "poly/scop.h"
#include "poly/space-time.h"

G_BEGIN_DECLS

typedef struct {
	__isl_keep const char *const *defines; /* "NAME" or "NAME=VALUE" */
	__isl_keep const char *const *include_dirs;
	guint max_dims; /* 2 unless set; 3 for 3D arrays */
	/* isl operations per stage, for every stage on this analysis's
	 * context: 0 for SY_MAX_OPERATIONS_DEFAULT,
	 * SY_MAX_OPERATIONS_UNLIMITED for no limit. */
	guint64 max_operations;
	/* AutoSA's --live-range-reordering: the false dependences of
	 * arrays declared in the SCoP do not limit the band
	 * (sy_deps_reorder_live_ranges) */
	gboolean live_range_reordering;
} SyAnalysisOptions;

typedef struct {
	isl_ctx *ctx; /* everything below lives in it */
	SyProgram *prog;
	SyScop *scop;
	SyDeps *deps;
	SyBand *band;
	guint max_dims; /* the largest arrays listed */
	guint64 max_operations; /* as given in the options */
	gboolean live_range_reordering; /* as given in the options */
	gboolean legal;
	GPtrArray *reasons; /* char * */
	GPtrArray *candidates; /* SyCandidate */
	/* --no-reschedule put the source order's band back where isl's
	 * was taken (sy_analysis_keep_source_order): the command that made
	 * a design says so. */
	gboolean source_kept;
	/* --space-time (sy_analysis_apply_space_time): the transform, and
	 * the band it is over (band is then T x its members); NULL
	 * otherwise. */
	SySpaceTime *space_time;
	SyBand *loop_band;
} SyAnalysis;

__isl_give SyAnalysis *sy_analysis_new_from_file(__isl_keep const char *path,
	__isl_keep const SyAnalysisOptions *options, GError **error);
__isl_give SyAnalysis *sy_analysis_new_from_data(__isl_keep const char *path,
	__isl_keep const char *text, gssize len,
	__isl_keep const SyAnalysisOptions *options, GError **error);
void sy_analysis_free(__isl_take SyAnalysis *analysis);
/* After sy_deps_choose_reuse: the dependences measured again and the
 * dataflows found again (the candidates and their ids may change). */
gboolean sy_analysis_reuse_changed(
	__isl_keep SyAnalysis *analysis, GError **error);
/* AutoSA's --no-reschedule: where the band is isl's scheduler's
 * (band.h), the source order's band in its place, the dependences
 * measured and the dataflows found again; nothing otherwise. */
gboolean sy_analysis_keep_source_order(
	__isl_keep SyAnalysis *analysis, GError **error);
/* A space-time transform (space-time.h) read from text over the band:
 * the band's schedule replaced by T x (its members), the dependences
 * measured and the dataflows found again; the first st->n_space
 * members are the space loops.  Fails (SY_SPACE_TIME_ERROR_ILLEGAL)
 * naming the dependence when a flow, anti or output dependence would
 * have a time distance that is not lexicographically positive (or a
 * negative distance on a member: the band must stay permutable to be
 * tiled).  Once only. */
gboolean sy_analysis_apply_space_time(__isl_keep SyAnalysis *analysis,
	__isl_keep const char *text, GError **error);
/* AutoSA's space_time[N] of a loop-aligned transform st whose time
 * rows keep the band's order, or -1. */
gint sy_analysis_space_time_autosa(__isl_keep const SyAnalysis *analysis,
	__isl_keep const SySpaceTime *st);
/* Whether sy_analysis_apply_space_time would take st (its legality
 * alone, checked with isl on the dependences' relations). */
gboolean sy_analysis_space_time_legal(
	__isl_keep SyAnalysis *analysis, __isl_keep const SySpaceTime *st);

/* As sy_analysis_new_from_data; cancellable (may be NULL) aborts it
 * from another thread: it then fails with G_IO_ERROR_CANCELLED. */
__isl_give SyAnalysis *sy_analysis_new_cancellable(__isl_keep const char *path,
	__isl_keep const char *text, gssize len,
	__isl_keep const SyAnalysisOptions *options,
	__isl_keep GCancellable *cancellable, GError **error);

/* The path of the file analysed, for messages. */
__isl_keep const char *sy_analysis_path(__isl_keep const SyAnalysis *analysis);

/* sy_analysis_new_from_data in a worker thread (the analysis owns its
 * own isl context); text and options are copied.  Cancelling aborts the
 * isl computation (isl_ctx_abort) and drops the result: _finish then
 * fails with G_IO_ERROR_CANCELLED, which is how a newer analysis makes
 * an older one stale without a thread left computing it. */
void sy_analysis_new_async(__isl_keep const char *path,
	__isl_keep const char *text, gssize len,
	__isl_keep const SyAnalysisOptions *options,
	__isl_keep GCancellable *cancellable, GAsyncReadyCallback callback,
	gpointer user_data);
__isl_give SyAnalysis *sy_analysis_new_finish(
	__isl_keep GAsyncResult *result, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyAnalysis, sy_analysis_free)

G_END_DECLS
