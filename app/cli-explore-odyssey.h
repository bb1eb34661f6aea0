/* systole-cli explore --model odyssey and --method (cli-explore.c):
 * Odyssey's space searched with Odyssey's model (dse/odyssey-search.h),
 * exactly or by its padding-based and genetic searches. */
#pragma once

#include <glib.h>

#include "poly/analysis.h"

G_BEGIN_DECLS

typedef struct {
	const char *path; /* the kernel */
	SyAnalysisOptions ao;
	const char *model, *method; /* NULL: systole, exact */
	const char *device; /* NULL: u250 */
	const char *space, *order; /* --space, --tile-order (NULL: all) */
	gboolean pad_set, time_limit_set; /* Systole's: refused */
	guint top, threads;
	gboolean json, csv;
} CliExploreOdyssey;

/* -1 where --model and --method are known and go together, else the
 * exit code (a usage error printed). */
int cli_explore_odyssey_check(
	__isl_keep const char *model, __isl_keep const char *method);

/* Whether o asks for Odyssey's searches (--model odyssey, or a
 * --method other than exact). */
gboolean cli_explore_odyssey_wanted(__isl_keep const CliExploreOdyssey *o);

/* The report (text, JSON or CSV) or NULL with error. */
__isl_give char *cli_explore_odyssey(
	__isl_keep const CliExploreOdyssey *o, GError **error);

G_END_DECLS
