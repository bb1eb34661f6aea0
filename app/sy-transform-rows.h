/* The explorer's list of space-time transforms (issue 16) as plain
 * text, built on a pipeline's worker from its analysis (transforms.h:
 * 1-D arrays, coefficients in [-1, 1], as systole-cli transforms lists
 * them) and read on the main thread: no isl object crosses. */
#pragma once

#include <glib.h>

#include "poly/analysis.h"

G_BEGIN_DECLS

/* Bands of more loops are not enumerated in the explorer: 3 ^ (2 x 4)
 * matrices at most, a few ms of isl each at worst. */
#define SY_TRANSFORM_ROWS_MAX_LOOPS 4

typedef struct {
	char *space_time; /* the rows as given: "[[1,1],[0,1]]" */
	char *pes; /* PEs along the space row: "4" */
	gint64 steps; /* time steps */
	char *autosa; /* "space_time[1]", "aligned" or "-" */
	/* each group's movement: "x S(0,1) w B(1,0) z M(1,1)" */
	char *movement;
	gboolean loop_aligned;
} SyTransformRow;

/* The legal transforms of a's band (a not transformed), a row each
 * (SyTransformRow); an empty list for a band beyond
 * SY_TRANSFORM_ROWS_MAX_LOOPS loops or one the enumeration refuses. */
GPtrArray *sy_transform_rows_new(SyAnalysis *a /* keep */); /* give */

/* One line per group of a's movement under the design's dataflow c
 * (movement.h), "x: stationary (0, 1)"; NULL if none is known. */
char *sy_transform_rows_movement(const SyAnalysis *a /* keep */,
	const SyCandidate *c /* keep */); /* give */

G_END_DECLS
