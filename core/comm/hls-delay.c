/* Delay registers for values passed PE to PE a number of steps after
 * they were made (see hls-delay.h): which reads take them, how many
 * steps back, or the rule a design breaks. */
#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "comm/hls-chain.h"
#include "comm/hls-delay.h"
#include "poly/deps.h"

int sy_hls_delay_time_member(const SyCandidate *c, const SyDep *dep)
{
	for (guint t = 0; t < dep->depth; t++)
		if (!sy_candidate_is_space(c, t) && dep->distance[t] != 0)
			return (int)t;
	return -1;
}

guint sy_hls_delay_of(GHashTable *delays, const SyAccess *a)
{
	return delays ? GPOINTER_TO_UINT(g_hash_table_lookup(delays, a)) : 0;
}

/* The exterior path read a comes in by (of several of its array, the
 * one that moves it), or NULL. */
static const SyIoPath *way_in(const GPtrArray *plan, const SyAccess *a)
{
	for (guint i = 0; i < plan->len; i++) {
		const SyIoPath *p = g_ptr_array_index(plan, i);

		if (p->in && p->exterior && sy_io_path_moves(p, a))
			return p;
	}
	return NULL;
}

/* The schedule distances (sink point minus source point) of dep's pairs
 * whose sink runs in a PE after the first along coordinate k: those the
 * previous PE's FIFO feeds.  (The first PE's values come from the I/O
 * modules, at the step that uses them.) */
static isl_set *step_distances(
	const SyTileBoxes *tiles, const SyDep *dep, guint k)
{
	isl_map *rel = isl_map_copy(dep->relation);
	isl_multi_aff *from = isl_multi_aff_copy(
		sy_tile_boxes_sched(tiles, dep->source->stmt));
	isl_multi_aff *to = isl_multi_aff_copy(
		sy_tile_boxes_sched(tiles, dep->sink->stmt));

	rel = isl_map_apply_domain(rel, isl_map_from_multi_aff(from));
	rel = isl_map_apply_range(rel, isl_map_from_multi_aff(to));
	rel = isl_map_lower_bound_si(
		rel, isl_dim_out, (unsigned)(tiles->n_tile + k), 1);
	return isl_map_deltas(rel);
}

/* The value of dimension d of deltas where it is one, else FALSE. */
static gboolean fixed_at(isl_set *deltas, guint d, gint64 *v)
{
	isl_val *lo = isl_set_dim_min_val(isl_set_copy(deltas), (int)d);
	isl_val *hi = isl_set_dim_max_val(isl_set_copy(deltas), (int)d);
	gboolean one = lo && hi && isl_val_is_int(lo) &&
		isl_val_eq(lo, hi) == isl_bool_true;

	if (one)
		*v = isl_val_get_num_si(lo);
	isl_val_free(lo);
	isl_val_free(hi);
	return one;
}

/* The smallest and largest value of dimension d of set. */
static gboolean bounds_of(isl_set *set, guint d, gint64 *lo, gint64 *hi)
{
	isl_val *a = isl_set_dim_min_val(isl_set_copy(set), (int)d);
	isl_val *b = isl_set_dim_max_val(isl_set_copy(set), (int)d);
	gboolean ok = a && b && isl_val_is_int(a) && isl_val_is_int(b);

	if (ok) {
		*lo = isl_val_get_num_si(a);
		*hi = isl_val_get_num_si(b);
	}
	isl_val_free(a);
	isl_val_free(b);
	return ok;
}

/* The points of stmt's flat schedule on its box. */
static isl_set *points_of(const SyTileBoxes *tiles, const SyStmt *stmt)
{
	isl_space *space = isl_space_map_from_domain_and_range(
		isl_set_get_space(stmt->domain),
		isl_space_set_alloc(
			isl_set_get_ctx(stmt->domain), 0, tiles->n_dims));

	return isl_map_range(isl_union_map_extract_map(tiles->schedule, space));
}

/* The runs of stmt in a PE from a point to the one delta after it: the
 * PE runs its points in order, one run a point, and they make a box,
 * so that each schedule dimension after the PE's coordinates counts
 * the points of those inside it; -1 where they make no box. */
