/* A PE array's statements on whole tiles (see tile-boxes.h). */
#include <string.h>

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include "compute/tile-boxes.h"

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

/* Boxes */

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
		int m = sy_band_member_of(band, loop);
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

/* Schedule dimensions above each leaf of the PE array's schedule, by
 * the name of every statement the leaf reaches (the last such leaf in
 * top-down order).  One walk for all statements: a walk per statement
 * took every leaf's domain again, quadratic in the statements. */
typedef struct {
	GHashTable *depths; /* name -> 1 + depth */
	GHashTable *flat; /* name -> GPtrArray of isl_map: the statement's
			     flat schedule at each leaf, not padded yet */
	int n_out; /* the widest of those maps: isl pads to it */
	GPtrArray *path; /* the leaf's ancestors, root first */
	int depth; /* of the leaf at hand */
} LeafStmts;

gboolean sy_tile_boxes_separates(isl_schedule_node *node)
{
	return isl_schedule_node_n_children(node) > 1 &&
		(isl_schedule_node_get_type(node) ==
				isl_schedule_node_sequence ||
			isl_options_get_schedule_separate_components(
				isl_schedule_node_get_ctx(node)));
}

/* The constant v as a one-dimensional function on space. */
static isl_multi_pw_aff *constant_on(isl_space *space /* keep */, int v)
{
	isl_local_space *ls = isl_local_space_from_space(isl_space_copy(space));

	return isl_multi_pw_aff_from_pw_aff(
		isl_pw_aff_from_aff(isl_aff_val_on_domain(
			ls, isl_val_int_from_si(isl_space_get_ctx(space), v))));
}

/* The flat schedule of one statement (of space) at a leaf, as
 * isl_schedule_get_map builds it for the whole tree: band members and
 * the places of children of separating sequences, root first.  Taken
 * one statement at a time from its own pieces of the bands: every band
 * holds the partial schedule of all statements (the latency band under
 * each statement's filter too), and the whole map joined them all with
 * each other, quadratic in the statements. */
static isl_multi_pw_aff *leaf_flat(GPtrArray *path, isl_space *space)
{
	isl_multi_pw_aff *flat = isl_multi_pw_aff_zero(
		isl_space_map_from_domain_and_range(isl_space_copy(space),
			isl_space_set_alloc(isl_space_get_ctx(space), 0, 0)));

	for (guint i = 0; i + 1 < path->len; i++) {
		isl_schedule_node *node = g_ptr_array_index(path, i);
		isl_schedule_node *child = g_ptr_array_index(path, i + 1);
		isl_multi_union_pw_aff *mupa;

		switch (isl_schedule_node_get_type(node)) {
		case isl_schedule_node_band:
			if (isl_schedule_node_band_n_member(node) == 0)
				break;
			mupa = isl_schedule_node_band_get_partial_schedule(
				node);
			flat = isl_multi_pw_aff_flat_range_product(flat,
				isl_multi_union_pw_aff_extract_multi_pw_aff(
					mupa, isl_space_copy(space)));
			isl_multi_union_pw_aff_free(mupa);
			break;
		case isl_schedule_node_sequence:
		case isl_schedule_node_set:
			if (!sy_tile_boxes_separates(node))
				break;
			flat = isl_multi_pw_aff_flat_range_product(flat,
				constant_on(space,
					(int)isl_schedule_node_get_child_position(
						child)));
			break;
		default: break;
		}
	}
	return flat;
}

/* One leaf's flat schedule of a statement and the statement's instances
 * there. */
typedef struct {
	isl_multi_pw_aff *flat;
	isl_set *at;
} LeafFlat;

static void leaf_flat_free(gpointer data)
{
	LeafFlat *f = data;

	isl_multi_pw_aff_free(f->flat);
	isl_set_free(f->at);
	g_free(f);
}

static void pma_free(gpointer data)
{
	isl_pw_multi_aff_free(data);
}

static void node_free(gpointer data)
{
	isl_schedule_node_free(data);
}

