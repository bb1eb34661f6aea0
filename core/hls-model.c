#include <string.h>

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include "hls-chain.h"

G_DEFINE_QUARK(sy - hls - error - quark, sy_hls_error)

gboolean sy_hls_refuse(GError **error, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	g_propagate_error(error,
		g_error_new_valist(
			SY_HLS_ERROR, SY_HLS_ERROR_UNSUPPORTED, format, args));
	va_end(args);
	return FALSE;
}

static void box_clear(SyHlsBox *box)
{
	g_free(box->size);
	isl_multi_pw_aff_free(box->offset);
}

static void path_free(gpointer data)
{
	SyHlsPath *p = data;

	box_clear(&p->box);
	isl_set_free(p->tiles);
	isl_union_set_free(p->moving);
	g_free(p);
}

static void hls_stmt_free(gpointer data)
{
	SyHlsStmt *h = data;

	isl_multi_aff_free(h->sched);
	isl_set_free(h->points);
	isl_pw_multi_aff_free(h->inverse);
	g_free(h);
}

static void pe_box_free(gpointer data)
{
	box_clear(data);
	g_free(data);
}

void sy_hls_model_free(SyHlsModel *model)
{
	if (!model)
		return;
	isl_union_map_free(model->schedule);
	isl_union_set_free(model->real);
	if (model->pe_paths)
		g_ptr_array_unref(model->pe_paths);
	if (model->paths)
		g_ptr_array_unref(model->paths);
	if (model->passes)
		g_ptr_array_unref(model->passes);
	if (model->plan)
		g_ptr_array_unref(model->plan);
	if (model->pe_box)
		g_hash_table_unref(model->pe_box);
	if (model->chain)
		g_hash_table_unref(model->chain);
	if (model->stmts)
		g_hash_table_unref(model->stmts);
	g_free(model);
}

/* Boxes */

static int member_of(const SyBand *band, const SyNode *loop)
{
	for (guint m = 0; m < band->n_members; m++)
		if (g_ptr_array_find(band->members[m].loops, loop, NULL))
			return (int)m;
	return -1;
}

static isl_set *bounded(isl_set *set, isl_pw_aff *value, gint64 lo, gint64 hi)
{
	isl_set *dom = isl_set_universe(isl_set_get_space(set));
	isl_pw_aff *low = isl_pw_aff_val_on_domain(isl_set_copy(dom),
		isl_val_int_from_si(isl_set_get_ctx(set), lo));
	isl_pw_aff *high = isl_pw_aff_val_on_domain(
		dom, isl_val_int_from_si(isl_set_get_ctx(set), hi));

	set = isl_set_intersect(
		set, isl_pw_aff_ge_set(isl_pw_aff_copy(value), low));
	return isl_set_intersect(set, isl_pw_aff_le_set(value, high));
}

/* A statement's iterations on whole tiles: band loops over their padded
 * range, other loops over their bounding box. */
static isl_set *box_of(
	const SyPeArray *array, const SyStmt *stmt, GError **error)
{
	const SyBand *band = array->analysis->band;
	isl_space *space = isl_set_get_space(stmt->domain);
	isl_set *box = isl_set_universe(isl_space_copy(space));

	for (guint d = 0; d < stmt->n_iters; d++) {
		const SyNode *loop = stmt->loops[d];
		int m = member_of(band, loop);
		isl_pw_aff *it = isl_pw_aff_var_on_domain(
			isl_local_space_from_space(isl_space_copy(space)),
			isl_dim_set, d);

		if (m >= 0) {
			const SyBandMember *bm = &band->members[m];

			if (loop->step != 1 && loop->step != -1) {
				isl_pw_aff_free(it);
				isl_set_free(box);
				isl_space_free(space);
				sy_hls_refuse(error,
					"the HLS backend needs loops of step 1 "
					"or -1; loop '%s' steps by "
					"%" G_GINT64_FORMAT,
					bm->name, loop->step);
				return NULL;
			}
			box = bounded(box, sy_loop_schedule_value(loop, it),
				bm->min, bm->min + array->padded[m] - 1);
		} else {
			isl_aff *obj = isl_aff_var_on_domain(
				isl_local_space_from_space(
					isl_space_copy(space)),
				isl_dim_set, d);
			isl_val *lo = isl_set_min_val(stmt->domain, obj);
			isl_val *hi = isl_set_max_val(stmt->domain, obj);

			box = bounded(box, it, isl_val_get_num_si(lo),
				isl_val_get_num_si(hi));
			isl_val_free(lo);
			isl_val_free(hi);
			isl_aff_free(obj);
		}
	}
	isl_space_free(space);
	return box;
}