static gint64 runs_between(
	const SyTileBoxes *tiles, const SyStmt *stmt, const gint64 *delta)
{
	isl_set *points = points_of(tiles, stmt);
	isl_set *box = isl_set_universe(isl_set_get_space(points));
	gint64 runs = 0, stride = 1, lo, hi;
	isl_bool whole;

	for (guint i = tiles->n_dims; i-- > 0;) {
		if (!bounds_of(points, i, &lo, &hi))
			break;
		/* 64-bit bounds: an untiled loop's box is its extent. */
		box = isl_set_lower_bound_val(box, isl_dim_set, i,
			isl_val_int_from_si(isl_set_get_ctx(box), lo));
		box = isl_set_upper_bound_val(box, isl_dim_set, i,
			isl_val_int_from_si(isl_set_get_ctx(box), hi));
		if (i >= tiles->n_tile + tiles->n_space) {
			runs += delta[i] * stride;
			stride *= hi - lo + 1;
		}
	}
	whole = isl_set_is_equal(box, points);
	isl_set_free(box);
	isl_set_free(points);
	return whole == isl_bool_true ? runs : -1;
}

/* Why dep's pairs between PEs of one tile (along k), whose distances
 * are deltas, do not all wait the same steps in the next PE, or NULL;
 * delta their distance in the flat schedule where it is one. */
static const char *why_not_fixed(const SyTileBoxes *tiles, const SyDep *dep,
	guint k, isl_set *deltas, gint64 *delta)
{
	const char *why = NULL;

	if (dep->source->stmt != dep->sink->stmt)
		why = "it joins two statements";
	for (guint i = 0; !why && i < tiles->n_dims; i++) {
		gboolean fixed = fixed_at(deltas, i, &delta[i]);

		if (i < tiles->n_tile && (!fixed || delta[i] != 0))
			why = "it crosses tiles of a loop";
		else if (!fixed)
			why = "its distance varies between PEs";
		else if (i >= tiles->n_tile &&
			i < tiles->n_tile + tiles->n_space &&
			delta[i] != (i == tiles->n_tile + k ? 1 : 0))
			why = "it moves along another space loop too";
	}
	return why;
}

/* The steps dep's values wait in the next PE (runs of its statement);
 * G_MAXUINT for no pair between PEs of one tile (all feed the first
 * PE); 0 with error set where they do not all wait the same. */
static guint steps_of(const SyTileBoxes *tiles, const SyDep *dep, guint k,
	const char *loop, GError **error)
{
	g_autofree gint64 *delta = g_new0(gint64, tiles->n_dims);
	isl_set *deltas = step_distances(tiles, dep, k);
	isl_bool none = isl_set_is_empty(deltas);
	const char *why;
	gint64 d = -1;

	if (none == isl_bool_true) {
		isl_set_free(deltas);
		return G_MAXUINT;
	}
	why = why_not_fixed(tiles, dep, k, deltas, delta);
	isl_set_free(deltas);
	if (!why) {
		d = runs_between(tiles, dep->sink->stmt, delta);
		if (d < 0)
			why = "its statement's points make no box";
		else if (d == 0 || d >= G_MAXUINT)
			why = "it waits no step, or too many";
	}
	if (!why)
		return (guint)d;
	sy_hls_refuse(error,
		"the flow dependence on %s crosses PEs and time steps at once "
		"(distance %" G_GINT64_FORMAT " on '%s'), but %s; the HLS "
		"backend delays a value by the same number of steps in every "
		"PE of a tile",
		dep->source->array->name,
		dep->distance[sy_hls_delay_time_member(
			tiles->array->choices->candidate, dep)],
		loop, why);
	return 0;
}

/* Whether stmt reads x through another access than a: the PE would
 * take two values a step from one FIFO. */
static gboolean reads_twice(const SyAccess *a)
{
	for (guint k = 0; k < a->stmt->accesses->len; k++) {
		const SyAccess *o = g_ptr_array_index(a->stmt->accesses, k);

		if (o != a && !o->write && o->array == a->array)
			return TRUE;
	}
	return FALSE;
}

/* Whether set (taken) lies in the PEs at coordinate v along k. */
static gboolean only_at(const SyTileBoxes *tiles, const SyStmt *stmt,
	isl_set *set, guint k, gint64 v)
{
	isl_set *there = sy_hls_chain_at_pe(tiles, stmt, k, v);
	isl_bool in = isl_set_is_subset(set, there);

	isl_set_free(set);
	isl_set_free(there);
	return in == isl_bool_true;
}