static isl_stat add_leaf_stmt(isl_set *set, void *user)
{
	LeafStmts *leaf = user;
	const char *name = isl_set_get_tuple_name(set);
	GPtrArray *maps;
	LeafFlat *f;
	isl_space *space;

	if (isl_set_is_empty(set) != isl_bool_false) {
		isl_set_free(set);
		return isl_stat_ok;
	}
	g_hash_table_insert(
		leaf->depths, g_strdup(name), GINT_TO_POINTER(leaf->depth + 1));
	maps = g_hash_table_lookup(leaf->flat, name);
	if (!maps) {
		maps = g_ptr_array_new_with_free_func(leaf_flat_free);
		g_hash_table_insert(leaf->flat, g_strdup(name), maps);
	}
	f = g_new(LeafFlat, 1);
	space = isl_set_get_space(set);
	f->flat = leaf_flat(leaf->path, space);
	f->at = set;
	isl_space_free(space);
	leaf->n_out = MAX(
		leaf->n_out, (int)isl_multi_pw_aff_dim(f->flat, isl_dim_out));
	g_ptr_array_add(maps, f);
	return isl_stat_ok;
}

static isl_bool find_leaves(isl_schedule_node *node, void *user)
{
	LeafStmts *leaf = user;
	isl_union_set *domain;

	if (isl_schedule_node_get_type(node) != isl_schedule_node_leaf)
		return isl_bool_true;
	domain = isl_schedule_node_get_domain(node);
	/* isl's flat schedule: a dimension per band member and one per
	 * sequence or set node (the child's place). */
	leaf->depth = 0;
	g_ptr_array_set_size(leaf->path, 0);
	node = isl_schedule_node_copy(node);
	g_ptr_array_add(leaf->path, isl_schedule_node_copy(node));
	while (isl_schedule_node_has_parent(node) == isl_bool_true) {
		node = isl_schedule_node_parent(node);
		g_ptr_array_insert(leaf->path, 0, isl_schedule_node_copy(node));
		switch (isl_schedule_node_get_type(node)) {
		case isl_schedule_node_band:
			leaf->depth += (int)isl_schedule_node_band_n_member(
				node);
			break;
		case isl_schedule_node_sequence:
		case isl_schedule_node_set:
			leaf->depth += sy_tile_boxes_separates(node);
			break;
		default: break;
		}
	}
	isl_schedule_node_free(node);
	isl_union_set_foreach_set(domain, add_leaf_stmt, leaf);
	isl_union_set_free(domain);
	return isl_bool_false;
}

/* The maps of one statement padded with zeros to n_out dimensions, as
 * isl pads the flat schedule of shallower leaves, and joined. */
/* The piece of a one-piece function. */
typedef struct {
	isl_set *dom;
	isl_aff *aff;
} Piece;

static isl_stat take_one_aff(isl_set *set, isl_aff *aff, void *user)
{
	Piece *piece = user;

	piece->dom = set;
	piece->aff = aff;
	return isl_stat_ok;
}

/* flat as one piece when each of its members is one: on the
 * intersection of their domains.  isl_pw_multi_aff_from_multi_pw_aff
 * builds the same piece, member by member, each product intersecting
 * the domains again and checking what it got. */
static isl_pw_multi_aff *one_piece(isl_multi_pw_aff *flat)
{
	int n = (int)isl_multi_pw_aff_dim(flat, isl_dim_out);
	isl_space *space = isl_multi_pw_aff_get_space(flat);
	isl_multi_aff *ma;
	isl_set *dom;

	for (int d = 0; d < n; d++) {
		isl_pw_aff *pa = isl_multi_pw_aff_get_at(flat, d);
		int pieces = (int)isl_pw_aff_n_piece(pa);

		isl_pw_aff_free(pa);
		if (pieces != 1) {
			isl_space_free(space);
			return isl_pw_multi_aff_from_multi_pw_aff(flat);
		}
	}
	if (n == 0) {
		isl_space_free(space);
		return isl_pw_multi_aff_from_multi_pw_aff(flat);
	}
	ma = isl_multi_aff_zero(isl_space_copy(space));
	dom = isl_set_universe(isl_space_domain(space));
	for (int d = 0; d < n; d++) {
		isl_pw_aff *pa = isl_multi_pw_aff_get_at(flat, d);
		Piece piece = {NULL, NULL};

		isl_pw_aff_foreach_piece(pa, take_one_aff, &piece);
		isl_pw_aff_free(pa);
		dom = isl_set_intersect(dom, piece.dom);
		ma = isl_multi_aff_set_at(ma, d, piece.aff);
	}
	isl_multi_pw_aff_free(flat);
	return isl_pw_multi_aff_alloc(dom, ma);
}