static isl_stat take_piece(isl_set *set, isl_multi_aff *ma, void *user)
{
	*(isl_multi_aff **)user = ma;
	isl_set_free(set);
	return isl_stat_ok;
}

/* The leaf of the PE array's schedule a statement reaches. */
typedef struct {
	isl_space *space; /* the statement's */
	int depth; /* schedule dimensions above its leaf, -1 until found */
} Leaf;

static isl_bool find_leaf(isl_schedule_node *node, void *user)
{
	Leaf *leaf = user;
	isl_union_set *domain;
	isl_set *mine;
	isl_bool here;

	if (isl_schedule_node_get_type(node) != isl_schedule_node_leaf)
		return isl_bool_true;
	domain = isl_schedule_node_get_domain(node);
	mine = isl_union_set_extract_set(domain, isl_space_copy(leaf->space));
	here = isl_bool_not(isl_set_is_empty(mine));
	isl_set_free(mine);
	isl_union_set_free(domain);
	if (here != isl_bool_true)
		return isl_bool_false;
	/* isl's flat schedule: a dimension per band member and one per
	 * sequence or set node (the child's place). */
	leaf->depth = 0;
	node = isl_schedule_node_copy(node);
	while (isl_schedule_node_has_parent(node) == isl_bool_true) {
		node = isl_schedule_node_parent(node);
		switch (isl_schedule_node_get_type(node)) {
		case isl_schedule_node_band:
			leaf->depth += (int)isl_schedule_node_band_n_member(
				node);
			break;
		case isl_schedule_node_sequence:
		case isl_schedule_node_set: leaf->depth++; break;
		default: break;
		}
	}
	isl_schedule_node_free(node);
	return isl_bool_false;
}

/* The latency and SIMD loops at the leaves of the PE array's schedule. */
static int leaf_loops(const SyPeArray *array)
{
	const SyConfig *cfg = array->config;
	int n = cfg->simd >= 0;

	for (guint m = 0; m < cfg->n_members; m++)
		n += cfg->latency[m] > 1;
	return n;
}

/* isl pads the flat schedule of a statement whose leaf is shallower
 * than others with zeros at the end, so that its latency and SIMD loops
 * (those of every leaf) would not be the last dimensions.  They go last,
 * after the zeros: the order of the points is the same (statements part
 * at a sequence above them), and every statement has its SIMD lane in
 * the last dimension, its latency loops just above. */
static isl_multi_aff *leaf_loops_last(
	isl_multi_aff *ma, const SyPeArray *array, const SyStmt *stmt)
{
	Leaf leaf = {isl_set_get_space(stmt->domain), -1};
	int n = (int)isl_multi_aff_dim(ma, isl_dim_out);
	int k = leaf_loops(array);
	isl_multi_aff *moved;

	isl_schedule_foreach_schedule_node_top_down(
		array->schedule, find_leaf, &leaf);
	isl_space_free(leaf.space);
	if (leaf.depth < 0 || leaf.depth >= n || k == 0)
		return ma;
	moved = isl_multi_aff_copy(ma);
	for (int d = leaf.depth - k; d < n; d++) {
		int from = d < n - k ? d + k : d - (n - leaf.depth);

		moved = isl_multi_aff_set_at(
			moved, d, isl_multi_aff_get_at(ma, from));
	}
	isl_multi_aff_free(ma);
	return moved;
}

/* The PE array's flat schedule of one statement as one affine function
 * (defined beyond the kernel's domain, on the statement's box), its
 * latency and SIMD loops last. */
