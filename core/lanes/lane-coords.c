/* The lane program's coordinates (lane-coords.h): the transform, its
 * rows reordered and extended by the loops below the band. */
#include "lanes/lane-coords.h"

#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

G_DEFINE_QUARK(sy - lanes - error - quark, sy_lanes_error)

void sy_lane_coords_free(SyLaneCoords *c)
{
	if (!c)
		return;
	g_free(c->rows);
	g_strfreev(c->names);
	g_free(c);
}

/* Row r's name: the member it picks out, else k/t by its kind. */
static char *row_name(const SyAnalysis *a, const gint64 *row, guint n,
	gboolean space, guint i)
{
	guint ones = 0, at = 0;

	for (guint m = 0; m < n; m++) {
		if (row[m] == 1)
			ones++, at = m;
		else if (row[m])
			ones = 2;
	}
	if (ones == 1)
		return g_strdup(a->band->members[at].name);
	return space ? (i ? g_strdup_printf("k%u", i) : g_strdup("k"))
		     : g_strdup_printf("t%u", i);
}

SyLaneCoords *sy_lane_coords_new(const SyAnalysis *a, const gint64 *rows,
	guint n, guint n_space, GError **error)
{
	const SyStmt *s = g_ptr_array_index(a->scop->stmts, 0);
	g_autoptr(SyLaneCoords) c = g_new0(SyLaneCoords, 1);
	guint order[SY_LANES_MAX_COORDS], r = 0;

	if (n_space < 1 || n_space >= n || s->n_iters < n ||
		s->n_iters > SY_LANES_MAX_COORDS) {
		g_set_error(error, SY_LANES_ERROR, SY_LANES_ERROR_UNSUPPORTED,
			"the transform has %u space rows over %u loops and "
			"the statement %u loops: the lane targets take one "
			"space row or more, at least one time row, and at "
			"most %d loops",
			n_space, n, s->n_iters, SY_LANES_MAX_COORDS);
		return NULL;
	}
	c->n_band = n;
	c->n_space = n_space;
	c->n_below = s->n_iters - n;
	c->n = s->n_iters;
	/* lanes, the time rows, the other space rows */
	order[r++] = 0;
	for (guint i = n_space; i < n; i++)
		order[r++] = i;
	for (guint i = 1; i < n_space; i++)
		order[r++] = i;
	c->rows = g_new0(gint64, c->n * c->n);
	c->names = g_new0(char *, c->n + 1);
	for (guint i = 0; i < n; i++) {
		guint o = order[i];

		for (guint m = 0; m < n; m++)
			c->rows[i * c->n + m] = rows[o * n + m];
		c->names[i] = row_name(a, rows + o * n, n, o < n_space,
			o < n_space ? o : o - n_space);
	}
	for (guint i = n; i < c->n; i++) {
		c->rows[i * c->n + i] = 1;
		c->names[i] = g_strdup(s->iters[i]->name);
	}
	return g_steal_pointer(&c);
}

/* The loops below the band: the statement's iterators n_band on. */
isl_map *sy_lane_coords_values(
	const SyLaneCoords *c, const SyAnalysis *a, const SyStmt *s)
{
	isl_space *space = isl_set_get_space(s->domain);
	isl_map *band = sy_band_map_of(a->band, isl_space_copy(space));
	isl_map *below = isl_map_identity(
		isl_space_map_from_set(isl_space_copy(space)));

	below = isl_map_project_out(below, isl_dim_out, 0, c->n_band);
	band = isl_map_flat_range_product(band, below);
	band = isl_map_intersect_domain(band, isl_set_copy(s->domain));
	isl_space_free(space);
	if (isl_map_is_injective(band) != isl_bool_true)
		return isl_map_free(band);
	return band;
}

static gboolean val_int(__isl_take isl_val *v, gint64 *out)
{
	gboolean ok = v && isl_val_is_int(v);

	if (ok)
		*out = isl_val_get_num_si(v);
	isl_val_free(v);
	return ok;
}

gboolean sy_lane_coords_distance(const SyLaneCoords *c, const SyAnalysis *a,
	const SyStmt *s, isl_map *relation, gint64 *d)
{
	isl_map *values = sy_lane_coords_values(c, a, s);
	isl_map *rel;
	isl_set *deltas;
	gboolean ok = values != NULL;

	if (!ok)
		return FALSE;
	rel = isl_map_apply_domain(
		isl_map_copy(relation), isl_map_copy(values));
	rel = isl_map_apply_range(rel, values);
	deltas = isl_map_deltas(rel);
	for (guint i = 0; ok && i < c->n; i++) {
		gint64 lo = 0, hi = 0;

		ok = val_int(isl_set_dim_min_val(isl_set_copy(deltas), (int)i),
			     &lo) &&
			val_int(isl_set_dim_max_val(
					isl_set_copy(deltas), (int)i),
				&hi) &&
			lo == hi;
		d[i] = lo;
	}
	isl_set_free(deltas);
	return ok;
}

