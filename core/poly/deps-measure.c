/* Distances of the dependences in the band: after the band, which
 * needs the dependences' relations first (deps.h, band.h). */
#include <math.h>
#include <string.h>

#include <isl/aff.h>
#include <isl/fixed_box.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include "poly/deps-measure.h"

/* Measuring: one SyDep per reference pair and distance. */

typedef struct {
	SyDeps *deps;
	const SyBand *band;
	SyDepKind kind;
	isl_map *plain; /* S -> S' */
	isl_map *source_band; /* S -> [v] */
	isl_map *sink_band; /* S' -> [v] */
	const SyAccess *source;
	const SyAccess *sink;
	GPtrArray *found; /* SyDep of this map */
	gboolean nonuniform; /* some piece has several distances */
} Measure;

/* The pairs of plain whose band values differ by exactly distance. */
static isl_map *pairs_at(Measure *m, const gint64 *distance)
{
	guint n = m->band->n_members;
	isl_space *space = isl_space_set_alloc(isl_map_get_ctx(m->plain), 0, n);
	isl_multi_aff *shift = isl_multi_aff_identity(
		isl_space_map_from_set(space));
	isl_map *t;

	for (guint i = 0; i < n; i++) {
		isl_aff *aff = isl_multi_aff_get_at(shift, (int)i);

		aff = isl_aff_add_constant_si(aff, (int)distance[i]);
		shift = isl_multi_aff_set_at(shift, (int)i, aff);
	}
	t = isl_map_apply_range(
		isl_map_copy(m->source_band), isl_map_from_multi_aff(shift));
	t = isl_map_apply_range(t, isl_map_reverse(isl_map_copy(m->sink_band)));
	return isl_map_coalesce(isl_map_intersect(isl_map_copy(m->plain), t));
}

static SyDep *new_dep(Measure *m)
{
	SyDep *dep = g_new0(SyDep, 1);

	dep->kind = m->kind;
	dep->depth = m->band->n_members;
	dep->source = m->source;
	dep->sink = m->sink;
	g_ptr_array_add(m->found, dep);
	return dep;
}

static gboolean same_distance(const SyDep *dep, const gint64 *d, guint n)
{
	return dep->distance && memcmp(dep->distance, d, n * sizeof *d) == 0;
}

/* A piece whose distances are at most this many points is that many
 * uniform dependences (measure_piece). */
#define SY_DEPS_SPLIT 8

/* The uniform dependence of distance pt (taken), unless the map has
 * it already. */
static isl_stat add_uniform(__isl_take isl_point *pt, void *user)
{
	Measure *m = user;
	guint n = m->band->n_members;
	gint64 *d = g_new(gint64, n);
	SyDep *dep;

	for (guint i = 0; i < n; i++) {
		isl_val *v = isl_point_get_coordinate_val(
			pt, isl_dim_set, (int)i);

		d[i] = isl_val_get_num_si(v);
		isl_val_free(v);
	}
	isl_point_free(pt);
	for (guint i = 0; i < m->found->len; i++)
		if (same_distance(g_ptr_array_index(m->found, i), d, n)) {
			g_free(d);
			return isl_stat_ok;
		}
	dep = new_dep(m);
	dep->uniform = TRUE;
	dep->distance = d;
	dep->relation = pairs_at(m, d);
	return isl_stat_ok;
}

/* Whether delta holds at most SY_DEPS_SPLIT points: its box does (its
 * constraints' box, bounded work; no box, no answer). */
static gboolean few_points(__isl_keep isl_set *delta)
{
	isl_fixed_box *box = isl_set_get_simple_fixed_box_hull(delta);
	isl_multi_val *size = NULL;
	double n = INFINITY;

	if (isl_fixed_box_is_valid(box) == isl_bool_true) {
		size = isl_fixed_box_get_size(box);
		n = 1;
		for (int i = 0; i < isl_multi_val_dim(size, isl_dim_set); i++) {
			isl_val *v = isl_multi_val_get_at(size, i);

			n *= isl_val_get_d(v);
			isl_val_free(v);
		}
	}
	isl_multi_val_free(size);
	isl_fixed_box_free(box);
	return n <= SY_DEPS_SPLIT;
}