static isl_multi_aff *stmt_schedule(
	const SyPeArray *array, const SyStmt *stmt, GError **error)
{
	isl_union_map *all = isl_schedule_get_map(array->schedule);
	isl_map *map = isl_map_from_union_map(isl_union_map_intersect_domain(
		all, isl_union_set_from_set(isl_set_copy(stmt->domain))));
	isl_pw_multi_aff *pma = isl_pw_multi_aff_from_map(map);
	isl_multi_aff *ma = NULL;

	pma = isl_pw_multi_aff_coalesce(pma);
	if (isl_pw_multi_aff_n_piece(pma) != 1) {
		isl_pw_multi_aff_free(pma);
		sy_hls_refuse(error,
			"the schedule of %s is not one affine function "
			"on its domain; the HLS backend needs one",
			stmt->name);
		return NULL;
	}
	isl_pw_multi_aff_foreach_piece(pma, take_piece, &ma);
	isl_pw_multi_aff_free(pma);
	return leaf_loops_last(ma, array, stmt);
}

/* set as the product of its dimensions' ranges when it is one: what the
 * AST builder projects is then plain bounds. */
static isl_set *rectangular(isl_set *set)
{
	isl_fixed_box *hull = isl_set_get_simple_fixed_box_hull(set);
	isl_multi_aff *offset = isl_fixed_box_get_offset(hull);
	isl_multi_val *size = isl_fixed_box_get_size(hull);
	isl_set *box = isl_set_universe(isl_set_get_space(set));
	isl_bool same = isl_fixed_box_is_valid(hull);

	for (int d = 0;
		same == isl_bool_true && d < (int)isl_set_dim(set, isl_dim_set);
		d++) {
		isl_aff *lo = isl_multi_aff_get_at(offset, d);
		isl_val *n = isl_multi_val_get_at(size, d);

		if (!isl_aff_is_cst(lo)) {
			isl_aff_free(lo);
			isl_val_free(n);
			same = isl_bool_false;
			break;
		}
		{
			isl_val *l = isl_aff_get_constant_val(lo);
			gint64 a = isl_val_get_num_si(l);

			box = isl_set_lower_bound_si(box, isl_dim_set, d, a);
			box = isl_set_upper_bound_si(box, isl_dim_set, d,
				a + isl_val_get_num_si(n) - 1);
			isl_val_free(l);
		}
		isl_aff_free(lo);
		isl_val_free(n);
	}
	if (same == isl_bool_true)
		same = isl_set_is_equal(box, set);
	isl_multi_aff_free(offset);
	isl_multi_val_free(size);
	isl_fixed_box_free(hull);
	if (same != isl_bool_true) {
		isl_set_free(box);
		return set;
	}
	isl_set_free(set);
	return box;
}

/* The schedule on a statement's box, one to one.  A statement under
 * an if that fixes a loop (i == 0) has a schedule blind to that loop:
 * it keeps its equalities then, running on a hyperplane of its box. */
static isl_map *one_to_one(const SyStmt *stmt, isl_map *map, GError **error)
{
	isl_bool injective = isl_map_is_injective(map);

	if (injective == isl_bool_false) {
		isl_basic_set *hull = isl_set_affine_hull(
			isl_set_copy(stmt->domain));

		map = isl_map_intersect_domain(
			map, isl_set_from_basic_set(hull));
		injective = isl_map_is_injective(map);
	}
	if (injective == isl_bool_true)
		return map;
	isl_map_free(map);
	sy_hls_refuse(error,
		"statement %s (line %u) runs more than once at a point of "
		"the array's schedule; the HLS backend needs one instance "
		"per point",
		stmt->name, stmt->node->loc.line);
	return NULL;
}

/* The statement seen from its schedule (see SyHlsStmt). */
static SyHlsStmt *hls_stmt_new(const SyStmt *stmt, isl_map *boxed)
{
	SyHlsStmt *h = g_new0(SyHlsStmt, 1);
	isl_map *back;

	h->stmt = stmt;
	/* Without redundant constraints (the kernel's bounds are implied
	 * by whole boxes): every AST built on the points is cheaper. */
	h->points = rectangular(isl_set_remove_redundancies(
		isl_set_coalesce(isl_set_set_tuple_name(
			isl_map_range(isl_map_copy(boxed)), stmt->name))));
	back = isl_map_reverse(boxed);
	back = isl_map_set_tuple_name(back, isl_dim_in, stmt->name);
	h->inverse = isl_pw_multi_aff_coalesce(isl_pw_multi_aff_from_map(back));
	/* The points are the box's image: the inverse needs no domain. */
	if (isl_pw_multi_aff_n_piece(h->inverse) == 1) {
		isl_multi_aff *ma = NULL;

		isl_pw_multi_aff_foreach_piece(h->inverse, take_piece, &ma);
		isl_pw_multi_aff_free(h->inverse);
		h->inverse = isl_pw_multi_aff_from_multi_aff(ma);
	}
	return h;
}