static isl_pw_multi_aff *padded_union(GPtrArray *maps, int n_out)
{
	isl_pw_multi_aff *all = NULL;

	for (guint i = 0; i < maps->len; i++) {
		const LeafFlat *f = g_ptr_array_index(maps, i);
		isl_multi_pw_aff *flat = isl_multi_pw_aff_copy(f->flat);
		isl_space *space = isl_multi_pw_aff_get_space(flat);
		int n = (int)isl_multi_pw_aff_dim(flat, isl_dim_out);
		isl_pw_multi_aff *pma;

		space = isl_space_domain(space);
		for (int d = n; d < n_out; d++)
			flat = isl_multi_pw_aff_flat_range_product(
				flat, constant_on(space, 0));
		isl_space_free(space);
		pma = isl_pw_multi_aff_intersect_domain(
			one_piece(flat), isl_set_copy(f->at));
		all = all ? isl_pw_multi_aff_union_add(all, pma) : pma;
	}
	return all;
}

/* statement name -> 1 + its leaf's depth; *flat: statement name -> its
 * flat schedule (an isl_pw_multi_aff), what isl_schedule_get_map would
 * give it */
static GHashTable *leaf_depths(const SyPeArray *array, GHashTable **flat)
{
	LeafStmts leaf = {
		g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL),
		g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
			(GDestroyNotify)g_ptr_array_unref),
		0,
		g_ptr_array_new_with_free_func(node_free),
		0,
	};
	GHashTableIter it;
	gpointer key, value;

	isl_schedule_foreach_schedule_node_top_down(
		array->schedule, find_leaves, &leaf);
	g_ptr_array_unref(leaf.path);
	*flat = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, pma_free);
	g_hash_table_iter_init(&it, leaf.flat);
	while (g_hash_table_iter_next(&it, &key, &value))
		g_hash_table_insert(
			*flat, g_strdup(key), padded_union(value, leaf.n_out));
	g_hash_table_unref(leaf.flat);
	return leaf.depths;
}

int sy_tile_boxes_leaf_loops(const SyPeArray *array)
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
static isl_multi_aff *leaf_loops_last(isl_multi_aff *ma, const SyPeArray *array,
	GHashTable *depths, const SyStmt *stmt)
{
	int depth = GPOINTER_TO_INT(g_hash_table_lookup(depths, stmt->name)) -
		1;
	int n = (int)isl_multi_aff_dim(ma, isl_dim_out);
	int k = sy_tile_boxes_leaf_loops(array);
	isl_multi_aff *moved;

	if (depth < 0 || depth >= n || k == 0)
		return ma;
	moved = isl_multi_aff_copy(ma);
	for (int d = depth - k; d < n; d++) {
		int from = sy_tile_boxes_flat_source(d, depth, n, k);

		/* Past depth, ma's dimensions are the padding's zeros. */
		moved = isl_multi_aff_set_at(moved, d,
			isl_multi_aff_get_at(ma, from < 0 ? depth : from));
	}
	isl_multi_aff_free(ma);
	return moved;
}

int sy_tile_boxes_flat_source(int d, int depth, int n, int k)
{
	if (k <= 0 || depth >= n || d < depth - k)
		return d < depth ? d : -1;
	return d < n - k ? -1 : d - (n - depth);
}

/* The PE array's flat schedule of one statement as one affine function
 * (defined beyond the kernel's domain, on the statement's box), its
 * latency and SIMD loops last; flat the statements' flat schedules,
 * depths the leaves' (leaf_depths), both taken once for every
 * statement. */
static isl_multi_aff *stmt_schedule(const SyPeArray *array, GHashTable *flat,
	GHashTable *depths, const SyStmt *stmt, GError **error)
{
	isl_pw_multi_aff *mine = g_hash_table_lookup(flat, stmt->name);
	isl_pw_multi_aff *pma = mine
		? isl_pw_multi_aff_intersect_domain(isl_pw_multi_aff_copy(mine),
			  isl_set_copy(stmt->domain))
		: isl_pw_multi_aff_empty(isl_space_map_from_set(
			  isl_set_get_space(stmt->domain)));
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
	return leaf_loops_last(ma, array, depths, stmt);
}

/* The schedule on a statement's box, one to one.  A statement under
 * an if that fixes a loop (i == 0) has a schedule blind to that loop:
 * it keeps its equalities then, running on a hyperplane of its box. */
