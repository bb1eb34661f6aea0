#include <stdlib.h>
#include <string.h>

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include "poly/movement.h"
#include "poly/transforms.h"

static void transform_free(gpointer data)
{
	SyTransform *t = data;

	sy_space_time_free(t->st);
	g_free(t->given);
	if (t->movement)
		g_ptr_array_unref(t->movement);
	g_free(t);
}

void sy_transforms_free(SyTransforms *t)
{
	if (!t)
		return;
	g_ptr_array_unref(t->transforms);
	g_free(t);
}

/* What the enumeration works with. */
typedef struct {
	SyAnalysis *a;
	guint n, dims;
	/* the flow, anti and output dependences that must run forwards
	 * (uniform), and the flow and read ones the space rows carry */
	GPtrArray *order; /* const SyDep * */
	GPtrArray *carried; /* const SyDep * */
	gboolean nonuniform_order; /* one that is not uniform: isl checks */
	gboolean nonuniform_carried; /* then no space row can carry it */
} Enum;

static gint64 dot(const gint64 *row, const gint64 *d, guint n)
{
	gint64 s = 0;

	for (guint j = 0; j < n; j++)
		s += row[j] * d[j];
	return s;
}

/* Every flow and read dependence at distance 0 or 1 on each space
 * row (sy_dataflow_space_ok's rule on the transformed band). */
static gboolean space_ok(const Enum *e, const gint64 *rows)
{
	for (guint i = 0; i < e->carried->len; i++) {
		const SyDep *dep = g_ptr_array_index(e->carried, i);

		for (guint r = 0; r < e->dims; r++) {
			gint64 v = dot(rows + r * e->n, dep->distance, e->n);

			if (v < 0 || v > 1)
				return FALSE;
		}
	}
	return TRUE;
}

/* Every ordering dependence lexicographically forward in time (or not
 * moving at all) and non-negative on every member. */
static gboolean order_ok(const Enum *e, const SySpaceTime *st)
{
	for (guint i = 0; i < e->order->len; i++) {
		const SyDep *dep = g_ptr_array_index(e->order, i);
		gint64 v[SY_SPACE_TIME_MAX_LOOPS];
		gboolean zero = TRUE, time_zero = TRUE;

		sy_space_time_map(st, dep->distance, v);
		for (guint j = 0; j < e->n; j++) {
			if (v[j] < 0)
				return FALSE;
			zero &= v[j] == 0;
			if (j >= st->n_space)
				time_zero &= v[j] == 0;
		}
		/* non-negative members: the time part is lexicographically
		 * positive unless it is 0 */
		if (time_zero && !zero)
			return FALSE;
	}
	return TRUE;
}

/* The Hermite normal form of the space rows, as text: the key of the
 * lattice they span. */
static char *lattice_key(const gint64 *rows, guint m, guint n)
{
	gint64 h[SY_SPACE_TIME_MAX_SPACE * SY_SPACE_TIME_MAX_LOOPS];
	GString *out = g_string_new(NULL);
	guint r = 0;

	memcpy(h, rows, sizeof(gint64) * m * n);
	for (guint col = 0; col < n && r < m; col++) {
		/* Euclid on the column below r until one row is left */
		for (;;) {
			guint best = m;

			for (guint i = r; i < m; i++)
				if (h[i * n + col] != 0 &&
					(best == m ||
						llabs(h[i * n + col]) <
							llabs(h[best * n +
								col])))
					best = i;
			if (best == m)
				break;
			for (guint j = 0; j < n; j++) {
				gint64 t = h[r * n + j];

				h[r * n + j] = h[best * n + j];
				h[best * n + j] = t;
			}
			gboolean done = TRUE;

			for (guint i = r + 1; i < m; i++) {
				gint64 q = h[i * n + col] / h[r * n + col];

				for (guint j = 0; j < n; j++)
					h[i * n + j] -= q * h[r * n + j];
				done &= h[i * n + col] == 0;
			}
			if (done)
				break;
		}
		if (h[r * n + col] == 0)
			continue;
		if (h[r * n + col] < 0)
			for (guint j = 0; j < n; j++)
				h[r * n + j] = -h[r * n + j];
		/* entries above the pivot reduced into [0, pivot) */
		for (guint i = 0; i < r; i++) {
			gint64 p = h[r * n + col];
			gint64 q = h[i * n + col] / p;

			if (h[i * n + col] - q * p < 0)
				q--;
			for (guint j = 0; j < n; j++)
				h[i * n + j] -= q * h[r * n + j];
		}
		r++;
	}
	for (guint i = 0; i < m * n; i++)
		g_string_append_printf(out, "%" G_GINT64_FORMAT ",", h[i]);
	return g_string_free(out, FALSE);
}

