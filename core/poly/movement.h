/* How each array's data move through the array a space-time transform
 * gives (space-time.h): the reuse of an access on the band's loops is
 * the null space of its subscripts' coefficients there (uniform
 * kernels); the transform maps a reuse direction r to (dk..., dt...)
 * = T r, the PE step and the time step between two uses of the same
 * element.  Normalised: the time part is lexicographically positive,
 * or zero with the first non-zero dk positive.  Then
 *   dk = 0          stationary (the element stays in its PE),
 *   dt = 0          broadcast (every PE along dk at the same step),
 *   dk != 0, dt > 0 forwarded PE to PE at |dk|/dt PEs per step
 *                   (read), or a moving result (written).
 * An array whose accesses have different coefficients is one group per
 * coefficient matrix; an access with no reuse (every element used
 * once) is NONE; with a reuse space of several dimensions each basis
 * direction is given, and the group is stationary or broadcast if each
 * direction is, MULTI otherwise. */
#pragma once

#include "base/own.h"
#include "poly/analysis.h"
#include "poly/band.h"
#include "poly/scop.h"
#include "poly/space-time.h"

G_BEGIN_DECLS

typedef enum {
	SY_MOVEMENT_NONE, /* no reuse on the band */
	SY_MOVEMENT_STATIONARY, /* dk = 0 */
	SY_MOVEMENT_BROADCAST, /* dt = 0 */
	SY_MOVEMENT_FORWARDED, /* read, dk != 0 and dt > 0 */
	SY_MOVEMENT_MOVING, /* written (a result), dk != 0 and dt > 0 */
	SY_MOVEMENT_MULTI, /* several reuse directions of different kinds */
	SY_MOVEMENT_NON_UNIFORM, /* subscripts not affine with constant
				    coefficients on the band */
} SyMovementKind;

/* One reuse direction and its step. */
typedef struct {
	SyMovementKind kind; /* never MULTI */
	/* the direction over the band's members before the transform
	 * (the original loops), primitive, n_loops numbers */
	gint64 reuse[SY_SPACE_TIME_MAX_LOOPS];
	gint64 dk[SY_SPACE_TIME_MAX_SPACE]; /* n_space numbers */
	gint64 dt[SY_SPACE_TIME_MAX_LOOPS]; /* n_time numbers, outer first */
} SyMovementStep;

typedef struct {
	__isl_keep const SyArray *array;
	/* __isl_keep const SyAccess *: the group's accesses, in the
	 * SCoP's order */
	GPtrArray *accesses;
	gboolean written; /* one of them writes */
	guint n_loops, n_space, n_time;
	SyMovementKind kind;
	/* The first step's (steps[0]), or zeros for NONE: dk per space
	 * row, and dt the first non-zero time step (dt_row says which
	 * time row, 0 with a single time row). */
	gint64 dk[SY_SPACE_TIME_MAX_SPACE];
	gint64 dt;
	guint dt_row;
	guint n_steps; /* the reuse space's dimension */
	SyMovementStep *steps;
	/* the group's index among its array's groups, and how many the
	 * array has: the JSON names a group "A" when alone, "A#1", "A#2"
	 * otherwise */
	guint group;
	guint n_groups;
} SyMovement;

/* "stationary", "broadcast", "forwarded", "moving", "multi", "none",
 * "non-uniform". */
__isl_keep const char *sy_movement_kind_name(SyMovementKind kind);

/* The movement of every array of scop (in the order of scop->arrays,
 * then of their groups) under st over band (the band st is over: the
 * analysis' before the transform).  Scalars and arrays the band's
 * statements do not access are left out.  A stage of its own (a fresh
 * isl budget; sy_isl_stage_check says whether isl failed: the groups
 * are then NON_UNIFORM). */
__isl_give GPtrArray *sy_movement_compute(__isl_keep const SyScop *scop,
	__isl_keep const SyBand *band, __isl_keep const SySpaceTime *st);
void sy_movement_free(__isl_take SyMovement *m);
/* The movement of a's array c: under a->space_time over a->loop_band
 * when a transform was applied (c is then its candidate), else under
 * c's loop-aligned transform (sy_space_time_new_aligned) over a->band;
 * NULL for a band of more than SY_SPACE_TIME_MAX_LOOPS loops. */
__isl_give GPtrArray *sy_movement_of_candidate(
	__isl_keep const SyAnalysis *a, __isl_keep const SyCandidate *c);

/* The name of m in the JSON ("x", or "x#2" when x has several
 * groups). */
__isl_give char *sy_movement_name(__isl_keep const SyMovement *m);
/* One line: "x: stationary (0, 1)", "w: forwarded -k at 1/2 PE per
 * step (1, 2)". */
__isl_give char *sy_movement_describe(__isl_keep const SyMovement *m);

G_END_DECLS
