#include <stdlib.h>
#include <string.h>

#include <isl/mat.h>
#include <isl/set.h>
#include <isl/val.h>

#include "base/integer.h"
#include "poly/isl-stage.h"
#include "poly/movement.h"

static const char *const kind_names[] = {
	"none",
	"stationary",
	"broadcast",
	"forwarded",
	"moving",
	"multi",
	"non-uniform",
};

const char *sy_movement_kind_name(SyMovementKind kind)
{
	return kind_names[kind];
}

void sy_movement_free(SyMovement *m)
{
	if (!m)
		return;
	g_ptr_array_unref(m->accesses);
	g_free(m->steps);
	g_free(m);
}

/* The integer null space of e (rows x n, row-major), one primitive
 * vector per free column of its reduced echelon form, into basis;
 * returns its dimension. */
static guint null_space(gint64 *e, guint rows, guint n, gint64 *basis)
{
	int pivot_of[SY_SPACE_TIME_MAX_LOOPS];
	guint rank = 0, dim = 0;

	for (guint j = 0; j < n; j++)
		pivot_of[j] = -1;
	for (guint col = 0; col < n && rank < rows; col++) {
		guint p = rank;

		while (p < rows && e[p * n + col] == 0)
			p++;
		if (p == rows)
			continue;
		for (guint j = 0; j < n; j++) {
			gint64 t = e[rank * n + j];

			e[rank * n + j] = e[p * n + j];
			e[p * n + j] = t;
		}
		/* Eliminate col from every other row (Gauss-Jordan), rows
		 * kept integer and primitive. */
		for (guint i = 0; i < rows; i++) {
			gint64 f = e[i * n + col], g = e[rank * n + col], d = 0;

			if (i == rank || f == 0)
				continue;
			for (guint j = 0; j < n; j++) {
				e[i * n + j] = e[i * n + j] * g -
					e[rank * n + j] * f;
				d = sy_integer_gcd(d, e[i * n + j]);
			}
			for (guint j = 0; d > 1 && j < n; j++)
				e[i * n + j] /= d;
		}
		pivot_of[col] = (int)rank++;
	}
	for (guint f = 0; f < n; f++) {
		gint64 *v = basis + dim * n;
		gint64 scale = 1, d = 0;

		if (pivot_of[f] >= 0)
			continue;
		/* x_f = scale; pivot p: e[p][col] x_col + e[p][f] x_f = 0 */
		for (guint col = 0; col < n; col++)
			if (pivot_of[col] >= 0) {
				gint64 a = e[pivot_of[col] * n + col];

				scale = scale / sy_integer_gcd(scale, a) *
					llabs(a);
			}
		memset(v, 0, n * sizeof(gint64));
		v[f] = scale;
		for (guint col = 0; col < n; col++)
			if (pivot_of[col] >= 0) {
				const gint64 *row = e + pivot_of[col] * n;

				v[col] = -row[f] * scale / row[col];
			}
		for (guint j = 0; j < n; j++)
			d = sy_integer_gcd(d, v[j]);
		for (guint j = 0; d > 1 && j < n; j++)
			v[j] /= d;
		dim++;
	}
	return dim;
}

/* The reuse directions of access over band: the null space of the
 * affine hull of the distances between iterations that touch the same
 * element.  -1 if that hull has existentials (not uniform). */
static int reuse_of(const SyAccess *access, const SyBand *band, gint64 *basis)
{
	isl_map *to_band = sy_band_map_of(
		band, isl_set_get_space(access->stmt->domain));
	isl_map *acc = isl_map_apply_domain(isl_map_copy(access->map), to_band);
	isl_map *back = isl_map_reverse(isl_map_copy(acc));
	isl_map *same = isl_map_apply_range(acc, back);
	isl_basic_set *hull = isl_set_affine_hull(isl_map_deltas(same));
	isl_mat *eq;
	guint n = band->n_members, rows;
	gint64 e[SY_SPACE_TIME_MAX_LOOPS * SY_SPACE_TIME_MAX_LOOPS * 2];
	int dim;

	if (!hull)
		return -1;
	if (isl_basic_set_dim(hull, isl_dim_div) != 0) {
		isl_basic_set_free(hull);
		return -1;
	}
	eq = isl_basic_set_equalities_matrix(
		hull, isl_dim_set, isl_dim_cst, isl_dim_param, isl_dim_div);
	isl_basic_set_free(hull);
	rows = (guint)isl_mat_rows(eq);
	if (rows > 2 * SY_SPACE_TIME_MAX_LOOPS) {
		isl_mat_free(eq);
		return -1;
	}
	for (guint i = 0; i < rows; i++)
		for (guint j = 0; j < n; j++) {
			isl_val *v = isl_mat_get_element_val(
				eq, (int)i, (int)j);

			e[i * n + j] = isl_val_get_num_si(v);
			isl_val_free(v);
		}
	isl_mat_free(eq);
	dim = (int)null_space(e, rows, n, basis);
	return dim;
}

