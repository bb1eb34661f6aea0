/* The analysis pipeline, from a C file to dataflow candidates:
 * preprocess, parse, build the polyhedral model, compute dependences, find
 * the outermost permutable band, measure distances, decide legality, list
 * candidates.  One SyAnalysis owns one isl context and everything built
 * in it, so analyses can run in parallel threads. */
#pragma once

#include <gio/gio.h>

#include "frontend/program.h"
#include "poly/band.h"
#include "poly/dataflow.h"
#include "poly/deps-measure.h"
#include "poly/deps.h"
#include "poly/isl-stage.h"
#include "poly/scop.h"

G_BEGIN_DECLS

typedef struct {
	const char *const *defines; /* "NAME" or "NAME=VALUE" */
	const char *const *include_dirs;
	guint max_dims; /* 2 unless set; 3 for 3D arrays */
	/* isl operations per stage, for every stage on this analysis's
	 * context: 0 for SY_MAX_OPERATIONS_DEFAULT,
	 * SY_MAX_OPERATIONS_UNLIMITED for no limit. */
	guint64 max_operations;
} SyAnalysisOptions;

typedef struct {
	isl_ctx *ctx;
	SyProgram *prog;
	SyScop *scop;
	SyDeps *deps;
	SyBand *band;
	guint max_dims; /* the largest arrays listed */
	guint64 max_operations; /* as given in the options */
	gboolean legal;
	GPtrArray *reasons; /* char * */
	GPtrArray *candidates; /* SyCandidate */
} SyAnalysis;

SyAnalysis *sy_analysis_new_from_file(
	const char *path, const SyAnalysisOptions *options, GError **error);
SyAnalysis *sy_analysis_new_from_data(const char *path, const char *text,
	gssize len, const SyAnalysisOptions *options, GError **error);
void sy_analysis_free(SyAnalysis *analysis);

/* As sy_analysis_new_from_data; cancellable (may be NULL) aborts it
 * from another thread: it then fails with G_IO_ERROR_CANCELLED. */
SyAnalysis *sy_analysis_new_cancellable(const char *path, const char *text,
	gssize len, const SyAnalysisOptions *options,
	GCancellable *cancellable, GError **error);

/* The path of the file analysed, for messages. */
const char *sy_analysis_path(const SyAnalysis *analysis);

/* sy_analysis_new_from_data in a worker thread (the analysis owns its
 * own isl context); text and options are copied.  Cancelling aborts the
 * isl computation (isl_ctx_abort) and drops the result: _finish then
 * fails with G_IO_ERROR_CANCELLED, which is how a newer analysis makes
 * an older one stale without a thread left computing it. */
void sy_analysis_new_async(const char *path, const char *text, gssize len,
	const SyAnalysisOptions *options, GCancellable *cancellable,
	GAsyncReadyCallback callback, gpointer user_data);
SyAnalysis *sy_analysis_new_finish(GAsyncResult *result, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyAnalysis, sy_analysis_free)

G_END_DECLS