/* A delayed x's values from outside the kernel enter at the first PE
 * along k (elsewhere the registers hold the previous PE's), and its
 * final values leave at the last (the others' wait a step in the next
 * PE instead of going on). */
static gboolean check_ends(const SyTileBoxes *tiles, const SyArray *x, guint k,
	const char *space, GError **error)
{
	const SyPeArray *array = tiles->array;
	const SyScop *scop = array->analysis->scop;
	const SyDeps *deps = array->analysis->deps;

	for (guint i = 0; i < scop->accesses->len; i++) {
		const SyAccess *a = g_ptr_array_index(scop->accesses, i);
		isl_set *in;

		if (a->array != x || !a->expr)
			continue;
		if (a->write) {
			if (!only_at(tiles, a->stmt,
				    isl_map_domain(sy_io_live_out(deps, a)), k,
				    array->pe[k] - 1))
				return sy_hls_refuse(error,
					"final values of %s are written in "
					"PEs before the last along '%s', which "
					"pass values on a step late; the HLS "
					"backend drains them at the end of the "
					"chain",
					x->name, space);
			continue;
		}
		in = sy_deps_live_in(deps, a);
		if (in && !only_at(tiles, a->stmt, isl_set_copy(in), k, 0))
			return sy_hls_refuse(error,
				"values of %s from outside the kernel are read "
				"in PEs after the first along '%s', where the "
				"delay registers hold the previous PE's; the "
				"HLS backend feeds them at the start of the "
				"chain",
				x->name, space);
	}
	return TRUE;
}

/* Records the delay of dep's sink, or refuses. */
static gboolean add_delay(GHashTable *delays, const SyTileBoxes *tiles,
	const GPtrArray *plan, const SyDep *dep, GError **error)
{
	const SyPeArray *array = tiles->array;
	const SyCandidate *c = array->choices->candidate;
	const SyArray *x = dep->source->array;
	const char *loop =
		array->analysis->band->members[sy_hls_delay_time_member(c, dep)]
			.name;
	const SyIoPath *p = way_in(plan, dep->sink);
	guint d, had;

	if (!p)
		return TRUE;
	if (array->config->simd >= 0)
		return sy_hls_refuse(error,
			"the flow dependence on %s crosses PEs and time steps "
			"at once (on '%s'); the HLS backend delays values in "
			"a PE without SIMD lanes only",
			x->name, loop);
	if (reads_twice(dep->sink))
		return sy_hls_refuse(error,
			"%s reads %s twice, the value from the previous PE "
			"steps later; the HLS backend takes one value a step "
			"from a PE's FIFO",
			dep->sink->stmt->name, x->name);
	if (!check_ends(tiles, x, sy_io_path_along(p),
		    array->analysis->band
			    ->members[c->space[sy_io_path_along(p)]]
			    .name,
		    error))
		return FALSE;
	d = steps_of(tiles, dep, sy_io_path_along(p), loop, error);
	if (!d)
		return FALSE;
	if (d == G_MAXUINT)
		return TRUE;
	had = GPOINTER_TO_UINT(g_hash_table_lookup(delays, dep->sink));
	if (had && had != d)
		return sy_hls_refuse(error,
			"values of %s reach %s's read from the previous PE "
			"%u and %u steps after they were made; the HLS "
			"backend delays a read by one number of steps",
			x->name, dep->sink->stmt->name, had, d);
	g_hash_table_insert(delays, (gpointer)dep->sink, GUINT_TO_POINTER(d));
	return TRUE;
}

GHashTable *sy_hls_delays_new(
	const SyTileBoxes *tiles, const GPtrArray *plan, GError **error)
{
	const SyPeArray *array = tiles->array;
	const SyCandidate *c = array->choices->candidate;
	const SyDeps *deps = array->analysis->deps;
	g_autoptr(GHashTable) delays = g_hash_table_new(NULL, NULL);

	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->kind != SY_DEP_FLOW || !dep->uniform ||
			!sy_candidate_crosses_pes(c, dep->distance) ||
			sy_hls_delay_time_member(c, dep) < 0 ||
			sy_hls_chain_keeps(array, dep->source->array))
			continue;
		if (!add_delay(delays, tiles, plan, dep, error))
			return NULL;
	}
	return g_steal_pointer(&delays);
}