const SyHlsStmt *sy_hls_model_stmt(const SyHlsModel *m, const char *name)
{
	return g_hash_table_lookup(m->stmts, name);
}

isl_union_set *sy_hls_model_points(
	const SyHlsModel *m, isl_union_set *instances)
{
	isl_union_set *points = isl_union_set_empty(
		isl_union_set_get_space(instances));
	GHashTableIter it;
	gpointer value;

	g_hash_table_iter_init(&it, m->stmts);
	while (g_hash_table_iter_next(&it, NULL, &value)) {
		const SyHlsStmt *h = value;
		isl_set *mine = isl_union_set_extract_set(
			instances, isl_set_get_space(h->stmt->domain));
		isl_set *at = isl_set_apply(mine,
			isl_map_from_multi_aff(isl_multi_aff_copy(h->sched)));

		points = isl_union_set_add_set(points,
			isl_set_intersect(
				isl_set_set_tuple_name(at, h->stmt->name),
				isl_set_copy(h->points)));
	}
	isl_union_set_free(instances);
	return points;
}

/* Units and footprints */

/* The schedule's first n_tile dimensions, then the PE dimensions that
 * keep[k] selects (all for NULL). */
static isl_union_map *unit_map(const SyHlsModel *m, const gboolean *keep)
{
	isl_ctx *ctx = isl_union_map_get_ctx(m->schedule);
	guint out = m->n_tile;
	isl_space *space;
	isl_multi_aff *ma;
	isl_local_space *ls;

	for (guint k = 0; k < m->n_space; k++)
		out += !keep || keep[k];
	space = isl_space_map_from_domain_and_range(
		isl_space_set_alloc(ctx, 0, m->n_dims),
		isl_space_set_alloc(ctx, 0, out));
	ma = isl_multi_aff_zero(isl_space_copy(space));
	ls = isl_local_space_from_space(isl_space_domain(space));
	for (guint d = 0, o = 0; d < m->n_tile + m->n_space; d++) {
		if (d >= m->n_tile && keep && !keep[d - m->n_tile])
			continue;
		ma = isl_multi_aff_set_aff(ma, (int)o++,
			isl_aff_var_on_domain(
				isl_local_space_copy(ls), isl_dim_set, d));
	}
	isl_local_space_free(ls);
	return isl_union_map_apply_range(isl_union_map_copy(m->schedule),
		isl_union_map_from_map(isl_map_from_multi_aff(ma)));
}

/* The accesses of array x on the boxes (all, or its reads or writes);
 * only for instances in only, when given. */
static isl_union_map *boxed_accesses(
	const SyHlsModel *m, const SyArray *x, int writes, isl_union_set *only)
{
	const SyScop *scop = m->array->analysis->scop;
	isl_union_set *boxes = isl_union_map_domain(
		isl_union_map_copy(m->schedule));
	isl_union_map *all = isl_union_map_empty(
		isl_space_params_alloc(scop->ctx, 0));

	for (guint i = 0; i < scop->accesses->len; i++) {
		const SyAccess *a = g_ptr_array_index(scop->accesses, i);

		if (a->array != x || (writes >= 0 && a->write != writes))
			continue;
		all = isl_union_map_add_map(all,
			isl_map_from_multi_pw_aff(
				isl_multi_pw_aff_copy(a->subscripts)));
	}
	all = isl_union_map_intersect_domain(all, boxes);
	if (only)
		all = isl_union_map_intersect_domain(
			all, isl_union_set_copy(only));
	return all;
}

static isl_stat take_aff(isl_set *set, isl_aff *aff, void *user)
{
	isl_aff **out = user;

	isl_set_free(set);
	isl_aff_free(*out);
	*out = aff;
	return isl_stat_ok;
}

/* One affine piece, defined everywhere: where it is used, points
 * outside its domain never ask, and expressions of it stay simple. */
static isl_pw_aff *total(isl_pw_aff *pa)
{
	isl_aff *aff = NULL;

	pa = isl_pw_aff_coalesce(pa);
	if (isl_pw_aff_n_piece(pa) != 1)
		return pa;
	isl_pw_aff_foreach_piece(pa, take_aff, &aff);
	isl_pw_aff_free(pa);
	return isl_pw_aff_from_aff(aff);
}