/* isl's function of map reversed, NULL where isl_map_is_injective
 * must decide: the HLS model needs the inverse, and isl computes it only
 * from a single-valued map, which it checks first (or sees at once), so
 * that computing it costs no more than isl_map_is_injective alone.  Its
 * "map is not single-valued" error answers no (*one); another error
 * (not out of operations, not cancelled) leaves the answer to the
 * check.  Where isl's errors cannot be told apart (one pending, or
 * errors do not just return), the check decides too. */
static isl_pw_multi_aff *try_inverse(isl_map *map, isl_bool *one)
{
	isl_ctx *ctx = isl_map_get_ctx(map);
	isl_pw_multi_aff *f;
	const char *msg;

	*one = isl_bool_error;
	if (isl_ctx_last_error(ctx) != isl_error_none ||
		isl_options_get_on_error(ctx) != ISL_ON_ERROR_CONTINUE)
		return NULL;
	f = isl_pw_multi_aff_from_map(isl_map_reverse(isl_map_copy(map)));
	if (f) {
		*one = isl_bool_true;
		return f;
	}
	if (isl_ctx_last_error(ctx) == isl_error_quota || isl_ctx_aborted(ctx))
		return NULL;
	msg = isl_ctx_last_error_msg(ctx);
	if (isl_ctx_last_error(ctx) == isl_error_invalid && msg &&
		strcmp(msg, "map is not single-valued") == 0)
		*one = isl_bool_false;
	isl_ctx_reset_error(ctx);
	return NULL;
}

/* Whether map is one to one, with its inverse in *inverse if it is. */
static isl_bool injective(isl_map *map, isl_pw_multi_aff **inverse)
{
	isl_ctx *ctx = isl_map_get_ctx(map);
	isl_bool one;

	*inverse = try_inverse(map, &one);
	if (one != isl_bool_error ||
		isl_ctx_last_error(ctx) == isl_error_quota ||
		isl_ctx_aborted(ctx))
		return one;
	one = isl_map_is_injective(map);
	if (one == isl_bool_true)
		*inverse = isl_pw_multi_aff_from_map(
			isl_map_reverse(isl_map_copy(map)));
	return one;
}

static isl_map *one_to_one(const SyStmt *stmt, isl_map *map,
	isl_pw_multi_aff **inverse, GError **error)
{
	isl_bool one = injective(map, inverse);

	if (one == isl_bool_false) {
		isl_basic_set *hull = isl_set_affine_hull(
			isl_set_copy(stmt->domain));

		map = isl_map_intersect_domain(
			map, isl_set_from_basic_set(hull));
		one = injective(map, inverse);
	}
	if (one == isl_bool_true)
		return map;
	isl_map_free(map);
	sy_hls_refuse(error,
		"statement %s (line %u) runs more than once at a point of "
		"the array's schedule; the HLS backend needs one instance "
		"per point",
		stmt->name, stmt->node->loc.line);
	return NULL;
}

static void multi_aff_free(gpointer data)
{
	isl_multi_aff_free(data);
}

static void pw_multi_aff_free(gpointer data)
{
	isl_pw_multi_aff_free(data);
}

static void union_map_free(gpointer data)
{
	isl_union_map_free(data);
}

/* A statement's schedule on its box, added to t. */
static gboolean add_stmt(SyTileBoxes *t, const SyStmt *stmt, GHashTable *flat,
	GHashTable *depths, GError **error)
{
	isl_set *box = box_of(t->array, stmt, error);
	isl_multi_aff *sched =
		box ? stmt_schedule(t->array, flat, depths, stmt, error) : NULL;
	isl_map *map;
	isl_pw_multi_aff *inverse = NULL;

	if (!sched) {
		isl_set_free(box);
		return FALSE;
	}
	map = one_to_one(stmt,
		isl_map_intersect_domain(
			isl_map_from_multi_aff(isl_multi_aff_copy(sched)), box),
		&inverse, error);
	if (!map) {
		isl_multi_aff_free(sched);
		return FALSE;
	}
	t->n_dims = sy_isl_size(isl_map_dim(map, isl_dim_out));
	g_hash_table_insert(t->sched, stmt->name, sched);
	g_hash_table_insert(t->inverse, stmt->name, inverse);
	t->schedule = isl_union_map_add_map(t->schedule, map);
	return TRUE;
}

