/* An analysis as the CLI prints it: one JSON object, or readable
 * tables. */
#pragma once

#include <json-glib/json-glib.h>

#include "poly/analysis.h"

G_BEGIN_DECLS

JsonNode *sy_report_analysis_json(const SyAnalysis *analysis);
char *sy_report_analysis_text(const SyAnalysis *analysis);

/* "A read (0, 1) exterior; C flow (0, 0) interior" */
char *sy_report_io_groups(const SyCandidate *candidate);

/* "(0, 1, 0)" */
char *sy_report_vector(const gint64 *v, guint n);

G_END_DECLS