/* The box of the elements accesses touch per [tile, unit]. */
static gboolean box_compute(SyHlsBox *box, isl_union_map *units,
	isl_union_map *accesses, guint n_dims)
{
	isl_union_map *touched = isl_union_map_apply_range(
		isl_union_map_reverse(units), accesses);
	isl_map *map;
	isl_pw_aff_list *list;
	isl_space *space;

	box->n_dims = MAX(n_dims, 1);
	box->size = g_new0(gint64, box->n_dims);
	if (isl_union_map_is_empty(touched) == isl_bool_true) {
		isl_union_map_free(touched);
		return FALSE;
	}
	/* A scalar is one element, at no offset. */
	if (n_dims == 0) {
		box->size[0] = 1;
		isl_union_map_free(touched);
		return TRUE;
	}
	map = isl_map_from_union_map(touched);
	list = isl_pw_aff_list_alloc(isl_map_get_ctx(map), (int)n_dims);
	for (guint d = 0; d < n_dims; d++) {
		isl_pw_aff *hi = isl_map_dim_max(isl_map_copy(map), (int)d);
		isl_pw_aff *lo = isl_map_dim_min(isl_map_copy(map), (int)d);
		isl_val *v = isl_pw_aff_max_val(
			isl_pw_aff_sub(hi, isl_pw_aff_copy(lo)));

		box->size[d] = isl_val_get_num_si(v) + 1;
		isl_val_free(v);
		list = isl_pw_aff_list_add(list, total(lo));
	}
	space = isl_space_range(isl_map_get_space(map));
	space = isl_space_map_from_domain_and_range(
		isl_space_domain(isl_map_get_space(map)), space);
	box->offset = isl_multi_pw_aff_from_pw_aff_list(space, list);
	isl_map_free(map);
	return TRUE;
}

/* Checks */

gboolean sy_hls_model_keeps(const SyHlsModel *m, const SyArray *x)
{
	const SyCandidate *c = m->array->choices->candidate;

	if (x->local)
		return TRUE;
	for (guint k = 0; k < c->io->len; k++) {
		const SyIoGroup *g = g_ptr_array_index(c->io, k);

		if (g->array == x && !g->exterior &&
			(g->kind == SY_DEP_FLOW || g->kind == SY_DEP_OUTPUT))
			return TRUE;
	}
	return FALSE;
}

/* Data moving PE to PE must move to the next PE along one space loop at
 * the same time step: then every PE forwards what it read. */
static gboolean check_exterior(
	const SyHlsModel *m, const SyIoPath *p, GError **error)
{
	const SyPeArray *array = m->array;
	const SyCandidate *c = array->choices->candidate;
	const SyDeps *deps = array->analysis->deps;
	guint moving = 0;

	for (guint k = 0; k < p->n_space; k++) {
		if (p->direction[k] == 0)
			continue;
		if (p->direction[k] != 1)
			return sy_hls_refuse(error,
				"%s moves %" G_GINT64_FORMAT " PEs along '%s' "
				"at a time; the HLS backend moves data to the "
				"next PE only",
				p->array->name, p->direction[k],
				array->analysis->band->members[c->space[k]]
					.name);
		moving++;
	}
	if (moving != 1)
		return sy_hls_refuse(error,
			"%s moves diagonally through the array; the HLS "
			"backend moves data along one space loop",
			p->array->name);
	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->kind == SY_DEP_ANTI || dep->kind == SY_DEP_OUTPUT ||
			dep->source->array != p->array || !dep->uniform ||
			!sy_candidate_crosses_pes(c, dep->distance))
			continue;
		for (guint t = 0; t < dep->depth; t++)
			if (!sy_candidate_is_space(c, t) &&
				dep->distance[t] != 0)
				return sy_hls_refuse(error,
					"the %s dependence on %s crosses PEs "
					"and time steps at once (distance "
					"%" G_GINT64_FORMAT
					" on '%s'); the HLS "
					"backend needs the next PE to take it "
					"at the same time step",
					sy_dep_kind_name(dep->kind),
					p->array->name, dep->distance[t],
					array->analysis->band->members[t].name);
	}
	return TRUE;
}

/* Results overwritten PE to PE without being read (y[i] = A[i][k] on
 * [k]): every PE but the last would have to pass its neighbours'
 * values on and drop its own, which no module does. */