/* T r, normalised: time lexicographically positive, or zero with the
 * first non-zero dk positive; classified. */
static void step_of(SyMovementStep *s, const gint64 *r, gboolean written,
	const SySpaceTime *st)
{
	guint n = st->n_loops, ns = st->n_space;
	gint64 v[SY_SPACE_TIME_MAX_LOOPS];
	int sign = 0;
	gboolean moves = FALSE, waits = FALSE;

	sy_space_time_map(st, r, v);
	for (guint j = ns; !sign && j < n; j++)
		sign = v[j] > 0 ? 1 : v[j] < 0 ? -1 : 0;
	for (guint j = 0; !sign && j < ns; j++)
		sign = v[j] > 0 ? 1 : v[j] < 0 ? -1 : 0;
	for (guint j = 0; j < n; j++) {
		s->reuse[j] = sign * r[j];
		v[j] *= sign;
	}
	for (guint j = 0; j < ns; j++) {
		s->dk[j] = v[j];
		moves |= v[j] != 0;
	}
	for (guint j = ns; j < n; j++) {
		s->dt[j - ns] = v[j];
		waits |= v[j] != 0;
	}
	s->kind = !moves  ? SY_MOVEMENT_STATIONARY
		: !waits  ? SY_MOVEMENT_BROADCAST
		: written ? SY_MOVEMENT_MOVING
			  : SY_MOVEMENT_FORWARDED;
}

static SyMovementKind group_kind(const SyMovement *m)
{
	gboolean all_s = TRUE, all_b = TRUE;

	if (m->n_steps == 0)
		return SY_MOVEMENT_NONE;
	if (m->n_steps == 1)
		return m->steps[0].kind;
	for (guint i = 0; i < m->n_steps; i++) {
		all_s &= m->steps[i].kind == SY_MOVEMENT_STATIONARY;
		all_b &= m->steps[i].kind == SY_MOVEMENT_BROADCAST;
	}
	return all_s    ? SY_MOVEMENT_STATIONARY
		: all_b ? SY_MOVEMENT_BROADCAST
			: SY_MOVEMENT_MULTI;
}

/* One access's reuse, for grouping: dim and basis. */
typedef struct {
	const SyAccess *access;
	int dim;
	gint64 basis[SY_SPACE_TIME_MAX_LOOPS * SY_SPACE_TIME_MAX_LOOPS];
} Reuse;

static gboolean same_reuse(const Reuse *a, const Reuse *b, guint n)
{
	return a->access->array == b->access->array && a->dim == b->dim &&
		(a->dim <= 0 ||
			memcmp(a->basis, b->basis,
				sizeof(gint64) * n * (guint)a->dim) == 0);
}

static SyMovement *group_new(
	const Reuse *first, const SySpaceTime *st, GPtrArray *accesses)
{
	SyMovement *m = g_new0(SyMovement, 1);
	guint n = st->n_loops;

	m->array = first->access->array;
	m->accesses = accesses;
	for (guint i = 0; i < accesses->len; i++)
		m->written |= ((const SyAccess *)g_ptr_array_index(accesses, i))
				      ->write;
	m->n_loops = n;
	m->n_space = st->n_space;
	m->n_time = n - st->n_space;
	if (first->dim < 0) {
		m->kind = SY_MOVEMENT_NON_UNIFORM;
		return m;
	}
	m->n_steps = (guint)first->dim;
	m->steps = g_new0(SyMovementStep, MAX(m->n_steps, 1));
	for (guint i = 0; i < m->n_steps; i++)
		step_of(&m->steps[i], first->basis + i * n, m->written, st);
	m->kind = group_kind(m);
	if (m->n_steps) {
		memcpy(m->dk, m->steps[0].dk, sizeof(m->dk));
		for (guint j = 0; j < m->n_time && !m->dt; j++)
			if (m->steps[0].dt[j]) {
				m->dt = m->steps[0].dt[j];
				m->dt_row = j;
			}
	}
	return m;
}