/* A box of box_cache, and what sy_tile_box_compute returned. */
typedef struct {
	SyTileBox box;
	gboolean touched;
} CachedBox;

static void cached_box_free(gpointer data)
{
	CachedBox *c = data;

	sy_tile_box_clear(&c->box);
	g_free(c);
}

SyTileBoxes *sy_tile_boxes_new(const SyPeArray *array, GError **error)
{
	const SyScop *scop = array->analysis->scop;
	SyTileBoxes *t = g_new0(SyTileBoxes, 1);
	GHashTable *flat = NULL;
	GHashTable *depths = leaf_depths(array, &flat);
	gboolean ok = TRUE;

	t->array = array;
	t->n_tile = sy_pe_array_n_tile(array);
	t->n_space = array->n_space;
	t->schedule = isl_union_map_empty(isl_space_params_alloc(scop->ctx, 0));
	t->sched = g_hash_table_new_full(
		g_str_hash, g_str_equal, NULL, multi_aff_free);
	t->inverse = g_hash_table_new_full(
		g_str_hash, g_str_equal, NULL, pw_multi_aff_free);
	t->box_cache = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, cached_box_free);
	g_mutex_init(&t->box_lock);
	t->unit_cache = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, union_map_free);
	g_mutex_init(&t->unit_lock);
	for (guint i = 0; ok && i < scop->stmts->len; i++)
		ok = add_stmt(t, g_ptr_array_index(scop->stmts, i), flat,
			depths, error);
	g_hash_table_unref(flat);
	g_hash_table_unref(depths);
	if (!ok) {
		sy_tile_boxes_free(t);
		return NULL;
	}
	t->boxes = isl_union_map_domain(isl_union_map_copy(t->schedule));
	return t;
}

void sy_tile_boxes_free(SyTileBoxes *t)
{
	if (!t)
		return;
	isl_union_map_free(t->schedule);
	isl_union_set_free(t->boxes);
	g_hash_table_unref(t->sched);
	g_hash_table_unref(t->inverse);
	g_hash_table_unref(t->box_cache);
	g_mutex_clear(&t->box_lock);
	g_hash_table_unref(t->unit_cache);
	g_mutex_clear(&t->unit_lock);
	g_free(t);
}

__isl_keep isl_multi_aff *sy_tile_boxes_sched(
	const SyTileBoxes *t, const SyStmt *stmt)
{
	return g_hash_table_lookup(t->sched, stmt->name);
}

__isl_keep isl_pw_multi_aff *sy_tile_boxes_inverse(
	const SyTileBoxes *t, const SyStmt *stmt)
{
	return g_hash_table_lookup(t->inverse, stmt->name);
}

/* The points of stmt's box in the same vector as points (of its
 * schedule, taken) but not among them. */
static isl_set *rest_of_vectors(
	const SyTileBoxes *t, const SyStmt *stmt, isl_set *points)
{
	isl_space *space = isl_set_get_space(points);
	isl_map *same = isl_map_universe(
		isl_space_map_from_set(isl_space_copy(space)));
	isl_set *box = isl_map_range(isl_union_map_extract_map(t->schedule,
		isl_space_map_from_domain_and_range(
			isl_set_get_space(stmt->domain), space)));

	for (guint d = 0; d + 1 < t->n_dims; d++)
		same = isl_map_equate(
			same, isl_dim_in, (int)d, isl_dim_out, (int)d);
	return isl_set_subtract(
		isl_set_intersect(
			isl_set_apply(isl_set_copy(points), same), box),
		points);
}

gboolean sy_tile_boxes_whole_vectors(
	const SyTileBoxes *t, isl_union_set *instances)
{
	const SyScop *scop = t->array->analysis->scop;
	gboolean whole = TRUE;

	for (guint i = 0;
		t->array->config->simd >= 0 && whole && i < scop->stmts->len;
		i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);
		isl_set *mine = isl_union_set_extract_set(
			instances, isl_set_get_space(stmt->domain));
		isl_set *rest = rest_of_vectors(t, stmt,
			isl_set_apply(mine,
				isl_map_from_multi_aff(isl_multi_aff_copy(
					sy_tile_boxes_sched(t, stmt)))));

		whole = isl_set_is_empty(rest) == isl_bool_true;
		isl_set_free(rest);
	}
	isl_union_set_free(instances);
	return whole;
}