static gboolean refuse_overwritten(
	const SyHlsModel *m, const SyIoPath *p, GError **error)
{
	const SyCandidate *c = m->array->choices->candidate;
	guint k = 0;

	while (k + 1 < p->n_space && p->direction[k] == 0)
		k++;
	return sy_hls_refuse(error,
		"results of %s are overwritten in the next PE along '%s' and "
		"never read there; the HLS backend drains a result from the "
		"PE that writes it: choose space loops that %s's subscripts "
		"use",
		p->array->name,
		m->array->analysis->band->members[c->space[k]].name,
		p->array->name);
}

/* Whether access a's element changes along band member t: then a PE's
 * buffer of it moves with t's tiles. */
static gboolean follows(const SyBand *band, const SyAccess *a, guint t)
{
	for (guint d = 0; d < a->stmt->n_iters; d++)
		if (member_of(band, a->stmt->loops[d]) == (int)t)
			return isl_multi_pw_aff_involves_dims(a->subscripts,
				       isl_dim_in, d, 1) == isl_bool_true;
	return FALSE;
}

/* Values of x a PE keeps from one tile to another: partial results
 * would make a round trip through DRAM, a cycle the C simulation cannot
 * run; a temporary has no way there at all. */
static gboolean check_untiled(const SyHlsModel *m, const SyArray *x,
	gboolean through_dram, GError **error)
{
	const SyPeArray *array = m->array;
	const SyDeps *deps = array->analysis->deps;
	const SyBand *band = array->analysis->band;

	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->kind != SY_DEP_FLOW || dep->source->array != x ||
			!dep->uniform)
			continue;
		for (guint t = 0; t < dep->depth; t++)
			if (dep->distance[t] != 0 &&
				array->padded[t] > array->config->tile[t] &&
				(through_dram || follows(band, dep->sink, t)))
				return sy_hls_refuse(error,
					"%s %s cross tiles of '%s'%s; the HLS "
					"backend needs that loop untiled "
					"(--tile %s=%" G_GINT64_FORMAT ")",
					x->local ? "values of the temporary"
						 : "partial results of",
					x->name, band->members[t].name,
					through_dram ? " through DRAM"
						: x->local
						? ""
						: " in a PE's buffer, "
						  "which moves with them",
					band->members[t].name,
					band->members[t].max -
						band->members[t].min + 1);
	}
	return TRUE;
}

/* Partial results may leave the array only at the end. */
static gboolean check_partial(
	const SyHlsModel *m, const SyIoPath *p, GError **error)
{
	if (!p->exterior)
		return sy_hls_refuse(error,
			"partial results of %s leave the PEs between tiles and "
			"come back; the HLS backend keeps them on chip: put "
			"the loops carrying them innermost in the tile order "
			"(--tile-order)",
			p->array->name);
	return check_untiled(m, p->array, TRUE, error);
}

static gboolean partial_path(const SyHlsModel *m, const SyArray *x)
{
	for (guint i = 0; i < m->plan->len; i++) {
		const SyIoPath *p = g_ptr_array_index(m->plan, i);

		if (p->array == x && p->role == SY_PATH_PARTIAL)
			return TRUE;
	}
	return FALSE;
}

static gboolean check_paths(const SyHlsModel *m, GError **error)
{
	for (guint i = 0; i < m->plan->len; i++) {
		const SyIoPath *p = g_ptr_array_index(m->plan, i);

		if (p->exterior && !check_exterior(m, p, error))
			return FALSE;
		if (p->exterior && p->role == SY_PATH_DRAIN)
			return refuse_overwritten(m, p, error);
		if (p->role == SY_PATH_PARTIAL && !check_partial(m, p, error))
			return FALSE;
		for (guint k = 0; k < i; k++) {
			const SyIoPath *o = g_ptr_array_index(m->plan, k);

			if (o->array == p->array && o->in == p->in)
				return sy_hls_refuse(error,
					"%s %s the array along two paths (%s "
					"and %s); the HLS backend supports one "
					"per array and way",
					p->array->name,
					p->in ? "enters" : "leaves", o->prefix,
					p->prefix);
		}
	}
	/* Temporaries, and partial results with no way through DRAM,
	 * stay on chip: in their PE or passed on, in a buffer that must
	 * not move between the tiles they cross. */
	for (guint i = 0; i < m->array->analysis->scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(
			m->array->analysis->scop->arrays, i);

		if (sy_hls_model_keeps(m, x) && !partial_path(m, x) &&
			!check_untiled(m, x, FALSE, error))
			return FALSE;
	}
	return TRUE;
}