/* The range of row . (the band's members) over the SCoP's domain. */
static gint64 extent_of(const SyAnalysis *a, const gint64 *row)
{
	isl_union_pw_aff *v = NULL;
	isl_union_set *range;
	isl_set *set;
	gint64 n = 0;

	for (guint j = 0; j < a->band->n_members; j++) {
		isl_union_pw_aff *term;

		if (!row[j])
			continue;
		term = isl_union_pw_aff_scale_val(
			isl_union_pw_aff_copy(a->band->members[j].value),
			isl_val_int_from_si(a->ctx, (long)row[j]));
		v = v ? isl_union_pw_aff_add(v, term) : term;
	}
	if (!v)
		return 1;
	range = isl_union_set_apply(isl_union_set_copy(a->scop->domain),
		isl_union_map_from_union_pw_aff(v));
	set = isl_union_set_extract_set(
		range, isl_space_set_alloc(a->ctx, 0, 1));
	isl_union_set_free(range);
	if (isl_set_is_empty(set) == isl_bool_false) {
		isl_val *lo = isl_set_dim_min_val(isl_set_copy(set), 0);
		isl_val *hi = isl_set_dim_max_val(isl_set_copy(set), 0);

		n = isl_val_get_num_si(hi) - isl_val_get_num_si(lo) + 1;
		isl_val_free(lo);
		isl_val_free(hi);
	}
	isl_set_free(set);
	return n;
}

static gint64 magnitude(const SyTransform *t, guint count)
{
	gint64 s = 0;

	for (guint i = 0; i < count; i++)
		s += llabs(t->given[i]);
	return s;
}

static guint sort_count; /* (dims + 1) x n: the given rows' numbers */

static int compare(gconstpointer pa, gconstpointer pb)
{
	const SyTransform *a = *(SyTransform *const *)pa;
	const SyTransform *b = *(SyTransform *const *)pb;
	gint ia = a->st->space_time, ib = b->st->space_time;
	gint64 ma, mb;

	if ((ia >= 0) != (ib >= 0))
		return ia >= 0 ? -1 : 1;
	if (ia != ib)
		return ia < ib ? -1 : 1;
	ma = magnitude(a, sort_count);
	mb = magnitude(b, sort_count);
	if (ma != mb)
		return ma < mb ? -1 : 1;
	/* Row by row, 0 before 1 before -1 before 2 ... */
	for (guint i = 0; i < sort_count; i++) {
		gint64 x = a->given[i], y = b->given[i];
		gint64 kx = llabs(x) * 2 - (x > 0), ky = llabs(y) * 2 - (y > 0);

		if (kx != ky)
			return kx < ky ? -1 : 1;
	}
	return 0;
}

