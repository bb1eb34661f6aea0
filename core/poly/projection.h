/* The iteration space seen from two loops of the band, for drawing: the
 * statements' instances and their dependences projected onto the plane
 * of two band members, as the papers draw them.
 *
 * Small projections (up to SY_PROJECTION_MAX_POINTS points) keep their
 * integer points; larger ones keep only the outline (the vertices of the
 * convex hull), so that sizes of 2^20 cost no more than 64. */
#pragma once

#include "base/own.h"
#include "poly/analysis.h"

G_BEGIN_DECLS

#define SY_PROJECTION_MAX_POINTS 65536

/* A set of the plane: its points if it is small, else its hull. */
typedef struct {
	gboolean empty;
	gint64 min[2], max[2]; /* bounding box */
	GArray *points; /* gint64 pairs (x, y), or NULL if large */
	GArray *hull; /* double pairs: the hull's vertices, in order */
} SyPlaneSet;

typedef struct {
	__isl_keep const SyStmt *stmt;
	SyPlaneSet set;
} SyProjectedStmt;

typedef struct {
	__isl_keep const SyDep *dep;
	gint64 dx, dy; /* the distance on the two loops */
	SyPlaneSet ends; /* where the arrows end (sink side) */
} SyProjectedDep;

typedef struct {
	int x, y; /* band members; y is -1 for a one-loop band; both -1
		     when isl failed (the operation limit): nothing to draw */
	gint64 min[2], max[2]; /* box of all statements */
	GPtrArray *stmts; /* SyProjectedStmt */
	GPtrArray *deps; /* SyProjectedDep, uniform ones only */
} SyProjection;

/* x and y are band member indices (y may be -1 when the band has one
 * member).  The analysis must outlive the projection. */
__isl_give SyProjection *sy_projection_new(
	__isl_keep const SyAnalysis *analysis, int x, int y);
void sy_projection_free(__isl_take SyProjection *projection);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyProjection, sy_projection_free)

G_END_DECLS
