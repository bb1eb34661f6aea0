/* Counting each PE's work in closed form (see pe-work.h). */
#include <isl/ilp.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include "compute/pe-work.h"
#include "poly/count.h"

void sy_pe_work_free(SyPeWork *work)
{
	if (!work)
		return;
	g_free(work->points);
	g_free(work->why);
	g_free(work);
}

gint64 sy_pe_work_points(const SyPeWork *work, gint64 row, gint64 col)
{
	if (row < 0 || col < 0 || row >= work->rows || col >= work->cols)
		return -1;
	if (work->points)
		return work->points[row * work->cols + col];
	return work->utilisation == 1 ? work->busiest : -1;
}

/* The band's points: every statement instance at its band values (one
 * point where several statements run at the same step). */
static isl_set *band_domain(const SyAnalysis *a)
{
	isl_union_set *u = isl_union_set_apply(
		isl_union_set_copy(a->scop->domain),
		isl_union_map_copy(a->band->map));

	if (isl_union_set_n_set(u) != 1) {
		isl_union_set_free(u);
		return NULL;
	}
	return isl_set_from_union_set(u);
}

/* What one space loop gives each PE along it: band member m, tile
 * size, values per PE. */
typedef struct {
	guint member;
	gint64 min, max, tile, per;
} Axis;

static gint64 tiles_of(const Axis *x)
{
	return (x->max - x->min) / x->tile + 1;
}

static isl_set *bound(isl_set *set, guint m, gint64 lo, gint64 hi)
{
	isl_ctx *ctx = isl_set_get_ctx(set);

	set = isl_set_lower_bound_val(
		set, isl_dim_set, m, isl_val_int_from_si(ctx, lo));
	return isl_set_upper_bound_val(
		set, isl_dim_set, m, isl_val_int_from_si(ctx, hi));
}

/* set cut to the values PE p along axis x runs: one interval per
 * tile. */
static isl_set *slab(__isl_take isl_set *set, const Axis *x, gint64 p)
{
	isl_set *in = isl_set_empty(isl_set_get_space(set));

	for (gint64 lo = x->min + p * x->per; lo <= x->max; lo += x->tile)
		in = isl_set_union(in,
			bound(isl_set_universe(isl_set_get_space(set)),
				x->member, lo, lo + x->per - 1));
	return isl_set_intersect(set, in);
}

/* Whether the set is its bounding box of band values and every tile is
 * whole: then all PEs run the same points. */
static gboolean uniform(
	const SyAnalysis *a, gint64 total, const Axis *axes, guint n_axes)
{
	gint64 box = 1;

	for (guint m = 0; m < a->band->n_members; m++) {
		const SyBandMember *b = &a->band->members[m];

		if (box > G_MAXINT64 / (b->max - b->min + 1))
			return FALSE;
		box *= b->max - b->min + 1;
	}
	for (guint k = 0; k < n_axes; k++)
		if ((axes[k].max - axes[k].min + 1) % axes[k].tile)
			return FALSE;
	return box == total;
}

/* a * b, or G_MAXINT64 past it (both positive). */
static gint64 mul_capped(gint64 a, gint64 b)
{
	return a > G_MAXINT64 / b ? G_MAXINT64 : a * b;
}

static SyPeWork *unknown(SyPeWork *work, char *why)
{
	g_clear_pointer(&work->points, g_free);
	work->utilisation = -1;
	work->why = why;
	return work;
}

/* The values of [lo, hi] that PE p along axis x runs. */
static gint64 overlap(const Axis *x, gint64 p, gint64 lo, gint64 hi)
{
	gint64 n = 0;

	for (gint64 s = x->min + p * x->per; s <= MIN(x->max, hi); s += x->tile)
		n += MAX(0, MIN(s + x->per - 1, hi) - MAX(s, lo) + 1);
	return n;
}

/* Whether set is a product along axis x: its projection times an
 * interval [*lo, *hi] of x's values (their counts agree), each value
 * with *fibre points.  Then a row costs three counts, not one per PE:
 * trmm's rows run all of j, syrk's j <= i. */
