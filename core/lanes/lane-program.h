/* A lane program (issue 16): a systolic array run in software, the PEs
 * of its first space row the lanes of a vector (c-simd), the work-items
 * of a work-group (OpenCL) or the threads of a warp (CUDA).
 *
 * A space-time transform T (space row first, then time rows) maps the
 * band's values x to y = (k, t0, t1, ...).  The space loop k is
 * strip-mined by the width W: strip s0 runs lanes k = s0 .. s0 + W - 1,
 * and for each time step t (the time box in lexicographic order) lane
 * k runs the statement instance T^-1 (k, t) when it is in the domain
 * (the mask, from the domain's affine constraints).  A time step is
 * one linear step of the box: tau = sum (t_i - tmin_i) stride_i.
 *
 * Each read takes its value one of three ways:
 *   SPLAT  its subscripts leave k out (broadcast, dt = 0): one load a
 *          step, given to every lane;
 *   DELAY  a reuse direction r maps to (dk, dt) = T r with dt
 *          lexicographically positive and at most SY_LANES_MAX_DELAY
 *          steps (delay): the value lane k - dk read delay steps
 *          earlier, kept in a delay line of delay vectors rotated by
 *          dk lanes (stationary when dk = 0, forwarded otherwise), and
 *          loaded from memory (injected) on the lanes whose predecessor
 *          T^-1 (k - dk, t - dt) is outside the domain or the strip;
 *   LOAD   a load per lane (no reuse the lanes can carry).
 * The statement's own previous value (an accumulation, a flow
 * dependence of distance d) is a DELAY read too: the accumulator stays
 * (dk = 0) or moves (a moving result), and the write is stored only on
 * the lanes whose successor T^-1 (k + dk, t + dt) is outside the
 * domain or the strip; a write nothing reads back is stored every
 * step.
 *
 * The coordinates (lane-coords.h) extend T by the loops below the band
 * (innermost time steps) and take its further space rows (a 2-D or
 * 3-D array) as rows of lanes run one after another inside a time
 * step: both are time coordinates t_i here.
 *
 * Supported: one statement (no kills) whose outer loops are the band,
 * arrays of one element type with constant sizes, affine subscripts
 * with integer coefficients.  Everything else is refused with a
 * precise error. */
#pragma once

#include "base/own.h"
#include "lanes/lane-coords.h"
#include "poly/analysis.h"

G_BEGIN_DECLS

/* aff(y) >= 0, or == 0 with eq. */
typedef struct {
	SyLaneAff aff;
	gboolean eq;
} SyLaneConstraint;

typedef enum {
	SY_LANE_LOAD,
	SY_LANE_SPLAT,
	SY_LANE_DELAY,
} SyLaneSource;

typedef struct {
	__isl_keep const SyAccess *access;
	guint n_dims;
	SyLaneAff *index; /* per subscript, over (k, t...) */
	SyLaneSource source;
	gint64 dk; /* DELAY: lanes between uses */
	gint64 *dt; /* DELAY: n_time steps between uses, per time row */
	gint64 delay; /* DELAY: linear steps */
	/* "stationary", "forwarded", "broadcast", "moving", "memory" */
	const char *movement;
} SyLaneRead;

typedef struct {
	guint width; /* W lanes */
	guint n_coords; /* 1 + n_time */
	guint n_time;
	/* the coordinates: the transform's rows reordered and extended
	 * by the loops below the band (lane-coords.h) */
	SyLaneCoords *coords;
	gint64 *rows; /* T, n_coords x n_coords, coords' */
	gint64 *inverse; /* T^-1 */
	char **coord_names; /* "k", "t0", ... */
	__isl_keep const SyAnalysis *analysis;
	__isl_keep const SyStmt *stmt;
	/* the domain as a union of conjunctions: GPtrArray of GArray of
	 * SyLaneConstraint */
	GPtrArray *domain;
	gint64 kmin, kmax;
	gint64 *tmin, *tmax, *stride; /* n_time each */
	gint64 steps; /* the time box's steps */
	/* the first time row's range over a strip, C expressions of its
	 * first lane sy_s0 (clamped to the box where they are used), or
	 * NULL for the box's */
	char *strip_t0_min, *strip_t0_max;
	GPtrArray *reads; /* SyLaneRead, the statement's reads in order */
	SyLaneRead *write; /* the write (its source unused) */
	/* the read holding the statement's previous value of the written
	 * element, NULL if none */
	__isl_keep SyLaneRead *accumulator;
	/* a flow into the accumulator other than its delay line's moves
	 * across lanes: through memory, which only the c-simd target's
	 * one thread keeps in order */
	gboolean crosses_in_memory;
	SyLaneAff *iters; /* the statement's iterators over (k, t...) */
	GPtrArray *arrays; /* __isl_keep const SyArray *: those accessed */
	char *elem_type; /* "float" */
	gboolean integer;
	guint elem_size; /* bytes */
	/* what the lanes do, one line per array ("x: forwarded ..."),
	 * after the steps' line where there is one */
	GPtrArray *notes;
	/* the time coordinates where they are more than the transform's
	 * ("the steps (t0, t1, p): ..."), NULL else; notes' first */
	__isl_keep const char *steps_note;
} SyLaneProgram;

/* The lane program of analysis' single statement under T (n x n,
 * row-major, over the band's n members; its first n_space rows space:
 * the first the lanes, the others rows of lanes), W lanes.  The
 * reuse of each read comes from the dependences of the analysis (read
 * and flow, uniform) and from moves (SyMovement of poly/movement.h,
 * may be NULL): each step of the read's group, its (dk, dt) over the
 * same coordinates as T's. */
__isl_give SyLaneProgram *sy_lane_program_new(
	__isl_keep const SyAnalysis *analysis, __isl_keep const gint64 *rows,
	guint n, guint n_space, guint width, __isl_keep GPtrArray *moves,
	GError **error);
void sy_lane_program_free(__isl_take SyLaneProgram *p);

/* The aff's value printed as C over names (n_coords of them); "" for
 * 0 is printed as "0". */
void sy_lane_aff_print(__isl_keep GString *out, __isl_keep const SyLaneAff *aff,
	guint n, __isl_keep const char *const *names);

/* Reads the width text (a power of two, 1 to SY_LANES_MAX_WIDTH). */
gboolean sy_lanes_parse_width(
	__isl_keep const char *text, guint *width, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyLaneProgram, sy_lane_program_free)

G_END_DECLS
