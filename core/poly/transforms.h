/* Every legal space-time transform with small coefficients (issue 16,
 * systole-cli transforms): dims space rows and one time row over the
 * band's loops, each coefficient in [-max_coef, max_coef], completed
 * as space-time.h completes them.  A transform is listed when
 * sy_analysis_apply_space_time would take it and compile could build
 * its array:
 *   - unimodular once completed;
 *   - every flow, anti and output dependence with a lexicographically
 *     positive time distance (or none at all) and no negative distance
 *     on a member (the band stays permutable);
 *   - every flow and read dependence at distance 0 or 1 on each space
 *     row (dataflow.h's rule for space loops).
 * Two transforms whose space rows span the same lattice (the same
 * iterations share a PE: rows negated, swapped or combined
 * unimodularly; compared by their Hermite normal form) and whose time
 * rows are equal give the same array up to how its PEs are numbered:
 * only the first in the list's order is kept.  The order: loop-aligned
 * transforms by AutoSA's space_time[N], then by the sum of the
 * coefficients' magnitudes, then row by row. */
#pragma once

#include "poly/analysis.h"
#include "poly/space-time.h"

G_BEGIN_DECLS

/* Matrices enumerated at most: (2 max_coef + 1) ^ (loops x (dims +
 * 1)) beyond it is refused. */
#define SY_TRANSFORMS_MAX_MATRICES ((guint64)2000000)

typedef struct {
	SySpaceTime *st;
	gint64 *given; /* (n_space + 1) x n_loops: the rows enumerated */
	gint64 shape[SY_SPACE_TIME_MAX_SPACE]; /* PEs along each space row */
	/* values of each time row (n_time numbers), and their product */
	gint64 time_extent[SY_SPACE_TIME_MAX_LOOPS];
	gint64 steps;
	GPtrArray *movement; /* SyMovement */
} SyTransform;

typedef struct {
	guint dims;
	gint64 max_coef;
	guint64 enumerated; /* matrices looked at */
	guint64 unimodular; /* of them, unimodular once completed */
	guint64 legal; /* of them, legal (before the duplicates went) */
	GPtrArray *transforms; /* SyTransform, the list */
} SyTransforms;

/* The transforms of a's band (a not transformed).  Fails on a band of
 * fewer than dims + 1 loops or more than SY_SPACE_TIME_MAX_LOOPS, dims
 * beyond SY_SPACE_TIME_MAX_SPACE or a's max_dims, max_coef below 1, or
 * a count beyond SY_TRANSFORMS_MAX_MATRICES, each with a hint. */
__isl_give SyTransforms *sy_transforms_enumerate(
	__isl_keep SyAnalysis *a, guint dims, gint64 max_coef, GError **error);
void sy_transforms_free(__isl_take SyTransforms *t);

/* The texts a list of transforms shows (systole-cli transforms, the
 * explorer's list; its rows: sy_space_time_rows_text): the PEs along
 * each space row as "16" or "4x4", and each array's movement as
 * "x S(0,1) w B(1,0)" (a letter per kind, the first step's (dk...,
 * dt...)). */
__isl_give char *sy_transform_shape_text(__isl_keep const SyTransform *t);
__isl_give char *sy_transform_movement_text(__isl_keep const GPtrArray *moves);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyTransforms, sy_transforms_free)

G_END_DECLS