static gboolean product_along(
	isl_set *set, const Axis *x, gint64 *fibre, gint64 *lo, gint64 *hi)
{
	isl_val *min, *max;
	gint64 all;
	isl_set *p;
	gboolean ok;

	if (!sy_count_points(set, &all, NULL))
		return FALSE;
	if (all == 0) {
		*fibre = *lo = 0;
		*hi = -1;
		return TRUE;
	}
	min = isl_set_dim_min_val(isl_set_copy(set), (int)x->member);
	max = isl_set_dim_max_val(isl_set_copy(set), (int)x->member);
	ok = min && max && isl_val_is_int(min) && isl_val_is_int(max);
	*lo = ok ? isl_val_get_num_si(min) : 0;
	*hi = ok ? isl_val_get_num_si(max) : -1;
	isl_val_free(min);
	isl_val_free(max);
	if (!ok)
		return FALSE;
	p = isl_set_project_out(isl_set_copy(set), isl_dim_set, x->member, 1);
	ok = p && sy_count_points(p, fibre, NULL) &&
		*fibre * (*hi - *lo + 1) == all;
	isl_set_free(p);
	return ok;
}

/* Counts PE (r, c)'s points for every PE: D cut to row r once, then to
 * each column, unless the row is a product along the columns. */
static gboolean count_each(SyPeWork *work, isl_set *d, const Axis *axes,
	guint n_axes, GError **error)
{
	for (gint64 r = 0; r < work->rows; r++) {
		isl_set *row = n_axes > 1 ? slab(isl_set_copy(d), &axes[0], r)
					  : isl_set_copy(d);
		const Axis *col = &axes[n_axes > 1];
		gint64 fibre, lo, hi;

		if (row && product_along(row, col, &fibre, &lo, &hi)) {
			for (gint64 c = 0; c < work->cols; c++) {
				gint64 n = fibre * overlap(col, c, lo, hi);

				work->points[r * work->cols + c] = n;
				work->busiest = MAX(work->busiest, n);
			}
			isl_set_free(row);
			continue;
		}
		for (gint64 c = 0; c < work->cols; c++) {
			isl_set *pe = slab(isl_set_copy(row), col, c);
			gint64 *n = &work->points[r * work->cols + c];
			gboolean ok = pe && sy_count_points(pe, n, error);

			isl_set_free(pe);
			if (!ok) {
				isl_set_free(row);
				return FALSE;
			}
			work->busiest = MAX(work->busiest, *n);
		}
		isl_set_free(row);
	}
	return TRUE;
}

SyPeWork *sy_pe_work_new(const SyPeArray *array)
{
	const SyAnalysis *a = array->analysis;
	const SyCandidate *c = array->choices->candidate;
	SyPeWork *work = g_new0(SyPeWork, 1);
	g_autoptr(GError) error = NULL;
	Axis axes[2];
	guint n_axes = MIN(c->n_space, 2);
	gint64 counts = 1;
	isl_set *d = band_domain(a);

	for (guint k = 0; k < n_axes; k++) {
		const SyBandMember *b = &a->band->members[c->space[k]];

		axes[k].member = c->space[k];
		axes[k].min = b->min;
		axes[k].max = b->max;
		axes[k].tile = array->config->tile[c->space[k]];
		axes[k].per = axes[k].tile / array->pe[k];
		counts = mul_capped(
			counts, mul_capped(array->pe[k], tiles_of(&axes[k])));
	}
	work->rows = n_axes > 1 ? array->pe[0] : 1;
	work->cols = array->pe[n_axes > 1];
	work->utilisation = -1;
	if (!d || !sy_count_points(d, &work->total, &error)) {
		isl_set_free(d);
		return unknown(work,
			g_strdup_printf("the iteration space is not counted "
					"(%s)",
				error ? error->message
				      : "statements of "
					"several shapes"));
	}
	if (uniform(a, work->total, axes, n_axes)) {
		/* Nothing stored: every PE runs busiest (2^40 PEs fit). */
		work->busiest = work->total / (work->rows * work->cols);
	} else if (counts > SY_PE_WORK_MAX_COUNTS) {
		isl_set_free(d);
		return unknown(work,
			g_strdup_printf("%" G_GINT64_FORMAT " PE and tile "
					"pairs: more than %d to count",
				counts, SY_PE_WORK_MAX_COUNTS));
	} else {
		work->points = g_new0(gint64, work->rows * work->cols);
		if (!count_each(work, d, axes, n_axes, &error)) {
			isl_set_free(d);
			return unknown(work,
				g_strdup_printf("a PE's points are not "
						"counted (%s)",
					error ? error->message : "isl failed"));
		}
	}
	isl_set_free(d);
	if (work->busiest <= 0)
		return unknown(work, g_strdup("no iteration runs"));
	work->utilisation = (double)work->total /
		((double)work->rows * work->cols * work->busiest);
	return work;
}