static gboolean check_request(
	SyAnalysis *a, guint dims, gint64 max_coef, GError **error)
{
	guint n = a->band->n_members;
	double count = 1;

	if (a->space_time) {
		g_set_error(error, SY_SPACE_TIME_ERROR,
			SY_SPACE_TIME_ERROR_SHAPE,
			"the band is already transformed");
		return FALSE;
	}
	if (dims < 1 || dims > SY_SPACE_TIME_MAX_SPACE || dims > a->max_dims) {
		g_set_error(error, SY_SPACE_TIME_ERROR,
			SY_SPACE_TIME_ERROR_REQUEST,
			"--dims %u: arrays of 1 to %u dimensions (hint: "
			"--max-dims 3 for 3)",
			dims, MIN(a->max_dims, SY_SPACE_TIME_MAX_SPACE));
		return FALSE;
	}
	if (n < dims + 1 || n > SY_SPACE_TIME_MAX_LOOPS) {
		g_set_error(error, SY_SPACE_TIME_ERROR,
			SY_SPACE_TIME_ERROR_SHAPE,
			"the band has %u loop%s: %u-D arrays need %u to %d", n,
			n == 1 ? "" : "s", dims, dims + 1,
			SY_SPACE_TIME_MAX_LOOPS);
		return FALSE;
	}
	for (guint i = 0; i < n * (dims + 1); i++)
		count *= (double)(2 * max_coef + 1);
	if (max_coef < 1 || count > (double)SY_TRANSFORMS_MAX_MATRICES) {
		g_set_error(error, SY_SPACE_TIME_ERROR,
			SY_SPACE_TIME_ERROR_REQUEST,
			"--max-coef %" G_GINT64_FORMAT
			" with --dims %u over %u "
			"loops is %.0f matrices; at most %" G_GUINT64_FORMAT
			" are enumerated (hint: a smaller --max-coef or "
			"--dims)",
			max_coef, dims, n, count, SY_TRANSFORMS_MAX_MATRICES);
		return FALSE;
	}
	return TRUE;
}

static void split_deps(Enum *e)
{
	const SyDeps *deps = e->a->deps;

	e->order = g_ptr_array_new();
	e->carried = g_ptr_array_new();
	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->kind == SY_DEP_FLOW || dep->kind == SY_DEP_READ) {
			if (dep->uniform)
				g_ptr_array_add(e->carried, (gpointer)dep);
			else
				e->nonuniform_carried = TRUE;
		}
		if (dep->kind == SY_DEP_READ ||
			sy_deps_relaxed(deps, dep->kind, dep->source))
			continue;
		if (dep->uniform)
			g_ptr_array_add(e->order, (gpointer)dep);
		else
			e->nonuniform_order = TRUE;
	}
}

/* The transform of the given rows if it is legal, else NULL. */
static SyTransform *try_rows(Enum *e, SyTransforms *out, const gint64 *rows)
{
	SyAnalysis *a = e->a;
	SySpaceTime *st;
	SyTransform *t;

	if (!space_ok(e, rows))
		return NULL;
	st = sy_space_time_new(
		rows, e->dims + 1, e->dims, a->band, a->scop, NULL);
	if (!st)
		return NULL;
	out->unimodular++;
	if (!order_ok(e, st) ||
		(e->nonuniform_order && !sy_analysis_space_time_legal(a, st))) {
		sy_space_time_free(st);
		return NULL;
	}
	out->legal++;
	t = g_new0(SyTransform, 1);
	t->st = st;
	t->given = g_memdup2(rows, sizeof(gint64) * (e->dims + 1) * e->n);
	st->text = sy_space_time_to_string(st);
	st->space_time = sy_analysis_space_time_autosa(a, st);
	return t;
}

/* Shapes, time steps and movement of a kept transform. */
static void describe(const SyAnalysis *a, SyTransform *t)
{
	const SySpaceTime *st = t->st;

	for (guint r = 0; r < st->n_space; r++)
		t->shape[r] = extent_of(a, sy_space_time_row(st, r));
	t->steps = 1;
	for (guint r = st->n_space; r < st->n_loops; r++) {
		t->time_extent[r - st->n_space] = extent_of(
			a, sy_space_time_row(st, r));
		t->steps *= t->time_extent[r - st->n_space];
	}
	t->movement = sy_movement_compute(a->scop, a->band, st);
}