/* Paths */

/* The packing of a path's buffers, as the design chose it. */
static guint pack_of(const SyDesign *design, const SyIoPath *p)
{
	g_autofree char *stem = g_strconcat(p->prefix, "_IO_L", NULL);

	for (guint i = 0; i < design->modules->len; i++) {
		const SyModule *m = g_ptr_array_index(design->modules, i);

		if (m->buffers->len && g_str_has_prefix(m->name, stem))
			return ((SyBuffer *)g_ptr_array_index(m->buffers, 0))
				->pack;
	}
	return 1;
}

/* The first n_tile schedule dimensions of instances: their tiles. */
static isl_set *tiles_of(const SyHlsModel *m, isl_union_set *instances)
{
	gboolean *none = g_new0(gboolean, m->n_space + 1);
	isl_union_map *units = unit_map(m, none);
	isl_union_set *tiles = isl_union_set_apply(instances, units);
	isl_set *set;

	g_free(none);
	if (isl_union_set_is_empty(tiles) == isl_bool_true) {
		isl_union_set_free(tiles);
		return isl_set_empty(isl_space_set_alloc(
			isl_union_map_get_ctx(m->schedule), 0, m->n_tile));
	}
	set = isl_set_from_union_set(tiles);
	return isl_set_coalesce(set);
}

/* The PE dimensions a path's boxes are per: all for an interior path
 * (per PE), those it does not move along for an exterior one (per
 * line); NULL for all. */
static gboolean *path_keep(const SyIoPath *p)
{
	gboolean *keep;

	if (!p->exterior)
		return NULL;
	keep = g_new(gboolean, p->n_space + 1);
	for (guint k = 0; k < p->n_space; k++)
		keep[k] = p->direction[k] == 0;
	return keep;
}

static SyHlsPath *path_new(SyHlsModel *m, const SyIoPath *p)
{
	const SyPeArray *array = m->array;
	SyHlsPath *hp = g_new0(SyHlsPath, 1);
	g_autofree gboolean *keep = path_keep(p);
	isl_union_map *accesses;

	hp->path = p;
	hp->lanes = sy_io_path_lanes(array, p);
	hp->once = sy_io_path_once(array, p);
	hp->pack = pack_of(m->design, p);
	if (!p->exterior && p->role != SY_PATH_PARTIAL)
		hp->moving = isl_union_map_domain(
			sy_io_path_accesses(array, p));
	if (p->exterior && sy_hls_model_chained(m, p->array))
		hp->moving = sy_hls_model_chain_ends(m, p);
	/* Boxes and their offsets from every unit's accesses, so that
	 * every module of a chain takes a box per tile; the tiles that
	 * move data from the copy-in or copy-out set. */
	box_compute(&hp->box, unit_map(m, keep),
		boxed_accesses(m, p->array, !p->in, NULL), p->array->n_dims);
	accesses = boxed_accesses(m, p->array, !p->in, hp->moving);
	hp->tiles = tiles_of(m, isl_union_map_domain(accesses));
	/* The design sized its words on the kernel's own footprint; boxes
	 * on whole tiles may be wider: the widest word that divides. */
	while (hp->box.size[hp->box.n_dims - 1] % hp->pack)
		hp->pack /= 2;
	return hp;
}

isl_map *sy_hls_model_copy_out(const SyHlsModel *m, const SyHlsPath *hp)
{
	const SyScop *scop = m->array->analysis->scop;
	const SyArray *x = hp->path->array;
	g_autofree gboolean *keep = path_keep(hp->path);
	isl_union_map *units = unit_map(m, keep);
	isl_space *space;
	isl_union_map *writes = isl_union_map_empty(
		isl_space_params_alloc(scop->ctx, 0));
	isl_union_map *out;
	isl_map *copy_out;
	guint n_unit = m->n_tile;

	for (guint k = 0; k < m->n_space; k++)
		n_unit += !keep || keep[k];
	space = isl_space_map_from_domain_and_range(
		isl_space_set_alloc(scop->ctx, 0, n_unit),
		isl_set_get_space(x->extent));
	for (guint i = 0; i < scop->accesses->len; i++) {
		const SyAccess *a = g_ptr_array_index(scop->accesses, i);

		if (a->array == x && a->write)
			writes = isl_union_map_add_map(writes,
				sy_io_live_out(m->array->analysis->deps, a));
	}
	out = isl_union_map_apply_range(isl_union_map_reverse(units), writes);
	copy_out = isl_union_map_extract_map(out, space);
	isl_union_map_free(out);
	return copy_out;
}

