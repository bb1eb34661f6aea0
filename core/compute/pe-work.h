/* The work of each PE of a PE array: how many points of the band (time
 * steps at which some statement runs) each PE executes, counted in
 * closed form per PE (sy_count_points), never by enumerating points.
 *
 * PE p along a space loop of tile T with L = T / PEs (latency hiding,
 * SIMD on that loop) runs the band values min + t * T + [p * L,
 * p * L + L - 1] over the tiles t: one box per tile, so a PE's set is a
 * union of boxes cut by the iteration space.  A 3-D array is counted
 * per stack of layers (the picture draws rows and columns).
 *
 * Counting costs one count per PE and tile, or three per row where the
 * row is a product along the columns (trmm's rows run all of j, syrk's
 * j <= i).  Past SY_PE_WORK_MAX_COUNTS PE and tile pairs the work is
 * not counted (the utilisation is then unknown), unless the iteration
 * space is a box that the tiles divide: then every PE does the same
 * work and nothing needs counting. */
#pragma once

#include "base/own.h"
#include "compute/pe-array.h"

G_BEGIN_DECLS

#define SY_PE_WORK_MAX_COUNTS 4096

typedef struct {
	gint64 rows, cols; /* as the picture draws them: 1-D is one row */
	/* rows x cols, row-major; NULL where unknown or where every PE
	 * runs busiest (utilisation 1: none stored) */
	gint64 *points;
	gint64 busiest; /* the most points any PE runs */
	gint64 total; /* the points of the band */
	/* The array's utilisation: total / (rows x cols x busiest), the
	 * share of its PEs' time the busiest PE's keeps them running;
	 * -1 when unknown. */
	double utilisation;
	char *why; /* unknown: why ("4096 PEs x 2 tiles: too many to
		      count"), else NULL */
} SyPeWork;

/* The work of array's PEs.  Never fails: when the points are not
 * counted (too many PEs, a set sy_count_points does not count, an isl
 * limit), points is NULL, utilisation -1 and why says why. */
__isl_give SyPeWork *sy_pe_work_new(__isl_keep const SyPeArray *array);
void sy_pe_work_free(__isl_take SyPeWork *work);

/* The points PE (row, col) runs, or -1 when unknown. */
gint64 sy_pe_work_points(
	__isl_keep const SyPeWork *work, gint64 row, gint64 col);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyPeWork, sy_pe_work_free)

G_END_DECLS
