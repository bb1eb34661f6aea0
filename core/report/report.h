/* An analysis as the CLI prints it: one JSON object, or readable
 * tables. */
#pragma once

#include <json-glib/json-glib.h>

#include "base/own.h"
#include "poly/analysis.h"

G_BEGIN_DECLS

__isl_give JsonNode *sy_report_analysis_json(
	__isl_keep const SyAnalysis *analysis);
__isl_give char *sy_report_analysis_text(__isl_keep const SyAnalysis *analysis);

/* "A read (0, 1) exterior; C flow (0, 0) interior" */
__isl_give char *sy_report_io_groups(__isl_keep const SyCandidate *candidate);

/* "(0, 1, 0)" */
__isl_give char *sy_report_vector(__isl_keep const gint64 *v, guint n);

G_END_DECLS