/* Units and footprints */

/* unit_cache's key: the unit's coordinates. */
static char *unit_key(const SyTileBoxes *t, const gboolean *keep)
{
	GString *key = g_string_new(NULL);

	for (guint k = 0; keep && k < t->n_space; k++)
		g_string_append_c(key, keep[k] ? '1' : '0');
	if (!keep)
		g_string_append(key, "all");
	return g_string_free(key, FALSE);
}

static isl_union_map *units_compute(const SyTileBoxes *m, const gboolean *keep)
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

/* The boxes, the HLS model's paths and its drains ask for a few units
 * (per PE, per line, per tile) many times; each is the schedule of
 * every statement composed with a projection. */
isl_union_map *sy_tile_boxes_units(const SyTileBoxes *m, const gboolean *keep)
{
	SyTileBoxes *cache = (SyTileBoxes *)m; /* the cache only */
	char *key = unit_key(m, keep);
	isl_union_map *units;

	g_mutex_lock(&cache->unit_lock);
	units = g_hash_table_lookup(m->unit_cache, key);
	if (!units) {
		units = units_compute(m, keep);
		g_hash_table_insert(m->unit_cache, key, units);
	} else {
		g_free(key);
	}
	units = isl_union_map_copy(units);
	g_mutex_unlock(&cache->unit_lock);
	return units;
}

isl_union_map *sy_tile_boxes_accesses(
	const SyTileBoxes *m, const SyArray *x, int writes, isl_union_set *only)
{
	const SyScop *scop = m->array->analysis->scop;
	isl_union_set *boxes = isl_union_set_copy(m->boxes);
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

gboolean sy_tile_box_compute(SyTileBox *box, isl_union_map *units,
	isl_union_map *accesses, guint n_dims)
{
	isl_union_map *touched = isl_union_map_apply_range(
		isl_union_map_reverse(units), accesses);
	isl_map *map;
	isl_pw_aff_list *list;
	isl_space *space;

	box->n_dims = MAX(n_dims, 1);
	box->size = g_new0(gint64, box->n_dims);
	box->offset = NULL; /* freed by callers whatever the outcome */
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
		/* isl may write the extent with a denominator (a skewed
		 * --space-time band: (i + j)/2 where i + j is even); its
		 * floor has the same values on the integer points and the
		 * integer form isl's maximum needs. */
		isl_val *v = isl_pw_aff_max_val(isl_pw_aff_floor(
			isl_pw_aff_sub(hi, isl_pw_aff_copy(lo))));

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

void sy_tile_box_clear(SyTileBox *box)
{
	g_free(box->size);
	isl_multi_pw_aff_free(box->offset);
}

/* box_cache's key: the array, reads or writes, the unit's coordinates. */
static char *box_key(const SyTileBoxes *t, const SyArray *x, int writes,
	const gboolean *keep)
{
	GString *key = g_string_new(NULL);

	g_string_printf(key, "%p %d ", (const void *)x, writes);
	for (guint k = 0; keep && k < t->n_space; k++)
		g_string_append_c(key, keep[k] ? '1' : '0');
	if (!keep)
		g_string_append(key, "all");
	return g_string_free(key, FALSE);
}

static void box_copy(SyTileBox *to, const SyTileBox *from)
{
	to->n_dims = from->n_dims;
	to->size = g_memdup2(from->size, sizeof *from->size * from->n_dims);
	to->offset = isl_multi_pw_aff_copy(from->offset);
}

gboolean sy_tile_boxes_box(const SyTileBoxes *t, SyTileBox *box,
	const SyArray *x, int writes, const gboolean *keep)
{
	SyTileBoxes *cache = (SyTileBoxes *)t; /* the cache only */
	char *key = box_key(t, x, writes, keep);
	CachedBox *c;

	g_mutex_lock(&cache->box_lock);
	c = g_hash_table_lookup(t->box_cache, key);
	if (!c) {
		c = g_new0(CachedBox, 1);
		c->touched = sy_tile_box_compute(&c->box,
			sy_tile_boxes_units(t, keep),
			sy_tile_boxes_accesses(t, x, writes, NULL), x->n_dims);
		g_hash_table_insert(t->box_cache, key, c);
	} else
		g_free(key);
	box_copy(box, &c->box);
	g_mutex_unlock(&cache->box_lock);
	return c->touched;
}