/* Arrays a PE keeps: partial results and results that stay in it, and
 * the kernel's temporaries. */
static void pe_boxes(SyHlsModel *m)
{
	const SyScop *scop = m->array->analysis->scop;

	m->pe_box = g_hash_table_new_full(NULL, NULL, NULL, pe_box_free);
	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);
		SyHlsBox *box;

		if (!sy_hls_model_keeps(m, x))
			continue;
		box = g_new0(SyHlsBox, 1);
		box_compute(box, unit_map(m, NULL),
			boxed_accesses(m, x, -1, NULL), x->n_dims);
		g_hash_table_insert(m->pe_box, (gpointer)x, box);
	}
}

SyHlsModel *sy_hls_model_new(const SyDesign *design, GError **error)
{
	const SyPeArray *array = design->array;
	const SyScop *scop = array->analysis->scop;
	SyHlsModel *m = g_new0(SyHlsModel, 1);
	isl_space *space = isl_space_params_alloc(scop->ctx, 0);

	m->array = array;
	m->design = design;
	m->n_tile = array->config->n_members;
	m->n_space = array->n_space;
	m->schedule = isl_union_map_empty(isl_space_copy(space));
	m->stmts = g_hash_table_new_full(
		g_str_hash, g_str_equal, NULL, hls_stmt_free);
	m->real = isl_union_set_empty(space);
	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);
		isl_set *box = box_of(array, stmt, error);
		isl_multi_aff *sched = box ? stmt_schedule(array, stmt, error)
					   : NULL;
		isl_map *map;
		SyHlsStmt *h;

		if (!sched) {
			isl_set_free(box);
			sy_hls_model_free(m);
			return NULL;
		}
		map = one_to_one(stmt,
			isl_map_intersect_domain(
				isl_map_from_multi_aff(
					isl_multi_aff_copy(sched)),
				box),
			error);
		if (!map) {
			isl_multi_aff_free(sched);
			sy_hls_model_free(m);
			return NULL;
		}
		m->n_dims = (guint)isl_map_dim(map, isl_dim_out);
		h = hls_stmt_new(stmt, isl_map_copy(map));
		h->sched = sched;
		g_hash_table_insert(m->stmts, stmt->name, h);
		m->schedule = isl_union_map_add_map(m->schedule, map);
		m->real = isl_union_set_add_set(
			m->real, isl_set_copy(stmt->domain));
	}
	m->lanes_dim = array->config->simd >= 0 ? (gint64)m->n_dims - 1 : -1;
	m->plan = sy_io_plan(array);
	m->paths = g_ptr_array_new_with_free_func(path_free);
	m->passes = g_ptr_array_new_with_free_func(path_free);
	if (!check_paths(m, error) || !sy_hls_model_build_chains(m, error)) {
		sy_hls_model_free(m);
		return NULL;
	}
	for (guint i = 0; i < m->plan->len; i++) {
		SyHlsPath *hp = path_new(m, g_ptr_array_index(m->plan, i));

		g_ptr_array_add(
			hp->path->role == SY_PATH_PASS ? m->passes : m->paths,
			hp);
	}
	m->pe_paths = g_ptr_array_new();
	for (guint i = 0; i < m->paths->len + m->passes->len; i++)
		g_ptr_array_add(m->pe_paths,
			i < m->paths->len ? g_ptr_array_index(m->paths, i)
					  : g_ptr_array_index(m->passes,
						    i - m->paths->len));
	pe_boxes(m);
	return m;
}

const SyHlsPath *sy_hls_model_path(
	const SyHlsModel *model, const SyArray *x, gboolean in)
{
	for (guint i = 0; i < model->pe_paths->len; i++) {
		const SyHlsPath *p = g_ptr_array_index(model->pe_paths, i);

		if (p->path->array == x && p->path->in == in)
			return p;
	}
	return NULL;
}
