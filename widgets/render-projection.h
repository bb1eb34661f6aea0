/* Dragging a projection direction over the dependence view (issue 16):
 * the geometry, pure, for the view and its tests.  A drag over the plot
 * of two loops (x, y) is a direction in iteration units; snapped to a
 * small primitive integer vector d, it is the direction the array
 * projects along: the PE of an iteration is s . i with s orthogonal to
 * d, so every iteration along d shares a PE.  The space row s is then
 * matched against the transforms listed (their first row), which give
 * the time row. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* (dx, dy), iteration units, snapped to the primitive integer vector
 * of coordinates in [-max, max] nearest in angle (ties: the shorter,
 * then the first in x-major order from -max); FALSE for a zero
 * vector or max < 1. */
gboolean sy_projection_snap(
	double dx, double dy, gint64 max, gint64 dir[2] /* out */);

/* The space row over n_loops loops orthogonal to dir on loops x and y
 * (zero elsewhere): (dir[1], -dir[0]) there, negated so that its first
 * non-zero coefficient is positive. */
void sy_projection_space_row(const gint64 dir[2], guint x, guint y,
	guint n_loops, gint64 *row /* out: n_loops */);

/* The first of n transforms (texts as "[[1,1],[0,1]]", space row
 * first) whose space row is row or its negation; -1 if none. */
int sy_projection_match(
	const char *const *texts, guint n, const gint64 *row, guint n_loops);

/* The transform of a drag (dx, dy) over loops x, y: the matching
 * text's index in texts, -1 if no listed transform has that space row
 * (*space then says which, as "[1,1]", for the message). */
int sy_projection_pick(double dx, double dy, guint x, guint y, guint n_loops,
	const char *const *texts, guint n, char **space /* out, give */);

G_END_DECLS