/* One basic map of the scheduled relation: uniform when its distances
 * are a single vector, or a few: where a loop between two distances
 * has two iterations, isl describes both in one piece (conv's 2 x 2
 * window: (0,0,0,0) within a point of the band and (0,0,0,1) from one
 * input channel to the next), and each is a uniform dependence of its
 * own, as isl gives them at larger sizes. */
static isl_stat measure_piece(isl_basic_map *bmap, void *user)
{
	Measure *m = user;
	isl_set *delta = isl_set_from_basic_set(isl_basic_map_deltas(bmap));

	if (isl_set_is_singleton(delta) == isl_bool_true)
		add_uniform(isl_set_sample_point(isl_set_copy(delta)), m);
	else if (few_points(delta))
		isl_set_foreach_point(delta, add_uniform, m);
	else
		m->nonuniform = TRUE;
	isl_set_free(delta);
	return isl_stat_ok;
}

/* A map is uniform only if every piece is: a non-uniform piece makes
 * the whole reference pair one non-uniform dependence. */
static void settle(Measure *m, isl_map *scheduled)
{
	if (m->nonuniform) {
		SyDep *dep;
		isl_set *deltas;

		g_ptr_array_set_size(m->found, 0);
		dep = new_dep(m);
		dep->relation = isl_map_copy(m->plain);
		deltas = isl_set_coalesce(
			isl_map_deltas(isl_map_copy(scheduled)));
		dep->distances = isl_set_to_str(deltas);
		isl_set_free(deltas);
	}
}

static isl_stat measure_map(isl_map *tagged, void *user)
{
	Measure *m = user;
	isl_map *scheduled;

	m->source = sy_deps_source_of(m->deps, tagged);
	m->sink = sy_deps_sink_of(m->deps, tagged);
	m->plain = isl_map_factor_domain(tagged);
	m->source_band = sy_band_map_of(
		m->band, isl_space_domain(isl_map_get_space(m->plain)));
	m->sink_band = sy_band_map_of(
		m->band, isl_space_range(isl_map_get_space(m->plain)));
	scheduled = isl_map_apply_range(
		isl_map_reverse(isl_map_copy(m->source_band)),
		isl_map_copy(m->plain));
	scheduled = isl_map_apply_range(scheduled, isl_map_copy(m->sink_band));
	m->found = g_ptr_array_new_with_free_func(sy_dep_free);
	m->nonuniform = FALSE;
	isl_map_foreach_basic_map(scheduled, measure_piece, m);
	settle(m, scheduled);
	for (guint i = 0; i < m->found->len; i++)
		g_ptr_array_add(m->deps->deps, g_ptr_array_index(m->found, i));
	g_ptr_array_set_free_func(m->found, NULL);
	g_ptr_array_unref(m->found);
	isl_map_free(scheduled);
	isl_map_free(m->plain);
	isl_map_free(m->source_band);
	isl_map_free(m->sink_band);
	return isl_stat_ok;
}

static int compare_deps(gconstpointer a, gconstpointer b)
{
	const SyDep *x = *(const SyDep *const *)a;
	const SyDep *y = *(const SyDep *const *)b;

	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	if (x->source->index != y->source->index)
		return x->source->index < y->source->index ? -1 : 1;
	if (x->sink->index != y->sink->index)
		return x->sink->index < y->sink->index ? -1 : 1;
	if (x->uniform != y->uniform)
		return x->uniform ? -1 : 1;
	for (guint i = 0; x->distance && y->distance && i < x->depth; i++)
		if (x->distance[i] != y->distance[i])
			return x->distance[i] < y->distance[i] ? -1 : 1;
	return 0;
}

void sy_deps_measure(SyDeps *deps, const SyBand *band)
{
	Measure m = {deps, band, SY_DEP_FLOW, NULL, NULL, NULL, NULL, NULL,
		NULL, FALSE};

	g_ptr_array_set_size(deps->deps, 0);
	for (SyDepKind kind = SY_DEP_FLOW; kind <= SY_DEP_READ; kind++) {
		m.kind = kind;
		isl_union_map_foreach_map(
			sy_deps_relation(deps, kind), measure_map, &m);
	}
	g_ptr_array_sort(deps->deps, compare_deps);
}