SyTransforms *sy_transforms_enumerate(
	SyAnalysis *a, guint dims, gint64 max_coef, GError **error)
{
	SyTransforms *out;
	Enum e = {a, a->band->n_members, dims, NULL, NULL, FALSE, FALSE};
	g_autoptr(GPtrArray) all = g_ptr_array_new();
	g_autoptr(GHashTable) seen = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, NULL);
	guint count = (dims + 1) * e.n;
	gint64 rows[(SY_SPACE_TIME_MAX_SPACE + 1) * SY_SPACE_TIME_MAX_LOOPS];

	if (!check_request(a, dims, max_coef, error))
		return NULL;
	out = g_new0(SyTransforms, 1);
	out->dims = dims;
	out->max_coef = max_coef;
	out->transforms = g_ptr_array_new_with_free_func(transform_free);
	split_deps(&e);
	sy_isl_stage_begin(a->ctx);
	for (guint i = 0; i < count; i++)
		rows[i] = -max_coef;
	for (;;) {
		SyTransform *t;
		guint i = 0;

		out->enumerated++;
		if (!e.nonuniform_carried && (t = try_rows(&e, out, rows)))
			g_ptr_array_add(all, t);
		/* the next matrix, an odometer */
		while (i < count && rows[i] == max_coef)
			rows[i++] = -max_coef;
		if (i == count)
			break;
		rows[i]++;
	}
	sort_count = count;
	g_ptr_array_sort(all, compare);
	for (guint i = 0; i < all->len; i++) {
		SyTransform *t = g_ptr_array_index(all, i);
		g_autofree char *lattice = lattice_key(t->given, dims, e.n);
		char *key = g_strdup_printf("%s|", lattice);
		GString *k = g_string_new(key);

		g_free(key);
		for (guint j = 0; j < e.n; j++)
			g_string_append_printf(k, "%" G_GINT64_FORMAT ",",
				t->given[dims * e.n + j]);
		if (g_hash_table_contains(seen, k->str)) {
			g_string_free(k, TRUE);
			transform_free(t);
			continue;
		}
		g_hash_table_add(seen, g_string_free(k, FALSE));
		g_ptr_array_add(out->transforms, t);
	}
	for (guint i = 0; i < out->transforms->len; i++)
		describe(a, g_ptr_array_index(out->transforms, i));
	g_ptr_array_unref(e.order);
	g_ptr_array_unref(e.carried);
	return out;
}

char *sy_transform_shape_text(const SyTransform *t)
{
	GString *out = g_string_new(NULL);

	for (guint k = 0; k < t->st->n_space; k++)
		g_string_append_printf(
			out, "%s%" G_GINT64_FORMAT, k ? "x" : "", t->shape[k]);
	return g_string_free(out, FALSE);
}

/* One letter per kind (SyMovementKind). */
static const char kind_letters[] = "NSBFMXU";

static void append_vector(GString *out, const SyMovement *m)
{
	g_string_append_c(out, '(');
	for (guint k = 0; k < m->n_space; k++)
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT, k ? "," : "",
			m->n_steps ? m->steps[0].dk[k] : 0);
	for (guint t = 0; t < m->n_time; t++)
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT,
			t                       ? ","
				: m->n_time > 1 ? ";"
						: ",",
			m->n_steps ? m->steps[0].dt[t] : 0);
	g_string_append_c(out, ')');
}

char *sy_transform_movement_text(const GPtrArray *moves)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < moves->len; i++) {
		const SyMovement *m = g_ptr_array_index(moves, i);
		g_autofree char *name = sy_movement_name(m);

		g_string_append_printf(out, "%s%s %c", i ? " " : "", name,
			kind_letters[m->kind]);
		if (m->n_steps)
			append_vector(out, m);
	}
	return g_string_free(out, FALSE);
}
