/* The lane program's coordinates (issue 16): a space-time transform
 * over the band, extended to every loop of the statement.
 *
 * The transform's first space row is the lanes k.  Its time rows come
 * next, then its further space rows (the rows of a 2-D or 3-D array of
 * PEs: each row of lanes runs after the one before it inside a time
 * step), then the statement's loops below the band, innermost (a PE
 * runs them inside its step, as conv2d.c's p).  Every coordinate but k
 * is a time step of the lane program, compared lexicographically, so
 * the delay lines, masks and time loops of a 1-D array serve the rest.
 *
 * What a systolic array can do holds on top: a value that moves along
 * the lanes or the rows takes at least one step of the transform's
 * time; one that takes none stays in its PE and moves forwards over
 * the loops below the band only (sy_lane_coords_systolic). */
#pragma once

#include "base/own.h"
#include "poly/analysis.h"

G_BEGIN_DECLS

/* The lane targets' errors, limits and affine functions, which the
 * coordinates and the lane program (lane-program.h) share. */
#define SY_LANES_ERROR (sy_lanes_error_quark())
GQuark sy_lanes_error_quark(void);

typedef enum {
	SY_LANES_ERROR_UNSUPPORTED, /* a kernel the lane program cannot run */
	SY_LANES_ERROR_ILLEGAL, /* the transform sends a value backwards */
	SY_LANES_ERROR_OPTION, /* a width that is no power of two */
} SyLanesError;

/* Delay lines longer than this many steps are not kept: the read loads
 * from memory instead. */
#define SY_LANES_MAX_DELAY 64
#define SY_LANES_MAX_WIDTH 64
/* Loops a lane program's statement may have. */
#define SY_LANES_MAX_COORDS 8

/* An affine function of the new coordinates (k, t0, ...). */
typedef struct {
	gint64 *coef; /* n_coords */
	gint64 c0;
} SyLaneAff;

typedef struct _SyLaneCoords SyLaneCoords;

struct _SyLaneCoords {
	guint n_band; /* the band's members: the transform's size */
	guint n_space; /* the transform's space rows */
	guint n_below; /* the statement's loops below the band */
	guint n; /* n_band + n_below: the coordinates */
	/* n x n over (the band's members, the loops below), in the order
	 * above: lanes, time rows, other space rows, loops below */
	gint64 *rows;
	/* per coordinate, its name in notes: "k", "t0", "k1", "p" */
	char **names;
};

/* The coordinates of analysis' single statement under rows (n x n over
 * the band, its first n_space rows space). */
__isl_give SyLaneCoords *sy_lane_coords_new(
	__isl_keep const SyAnalysis *analysis, __isl_keep const gint64 *rows,
	guint n, guint n_space, GError **error);
void sy_lane_coords_free(__isl_take SyLaneCoords *c);

/* The statement's iterators to (the band's values, the loops below):
 * S[i] -> [v...]; NULL unless it names each iteration once. */
__isl_give isl_map *sy_lane_coords_values(__isl_keep const SyLaneCoords *c,
	__isl_keep const SyAnalysis *analysis, __isl_keep const SyStmt *stmt);

/* The distance of a dependence relation (S[i] -> S[i']) over (the
 * band's values, the loops below) into d (c->n numbers); FALSE unless
 * it is one integer vector. */
gboolean sy_lane_coords_distance(__isl_keep const SyLaneCoords *c,
	__isl_keep const SyAnalysis *analysis, __isl_keep const SyStmt *stmt,
	__isl_keep isl_map *relation, __isl_keep gint64 *d);

/* Whether a step of dk lanes and dt (c->n - 1 numbers, the time
 * coordinates) is one a systolic array makes: the transform's time
 * lexicographically positive, or zero with the value in its PE and the
 * loops below moving forwards. */
gboolean sy_lane_coords_systolic(__isl_keep const SyLaneCoords *c, gint64 dk,
	__isl_keep const gint64 *dt);

/* How far a value moves across PEs along dk and dt (c->n - 1
 * numbers): lanes plus rows of lanes; 0 for a 1-D array over the
 * band's loops alone, whose delay lines are chosen by length alone. */
gint64 sy_lane_coords_hops(__isl_keep const SyLaneCoords *c, gint64 dk,
	__isl_keep const gint64 *dt);

/* The reuses of an element whose subscripts are index (n_dims affs
 * over the coordinates): each small non-zero integer vector v they do
 * not see (index . v = 0), as c->n numbers (dk, dt...). */
__isl_give GPtrArray *sy_lane_coords_reuses(__isl_keep const SyLaneCoords *c,
	__isl_keep const SyLaneAff *index, guint n_dims);

/* The inverse of a unimodular n x n integer matrix (n at most
 * SY_LANES_MAX_COORDS); FALSE if it has none. */
gboolean sy_lane_coords_invert(
	__isl_keep const gint64 *m, guint n, __isl_keep gint64 *inv);

/* "the steps (t0, t1, p): the transform's time, then p below the band"
 * (NULL for a 1-D array over the band's loops alone). */
__isl_give char *sy_lane_coords_describe(__isl_keep const SyLaneCoords *c);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyLaneCoords, sy_lane_coords_free)

G_END_DECLS
