#include "render-projection.h"

#include <math.h>
#include <stdlib.h>

#include "base/integer.h"

gboolean sy_projection_snap(double dx, double dy, gint64 max, gint64 dir[2])
{
	double len = hypot(dx, dy), best = -2;

	if (len == 0 || max < 1)
		return FALSE;
	for (gint64 a = -max; a <= max; a++)
		for (gint64 b = -max; b <= max; b++) {
			double cos_angle;

			if (sy_integer_gcd(a, b) != 1)
				continue;
			cos_angle = (a * dx + b * dy) / (len * hypot(a, b));
			/* Nearer in angle; an equal angle keeps the first
			 * (the multiples are not primitive). */
			if (cos_angle > best + 1e-12) {
				best = cos_angle;
				dir[0] = a;
				dir[1] = b;
			}
		}
	return TRUE;
}

void sy_projection_space_row(
	const gint64 dir[2], guint x, guint y, guint n_loops, gint64 *row)
{
	gboolean negate = FALSE;

	for (guint i = 0; i < n_loops; i++)
		row[i] = 0;
	row[x] = dir[1];
	row[y] = -dir[0];
	for (guint i = 0; i < n_loops; i++)
		if (row[i]) {
			negate = row[i] < 0;
			break;
		}
	for (guint i = 0; negate && i < n_loops; i++)
		row[i] = -row[i];
}

/* The first row of text, n_loops numbers; FALSE if it is not one. */
static gboolean first_row(const char *text, guint n_loops, gint64 *row)
{
	const char *p = text;
	char *end;

	if (*p++ != '[' || *p++ != '[')
		return FALSE;
	for (guint i = 0; i < n_loops; i++) {
		row[i] = g_ascii_strtoll(p, &end, 10);
		if (end == p)
			return FALSE;
		p = end;
		if (*p != (i + 1 < n_loops ? ',' : ']'))
			return FALSE;
		p++;
	}
	return TRUE;
}

int sy_projection_match(
	const char *const *texts, guint n, const gint64 *row, guint n_loops)
{
	for (guint t = 0; t < n; t++) {
		gint64 r[64];
		gboolean same = TRUE, negated = TRUE;

		if (n_loops > G_N_ELEMENTS(r) ||
			!first_row(texts[t], n_loops, r))
			continue;
		for (guint i = 0; i < n_loops; i++) {
			same = same && r[i] == row[i];
			negated = negated && r[i] == -row[i];
		}
		if (same || negated)
			return (int)t;
	}
	return -1;
}

int sy_projection_pick(double dx, double dy, guint x, guint y, guint n_loops,
	const char *const *texts, guint n, char **space)
{
	gint64 dir[2], row[64];
	GString *out;
	int at;

	*space = NULL;
	if (n_loops > G_N_ELEMENTS(row) || x >= n_loops || y >= n_loops ||
		x == y || !sy_projection_snap(dx, dy, 1, dir))
		return -1;
	sy_projection_space_row(dir, x, y, n_loops, row);
	at = sy_projection_match(texts, n, row, n_loops);
	out = g_string_new("[");
	for (guint i = 0; i < n_loops; i++)
		g_string_append_printf(
			out, "%s%" G_GINT64_FORMAT, i ? "," : "", row[i]);
	g_string_append_c(out, ']');
	*space = g_string_free(out, FALSE);
	return at;
}