GPtrArray *sy_movement_compute(
	const SyScop *scop, const SyBand *band, const SySpaceTime *st)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_movement_free);
	g_autoptr(GArray) reuses = g_array_new(FALSE, TRUE, sizeof(Reuse));

	g_return_val_if_fail(band->n_members == st->n_loops, out);
	sy_isl_stage_begin(scop->ctx);
	for (guint i = 0; i < scop->accesses->len; i++) {
		const SyAccess *acc = g_ptr_array_index(scop->accesses, i);
		Reuse r = {acc, 0, {0}};

		if (acc->array->n_dims == 0 || !acc->map)
			continue;
		r.dim = reuse_of(acc, band, r.basis);
		g_array_append_val(reuses, r);
	}
	for (guint a = 0; a < scop->arrays->len; a++) {
		const SyArray *array = g_ptr_array_index(scop->arrays, a);
		guint first_group = out->len;

		for (guint i = 0; i < reuses->len; i++) {
			const Reuse *r = &g_array_index(reuses, Reuse, i);
			GPtrArray *accesses;
			gboolean seen = FALSE;

			if (r->access->array != array)
				continue;
			for (guint k = 0; !seen && k < i; k++)
				seen = same_reuse(
					&g_array_index(reuses, Reuse, k), r,
					st->n_loops);
			if (seen)
				continue;
			accesses = g_ptr_array_new();
			for (guint k = i; k < reuses->len; k++)
				if (same_reuse(&g_array_index(reuses, Reuse, k),
					    r, st->n_loops))
					g_ptr_array_add(accesses,
						(gpointer)g_array_index(
							reuses, Reuse, k)
							.access);
			g_ptr_array_add(out, group_new(r, st, accesses));
		}
		for (guint g = first_group; g < out->len; g++) {
			SyMovement *m = g_ptr_array_index(out, g);

			m->group = g - first_group;
			m->n_groups = out->len - first_group;
		}
	}
	return out;
}

char *sy_movement_name(const SyMovement *m)
{
	if (m->n_groups <= 1)
		return g_strdup(m->array->name);
	return g_strdup_printf("%s#%u", m->array->name, m->group + 1);
}

/* "(1, 2)" or "(1; 0, 1)" with several time rows. */
static void append_step(
	GString *out, const SyMovementStep *s, guint n_space, guint n_time)
{
	g_string_append_c(out, '(');
	for (guint j = 0; j < n_space; j++)
		g_string_append_printf(
			out, "%s%" G_GINT64_FORMAT, j ? ", " : "", s->dk[j]);
	for (guint j = 0; j < n_time; j++)
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT,
			j                    ? ", "
				: n_time > 1 ? "; "
					     : ", ",
			s->dt[j]);
	g_string_append_c(out, ')');
}

char *sy_movement_describe(const SyMovement *m)
{
	g_autofree char *name = sy_movement_name(m);
	GString *out = g_string_new(NULL);

	g_string_append_printf(
		out, "%s: %s", name, sy_movement_kind_name(m->kind));
	if (m->kind == SY_MOVEMENT_FORWARDED || m->kind == SY_MOVEMENT_MOVING) {
		const SyMovementStep *s = &m->steps[0];
		gint64 dk = 0;
		guint along = 0;

		for (guint j = 0; j < m->n_space; j++)
			if (s->dk[j] && !dk) {
				dk = s->dk[j];
				along = j;
			}
		/* the space rows by position: k, or k0, k1, k2 */
		g_string_append_printf(out, " %ck", dk < 0 ? '-' : '+');
		if (m->n_space > 1)
			g_string_append_printf(out, "%u", along);
		if (m->n_time == 1) {
			gint64 g = sy_integer_gcd(dk, m->dt);

			if (llabs(dk) == m->dt)
				g_string_append(out, " at 1 PE per step");
			else
				g_string_append_printf(out,
					" at %" G_GINT64_FORMAT
					"/%" G_GINT64_FORMAT " PE per step",
					(gint64)llabs(dk) / g, m->dt / g);
		}
	}
	for (guint i = 0; i < m->n_steps; i++) {
		g_string_append(out, i ? ", " : " ");
		if (m->kind == SY_MOVEMENT_MULTI)
			g_string_append_printf(out, "%s ",
				sy_movement_kind_name(m->steps[i].kind));
		append_step(out, &m->steps[i], m->n_space, m->n_time);
	}
	return g_string_free(out, FALSE);
}

GPtrArray *sy_movement_of_candidate(const SyAnalysis *a, const SyCandidate *c)
{
	g_autoptr(SySpaceTime) st = NULL;

	if (a->space_time)
		return sy_movement_compute(
			a->scop, a->loop_band, a->space_time);
	if (a->band->n_members > SY_SPACE_TIME_MAX_LOOPS)
		return NULL;
	st = sy_space_time_new_aligned(c->space, c->n_space, a->band, a->scop);
	return sy_movement_compute(a->scop, a->band, st);
}