/* The sign of v's first non-zero of n. */
static int lex_sign(const gint64 *v, guint n)
{
	for (guint i = 0; i < n; i++)
		if (v[i])
			return v[i] > 0 ? 1 : -1;
	return 0;
}

gboolean sy_lane_coords_systolic(
	const SyLaneCoords *c, gint64 dk, const gint64 *dt)
{
	guint n_time = c->n_band - c->n_space, n_rows = c->n_space - 1;
	int t = lex_sign(dt, n_time);

	if (t)
		return t > 0;
	return !dk && !lex_sign(dt + n_time, n_rows) &&
		lex_sign(dt + n_time + n_rows, c->n_below) > 0;
}

char *sy_lane_coords_describe(const SyLaneCoords *c)
{
	guint n_time = c->n_band - c->n_space;
	GString *s;

	if (c->n_space == 1 && !c->n_below)
		return NULL;
	s = g_string_new("the steps (");
	for (guint i = 1; i < c->n; i++)
		g_string_append_printf(
			s, "%s%s", i > 1 ? ", " : "", c->names[i]);
	g_string_append(s, "): the transform's time");
	for (guint i = 1 + n_time; i < c->n_band; i++)
		g_string_append_printf(s, "%s%s",
			i > 1 + n_time ? ", " : ", then the rows of lanes ",
			c->names[i]);
	for (guint i = c->n_band; i < c->n; i++)
		g_string_append_printf(s, "%s%s",
			i > c->n_band ? ", " : ", then ", c->names[i]);
	if (c->n_below)
		g_string_append(s, " below the band");
	return g_string_free(s, FALSE);
}

gint64 sy_lane_coords_hops(const SyLaneCoords *c, gint64 dk, const gint64 *dt)
{
	gint64 n;

	if (c->n_space == 1 && !c->n_below)
		return 0;
	n = ABS(dk);
	for (guint i = c->n_band - c->n_space; i + 1 < c->n_band; i++)
		n += ABS(dt[i]);
	return n;
}

/* The dependences and moves are over the band alone; the kernel of the
 * subscripts sees the loops below it and the rows too.  The vectors run
 * over a box of small coefficients, as few as keep the search short. */
GPtrArray *sy_lane_coords_reuses(
	const SyLaneCoords *c, const SyLaneAff *index, guint n_dims)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
	guint n = c->n;
	gint64 range = n <= 4 ? 3 : n <= 6 ? 2 : 1, v[SY_LANES_MAX_COORDS];

	for (guint i = 0; i < n; i++)
		v[i] = -range;
	for (;;) {
		gboolean reuse = FALSE;
		guint i = 0;

		for (guint k = 0; k < n; k++)
			reuse |= v[k] != 0;
		for (guint d = 0; reuse && d < n_dims; d++) {
			gint64 s = 0;

			for (guint k = 0; k < n; k++)
				s += index[d].coef[k] * v[k];
			reuse = s == 0;
		}
		if (reuse)
			g_ptr_array_add(out, g_memdup2(v, sizeof(gint64) * n));
		while (i < n && v[i] == range)
			v[i++] = -range;
		if (i == n)
			break;
		v[i]++;
	}
	return out;
}

/* The inverse of a unimodular integer matrix (Gauss-Jordan on
 * rationals would do; the cofactor form is exact for n <= 8 but slow,
 * so the elimination runs on doubles and is checked). */
gboolean sy_lane_coords_invert(const gint64 *m, guint n, gint64 *inv)
{
	double a[SY_LANES_MAX_COORDS][2 * SY_LANES_MAX_COORDS];

	if (n > SY_LANES_MAX_COORDS)
		return FALSE;
	for (guint r = 0; r < n; r++)
		for (guint c = 0; c < 2 * n; c++)
			a[r][c] = c < n ? (double)m[r * n + c] : (c - n == r);
	for (guint c = 0; c < n; c++) {
		guint p = c;

		for (guint r = c + 1; r < n; r++)
			if (ABS(a[r][c]) > ABS(a[p][c]))
				p = r;
		if (a[p][c] == 0)
			return FALSE;
		for (guint k = 0; k < 2 * n; k++) {
			double t = a[c][k];

			a[c][k] = a[p][k];
			a[p][k] = t;
		}
		for (guint r = 0; r < n; r++) {
			double f = a[r][c] / a[c][c];

			if (r == c || f == 0)
				continue;
			for (guint k = 0; k < 2 * n; k++)
				a[r][k] -= f * a[c][k];
		}
	}
	for (guint r = 0; r < n; r++)
		for (guint c = 0; c < n; c++) {
			double v = a[r][n + c] / a[r][r];
			gint64 iv = (gint64)(v < 0 ? v - 0.5 : v + 0.5);

			if (ABS(v - (double)iv) > 1e-9)
				return FALSE;
			inv[r * n + c] = iv;
		}
	/* exact check: m * inv = I */
	for (guint r = 0; r < n; r++)
		for (guint c = 0; c < n; c++) {
			gint64 s = 0;

			for (guint k = 0; k < n; k++)
				s += m[r * n + k] * inv[k * n + c];
			if (s != (r == c))
				return FALSE;
		}
	return TRUE;
}
