#include <string.h>

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/id.h>
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

#include "comm/hls-chain.h"
#include "comm/hls-delay.h"
#include "comm/hls-model.h"

static void path_free(gpointer data)
{
	SyHlsPath *p = data;

	sy_tile_box_clear(&p->box);
	isl_set_free(p->tiles);
	isl_set_free(p->load);
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
	sy_tile_box_clear(data);
	g_free(data);
}

void sy_hls_model_free(SyHlsModel *model)
{
	if (!model)
		return;
	isl_union_map_free(model->schedule);
	isl_union_map_free(model->same_launch);
	isl_union_set_free(model->real);
	if (model->pe_paths)
		g_ptr_array_unref(model->pe_paths);
	if (model->paths)
		g_ptr_array_unref(model->paths);
	if (model->passes)
		g_ptr_array_unref(model->passes);
	if (model->pe_box)
		g_hash_table_unref(model->pe_box);
	if (model->chain)
		g_hash_table_unref(model->chain);
	if (model->also)
		g_hash_table_unref(model->also);
	if (model->delay)
		g_hash_table_unref(model->delay);
	if (model->stmts)
		g_hash_table_unref(model->stmts);
	g_free(model);
}

static isl_stat take_piece(isl_set *set, isl_multi_aff *ma, void *user)
{
	*(isl_multi_aff **)user = ma;
	isl_set_free(set);
	return isl_stat_ok;
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

/* The statement seen from its schedule (see SyHlsStmt); inverse is the
 * schedule's on the box (taken, see sy_tile_boxes_inverse). */
static SyHlsStmt *hls_stmt_new(
	const SyStmt *stmt, isl_map *boxed, isl_pw_multi_aff *inverse)
{
	SyHlsStmt *h = g_new0(SyHlsStmt, 1);

	h->stmt = stmt;
	/* Without redundant constraints (the kernel's bounds are implied
	 * by whole boxes): every AST built on the points is cheaper. */
	h->points = rectangular(isl_set_remove_redundancies(isl_set_coalesce(
		isl_set_set_tuple_name(isl_map_range(boxed), stmt->name))));
	inverse = isl_pw_multi_aff_set_tuple_id(inverse, isl_dim_in,
		isl_id_alloc(
			isl_pw_multi_aff_get_ctx(inverse), stmt->name, NULL));
	h->inverse = isl_pw_multi_aff_coalesce(inverse);
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
		isl_set *at = isl_set_preimage_pw_multi_aff(
			mine, isl_pw_multi_aff_copy(h->inverse));

		points = isl_union_set_add_set(
			points, isl_set_intersect(at, isl_set_copy(h->points)));
	}
	isl_union_set_free(instances);
	return points;
}

/* Units and footprints */

/* Units and footprints, on the design's boxes */

static isl_union_map *unit_map(const SyHlsModel *m, const gboolean *keep)
{
	return sy_tile_boxes_units(m->design->tiles, keep);
}

static isl_union_map *boxed_accesses(
	const SyHlsModel *m, const SyArray *x, int writes, isl_union_set *only)
{
	return sy_tile_boxes_accesses(m->design->tiles, x, writes, only);
}

/* Checks */

gboolean sy_hls_model_keeps(const SyHlsModel *m, const SyArray *x)
{
	return sy_hls_chain_keeps(m->array, x);
}

/* Data moving PE to PE must move to the next PE along one space loop;
 * at the same time step, but for values only passed on, which the next
 * PE may take steps later from its delay registers (hls-delay.h). */
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
		int t;

		if (dep->kind == SY_DEP_ANTI || dep->kind == SY_DEP_OUTPUT ||
			dep->source->array != p->array || !dep->uniform ||
			!sy_candidate_crosses_pes(c, dep->distance) ||
			(t = sy_hls_delay_time_member(c, dep)) < 0)
			continue;
		/* Values only passed on may wait in the next PE's delay
		 * registers (hls-delay.h); values a PE also keeps in its
		 * buffer meet the next PE at the step that made them, and
		 * reads of them a step later take what the next PE kept
		 * of them (hls-chain.h), not the FIFO. */
		if (dep->kind == SY_DEP_FLOW &&
			(!sy_hls_model_keeps(m, p->array) ||
				!sy_io_path_moves(p, dep->sink)))
			continue;
		return sy_hls_refuse(error,
			"the %s dependence on %s crosses PEs and time steps at "
			"once (distance %" G_GINT64_FORMAT " on '%s'); the HLS "
			"backend %s",
			sy_dep_kind_name(dep->kind), p->array->name,
			dep->distance[t],
			array->analysis->band->members[t].name,
			dep->kind == SY_DEP_FLOW
				? "delays values passed from PE to PE, not "
				  "values a PE also keeps in its buffer"
				: "needs the next PE to take it at the same "
				  "time step");
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
		if (sy_band_member_of(band, a->stmt->loops[d]) == (int)t)
			return isl_multi_pw_aff_involves_dims(a->subscripts,
				       isl_dim_in, d, 1) == isl_bool_true;
	return FALSE;
}

/* The band member an exterior path moves along. */
static int along_member(const SyHlsModel *m, const SyIoPath *p)
{
	for (guint k = 0; k < p->n_space; k++)
		if (p->direction[k] != 0)
			return (int)m->array->choices->candidate->space[k];
	return -1;
}

/* What else takes partial results of p across tiles of member t: the
 * collector folding them on chip (--local-reduce), where it can. */
static const char *fold_hint(const SyHlsModel *m, const SyIoPath *p, guint t)
{
	if (!p || along_member(m, p) != (int)t ||
		(!p->reduce_op[0] && sy_io_plan_unfolded(m->array, p)))
		return "";
	return p->reduce_op[0] ? ", or that loop innermost in --tile-order "
				 "(--local-reduce folds the innermost tile "
				 "loop of several tiles)"
			       : ", or its tiles folded on chip "
				 "(--local-reduce --reduce-op=+)";
}

/* The place of band member t in the tile order. */
static guint tile_place(const SyPeArray *array, guint t)
{
	guint k = 0;

	while (array->config->order[k] != t)
		k++;
	return k;
}

/* Whether dep is a uniform flow of x's values: those that cross tiles
 * (crosses) when a tile loop of their distance is tiled. */
static gboolean uniform_flow_of(const SyDep *dep, const SyArray *x)
{
	return dep->kind == SY_DEP_FLOW && dep->source->array == x &&
		dep->uniform;
}

/* Whether flow dependence dep of partial results carries them across
 * tiles of member t (tiled, not folded on chip). */
static gboolean crosses(
	const SyPeArray *array, const SyDep *dep, guint t, int folded)
{
	return dep->distance[t] != 0 && (int)t != folded &&
		array->padded[t] > array->config->tile[t];
}

/* A crossing of partial results through DRAM: path p's array flows
 * across tiles of member t (crosses); FALSE to see no more. */
typedef gboolean (*SyCrossingFn)(
	const SyHlsModel *m, const SyIoPath *p, guint t, gpointer user);

/* fn on every crossing, path by path, flow by flow, member by member,
 * until it returns FALSE. */
static void foreach_crossing(const SyHlsModel *m, SyCrossingFn fn, gpointer user)
{
	const SyDeps *deps = m->array->analysis->deps;

	for (guint i = 0; i < m->plan->len; i++) {
		const SyIoPath *p = g_ptr_array_index(m->plan, i);
		int folded = sy_hls_model_folded(m, p);

		if (p->role != SY_PATH_PARTIAL)
			continue;
		for (guint k = 0; k < deps->deps->len; k++) {
			const SyDep *dep = g_ptr_array_index(deps->deps, k);

			if (!uniform_flow_of(dep, p->array))
				continue;
			for (guint t = 0; t < dep->depth; t++)
				if (crosses(m->array, dep, t, folded) &&
					!fn(m, p, t, user))
					return;
		}
	}
}

static gboolean deepest_place(
	const SyHlsModel *m, const SyIoPath *p, guint t, gpointer user)
{
	guint *n = user;

	(void)p;
	*n = MAX(*n, tile_place(m->array, t) + 1);
	return TRUE;
}

/* The host's tile loops (SyHlsModel.n_launch): partial results a path
 * moves out and back in (along a chain of PEs, or out of the PEs that
 * keep them, between tiles) cross tiles of some loops through DRAM, a
 * round trip one run of the kernel cannot make (the C simulation runs
 * each module to its end in turn; the hardware orders no write before
 * a read of another port).  The host runs the tile loops from the
 * outermost down to the last of those, a kernel launch each, moving
 * the results back into the images between launches.  So do the
 * values of a table whose edges enter and leave each PE (hls-chain.h),
 * whose way along the PEs is one of partial results. */
static guint launch_dims(const SyHlsModel *m)
{
	guint n = 0;

	foreach_crossing(m, deepest_place, &n);
	return n;
}

/* The first crossing: its path and member. */
typedef struct {
	const SyIoPath *p;
	guint t;
} Crossing;

static gboolean first_crossing(
	const SyHlsModel *m, const SyIoPath *p, guint t, gpointer user)
{
	Crossing *c = user;

	(void)m;
	c->p = p;
	c->t = t;
	return FALSE;
}

/* --two-level-buffer: the host's launches run the tile loops as the
 * tile order has them, not the L2 tiles (launch_dims, same_launch):
 * partial results that cross tiles through DRAM are refused, naming the
 * first array and loop, with the factor that keeps its tiles in turn
 * (sy_io_stays_on_chip). */
static gboolean check_l2_launches(const SyHlsModel *m, GError **error)
{
	const SyPeArray *array = m->array;
	Crossing c = {NULL, 0};
	const char *name;

	if (!array->config->tile_l2 || !m->n_launch)
		return TRUE;
	foreach_crossing(m, first_crossing, &c);
	if (!c.p)
		return sy_hls_refuse(error,
			"--two-level-buffer: the host's launches are not "
			"supported with a second tiling level yet");
	name = array->analysis->band->members[c.t].name;
	return sy_hls_refuse(error,
		"--two-level-buffer: partial results of %s cross tiles of "
		"'%s' through DRAM between L2 tiles (the host's launches), "
		"which Systole does not run with a second tiling level yet; "
		"give '%s' an array_part_L2 factor of its %" G_GINT64_FORMAT
		" tiles and its tile loop innermost, so that its tiles run "
		"in turn, or leave it untiled",
		c.p->array->name, name, name,
		array->padded[c.t] / array->config->tile[c.t]);
}

/* Whether a tiled loop's tile loop runs inside member t's: the tiles
 * of t then come back after other tiles have had the PE's buffers. */
static gboolean tiled_inside(const SyPeArray *array, guint t)
{
	guint n = array->analysis->band->n_members, k = 0;

	while (k < n && array->config->order[k] != t)
		k++;
	for (k++; k < n; k++) {
		guint u = array->config->order[k];

		if (array->padded[u] > array->config->tile[u])
			return TRUE;
	}
	return FALSE;
}

/* A temporary refused only for the tiled loops inside t's tile loop
 * (tiled_inside) may keep t tiled with its tile loop innermost. */
static const char *order_hint(
	const SyPeArray *array, const SyAccess *sink, guint t)
{
	if (follows(array->analysis->band, sink, t) ||
		sy_candidate_is_space(array->choices->candidate, t))
		return "";
	return ", or its tile loop inside the other tiled loops' "
	       "(--tile-order)";
}

/* Values of x a PE keeps from one tile to another: partial results
 * make a round trip through DRAM, between launches of the kernel where
 * the host runs that tile loop (launch_dims), else a cycle the C
 * simulation cannot run; a temporary has no way there at all.  Values
 * passed PE to PE along a space loop cross its tiles from the last PE
 * back to the first, which no chain does (the first PE's FIFO is a
 * dummy's), so they need it untiled too (a temporary T[i] summed along
 * k on [k]).  A temporary kept in its PE's buffer across tiles of a
 * loop whose tile loop has a tiled loop's inside it finds the buffer
 * refilled by the other tiles in between (T[i] on [i] with tile order
 * k,i).  Partial
 * results on the way out along p (NULL for none) may cross the tiles p
 * folds. */
static gboolean check_untiled(const SyHlsModel *m, const SyArray *x,
	gboolean through_dram, const SyIoPath *p, GError **error)
{
	const SyPeArray *array = m->array;
	const SyDeps *deps = array->analysis->deps;
	const SyBand *band = array->analysis->band;
	int folded = p ? sy_hls_model_folded(m, p) : -1;

	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (!uniform_flow_of(dep, x))
			continue;
		for (guint t = 0; t < dep->depth; t++)
			if (crosses(array, dep, t, folded) &&
				!(through_dram &&
					tile_place(array, t) < m->n_launch) &&
				(through_dram || follows(band, dep->sink, t) ||
					sy_candidate_is_space(
						array->choices->candidate, t) ||
					(x->local && tiled_inside(array, t))))
				return sy_hls_refuse(error,
					"%s %s cross tiles of '%s'%s; the HLS "
					"backend needs that loop untiled "
					"(--tile %s=%" G_GINT64_FORMAT ")%s",
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
						band->members[t].min + 1,
					p ? fold_hint(m, p, t)
					  : order_hint(array, dep->sink, t));
	}
	return TRUE;
}

/* Partial results leave the array and come back only between the
 * host's launches. */
static gboolean check_partial(
	const SyHlsModel *m, const SyIoPath *p, GError **error)
{
	return check_untiled(m, p->array, TRUE, p, error);
}

int sy_hls_model_folded(const SyHlsModel *m, const SyIoPath *p)
{
	return sy_io_plan_folded(m->array, p);
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

/* Whether two paths of one array and way can both be printed: inputs
 * that move accesses of their own (syrk's A[i][k] along j, A[j][k]
 * along i), each PE access reading its path's FIFO. */
static gboolean apart(const SyIoPath *p, const SyIoPath *q)
{
	/* A table kept in its PE whose edges enter each PE (io-plan.c):
	 * the way along the PEs carries partial results. */
	gboolean edges = p->in && q->in && p->exterior != q->exterior &&
		(p->exterior ? p : q)->role == SY_PATH_PARTIAL &&
		(p->exterior ? q : p)->role == SY_PATH_READ;

	/* Temporaries passed along two directions (lu.c's Up on [k, i]):
	 * each read takes one way, a write may feed both. */
	gboolean passes = p->role == SY_PATH_PASS && q->role == SY_PATH_PASS;

	if (((p->role != SY_PATH_READ || q->role != SY_PATH_READ) && !edges &&
		    !passes) ||
		!p->accesses || !q->accesses)
		return FALSE;
	for (guint k = 0; k < p->accesses->len; k++)
		if (sy_io_path_moves(q, g_ptr_array_index(p->accesses, k)))
			return FALSE;
	return TRUE;
}

/* Whether a flow crossing PEs has a way between PEs that moves its
 * sink. */
static gboolean carried(const SyHlsModel *m, const SyDep *dep)
{
	for (guint i = 0; i < m->plan->len; i++) {
		const SyIoPath *p = g_ptr_array_index(m->plan, i);

		if (p->exterior && p->array == dep->source->array &&
			sy_io_path_moves(p, dep->sink))
			return TRUE;
	}
	return FALSE;
}

/* Under a transform that is not loop-aligned, the I/O plan may keep an
 * array in each PE's buffer and drop its way along the PEs where no
 * value enters there: gemv.c under [[0,1],[1,1]] kept y's partial sums
 * in every PE while each sum moves a PE a step, so a PE read partial
 * sums it never wrote (C simulation passed only because the PEs ran in
 * turn on one stack).  Every flow that crosses PEs must be carried by
 * a way between PEs. */
static gboolean check_carried(const SyHlsModel *m, GError **error)
{
	const SyAnalysis *a = m->array->analysis;
	const SyCandidate *c = m->array->choices->candidate;

	if (!a->space_time || a->space_time->loop_aligned)
		return TRUE;
	for (guint i = 0; i < a->deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(a->deps->deps, i);
		g_autoptr(GString) d = NULL;

		if (dep->kind != SY_DEP_FLOW || !dep->uniform ||
			!sy_candidate_crosses_pes(c, dep->distance) ||
			carried(m, dep))
			continue;
		d = g_string_new(NULL);
		for (guint k = 0; k < dep->depth; k++)
			g_string_append_printf(d, "%s%s %" G_GINT64_FORMAT,
				k ? ", " : "", a->band->members[k].name,
				dep->distance[k]);
		return sy_hls_refuse(error,
			"the flow dependence on %s from %s to %s crosses PEs "
			"(%s) and no FIFO between PEs carries it under this "
			"transform (the HLS backend keeps %s in each PE's "
			"buffer); a loop-aligned transform (--space) or "
			"--target c-simd runs it",
			dep->source->array->name, dep->source->stmt->name,
			dep->sink->stmt->name, d->str,
			dep->source->array->name);
	}
	return TRUE;
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

			if (o->array == p->array && o->in == p->in &&
				!apart(o, p))
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
			!check_untiled(m, x, FALSE, NULL, error))
			return FALSE;
	}
	return TRUE;
}

/* Paths */

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

/* What an interior path of a table with edges moves where the host
 * launches the kernel per tile: the launch's values from outside (its
 * reads' copy-in sets), or its final values. */
static isl_union_set *launch_moving(const SyHlsModel *m, const SyIoPath *p)
{
	const SyScop *scop = m->array->analysis->scop;
	isl_union_set *moving = isl_union_set_empty(
		isl_space_params_alloc(scop->ctx, 0));

	for (guint i = 0; i < scop->accesses->len; i++) {
		const SyAccess *a = g_ptr_array_index(scop->accesses, i);

		if (a->expr && sy_io_path_moves(p, a))
			moving = isl_union_set_add_set(moving,
				p->in ? sy_hls_model_live_in(m, a)
				      : sy_hls_model_live_out(m, a));
	}
	return moving;
}

/* The tiles whose data an L2 buffer reads (p->l2_keep): of tiles, the
 * first along each tile dimension of a member whose tiles read the same
 * data, within its L2 tile (the tiles equal but for that dimension). */
static isl_set *l2_load(const SyHlsModel *m, const SyIoPath *p, isl_set *tiles)
{
	const SyPeArray *array = m->array;
	guint n = array->config->n_members;

	for (guint d = n; d < m->n_tile; d++) {
		isl_map *later;

		if (p->l2_keep[sy_pe_array_tile_member(array, d)])
			continue;
		later = isl_map_universe(
			isl_space_map_from_set(isl_set_get_space(tiles)));
		for (guint k = 0; k < m->n_tile; k++)
			if (k != d)
				later = isl_map_equate(later, isl_dim_in,
					(int)k, isl_dim_out, (int)k);
		later = isl_map_order_gt(
			later, isl_dim_in, (int)d, isl_dim_out, (int)d);
		later = isl_map_intersect_domain(later, isl_set_copy(tiles));
		later = isl_map_intersect_range(later, isl_set_copy(tiles));
		tiles = isl_set_subtract(tiles, isl_map_domain(later));
	}
	return isl_set_coalesce(tiles);
}

static SyHlsPath *path_new(SyHlsModel *m, const SyIoPath *p)
{
	const SyPeArray *array = m->array;
	SyHlsPath *hp = g_new0(SyHlsPath, 1);
	g_autofree gboolean *keep = path_keep(p);
	isl_union_map *accesses;

	hp->path = p;
	hp->lanes = sy_io_path_lanes(array, m->design->tiles, p);
	hp->once = sy_io_path_once(array, m->design->tiles, p);
	hp->pack = sy_design_path_pack(m->design, p);
	if (!p->exterior && p->role != SY_PATH_PARTIAL)
		hp->moving = m->same_launch &&
				sy_hls_chain_edges(m->plan, p->array)
			? launch_moving(m, p)
			: isl_union_map_domain(sy_io_path_accesses(array, p));
	/* A chain's ends are already one lane's instances (the first
	 * lane's read, the last lane's write). */
	if (p->exterior && sy_hls_model_chained(m, p->array)) {
		hp->moving = sy_hls_chain_ends(m->chain, m->design->tiles, p);
		hp->once = FALSE;
	}
	/* Boxes and their offsets from every unit's accesses, so that
	 * every module of a chain takes a box per tile; the tiles that
	 * move data from the copy-in or copy-out set. */
	sy_tile_boxes_box(m->design->tiles, &hp->box, p->array, !p->in, keep);
	accesses = boxed_accesses(m, p->array, !p->in, hp->moving);
	hp->tiles = tiles_of(m, isl_union_map_domain(accesses));
	if (p->l2_keep)
		hp->load = l2_load(m, p, isl_set_copy(hp->tiles));
	return hp;
}

/* Instances -> the instances of the same launch (their tiles of the
 * host's loops equal). */
static isl_union_map *same_launch(const SyHlsModel *m)
{
	const SyPeArray *array = m->array;
	guint n = array->analysis->band->n_members;
	isl_ctx *ctx = array->analysis->ctx;
	isl_map *pick = isl_map_universe(isl_space_map_from_domain_and_range(
		isl_space_set_alloc(ctx, 0, n),
		isl_space_set_alloc(ctx, 0, m->n_launch)));
	isl_union_map *launch;

	for (guint k = 0; k < m->n_launch; k++)
		pick = isl_map_equate(pick, isl_dim_in,
			(int)array->config->order[k], isl_dim_out, (int)k);
	launch = isl_union_map_apply_range(isl_union_map_copy(array->tile_map),
		isl_union_map_from_map(pick));
	return isl_union_map_apply_range(
		launch, isl_union_map_reverse(isl_union_map_copy(launch)));
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
				isl_map_intersect_domain(isl_map_copy(a->map),
					sy_io_launch_live_out(
						m->array->analysis->deps, a,
						m->same_launch)));
	}
	out = isl_union_map_apply_range(isl_union_map_reverse(units), writes);
	copy_out = isl_union_map_extract_map(out, space);
	isl_union_map_free(out);
	return copy_out;
}

/* Arrays a PE keeps: partial results and results that stay in it, and
 * the kernel's temporaries (a scalar declared inside the SIMD loop, an
 * element per lane; an array's box is the box of one lane, its buffer
 * has a copy per lane, pe-facts-build.c). */
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
		sy_tile_boxes_box(m->design->tiles, box, x, -1, NULL);
		if (!x->n_dims && sy_pe_array_lane_private(m->array, x))
			box->size[0] = m->array->config->simd_factor;
		g_hash_table_insert(m->pe_box, (gpointer)x, box);
	}
}

/* Whether every combination of the other tile loops in tiles (taken)
 * runs dimension d from one first tile: the folding modules start the
 * sum there (io-facts.h's fold_first). */
static gboolean starts_together(isl_set *tiles, guint d)
{
	isl_val *v = isl_set_dim_min_val(isl_set_copy(tiles), (int)d);
	isl_set *first = isl_set_fix_val(
		isl_set_copy(tiles), isl_dim_set, d, v);
	isl_bool same;

	tiles = isl_set_project_out(tiles, isl_dim_set, d, 1);
	first = isl_set_project_out(first, isl_dim_set, d, 1);
	same = isl_set_is_equal(tiles, first);
	isl_set_free(tiles);
	isl_set_free(first);
	return same == isl_bool_true;
}

/* The partial sums a path out folds must start at the folded loop's
 * first tile whatever the other tiles (a triangle's k from i would
 * not). */
static gboolean check_folds(const SyHlsModel *m, GError **error)
{
	const SyConfig *cfg = m->array->config;

	for (guint i = 0; i < m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->paths, i);
		int member = sy_io_plan_folded(m->array, hp->path);
		guint d = 0;

		if (member < 0 || hp->path->in ||
			isl_set_is_empty(hp->tiles) != isl_bool_false)
			continue;
		while (cfg->order[d] != (guint)member)
			d++;
		if (!starts_together(isl_set_copy(hp->tiles), d))
			return sy_hls_refuse(error,
				"--local-reduce: the tiles of '%s' that hold "
				"partial results of %s do not all start at its "
				"first tile; the folding modules start there",
				m->array->analysis->band->members[member].name,
				hp->path->array->name);
	}
	return TRUE;
}

SyHlsModel *sy_hls_model_new(const SyDesign *design, GError **error)
{
	const SyPeArray *array = design->array;
	const SyScop *scop = array->analysis->scop;
	const SyTileBoxes *tiles = design->tiles;
	SyHlsModel *m;

	if (!tiles) {
		g_propagate_error(error, g_error_copy(design->tiles_error));
		return NULL;
	}
	m = g_new0(SyHlsModel, 1);
	m->array = array;
	m->design = design;
	m->n_dims = tiles->n_dims;
	m->n_tile = tiles->n_tile;
	m->n_space = tiles->n_space;
	m->schedule = isl_union_map_copy(tiles->schedule);
	m->stmts = g_hash_table_new_full(
		g_str_hash, g_str_equal, NULL, hls_stmt_free);
	m->real = isl_union_set_copy(scop->domain);
	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);
		SyHlsStmt *h = hls_stmt_new(stmt,
			isl_union_map_extract_map(tiles->schedule,
				isl_space_map_from_domain_and_range(
					isl_set_get_space(stmt->domain),
					isl_space_set_alloc(
						scop->ctx, 0, m->n_dims))),
			isl_pw_multi_aff_copy(
				sy_tile_boxes_inverse(tiles, stmt)));

		h->sched = isl_multi_aff_copy(sy_tile_boxes_sched(tiles, stmt));
		g_hash_table_insert(m->stmts, stmt->name, h);
	}
	m->lanes_dim = array->config->simd >= 0 ? (gint64)m->n_dims - 1 : -1;
	m->plan = design->paths;
	m->paths = g_ptr_array_new_with_free_func(path_free);
	m->passes = g_ptr_array_new_with_free_func(path_free);
	m->n_launch = launch_dims(m);
	m->same_launch = m->n_launch ? same_launch(m) : NULL;
	if (!check_l2_launches(m, error) || !check_paths(m, error) ||
		!(m->chain = sy_hls_chains_new(
			  tiles, m->plan, m->same_launch, &m->also, error)) ||
		!(m->delay = sy_hls_delays_new(tiles, m->plan, error)) ||
		!check_carried(m, error)) {
		sy_hls_model_free(m);
		return NULL;
	}
	for (guint i = 0; i < m->plan->len; i++) {
		SyHlsPath *hp = path_new(m, g_ptr_array_index(m->plan, i));

		g_ptr_array_add(
			hp->path->role == SY_PATH_PASS ? m->passes : m->paths,
			hp);
	}
	if (!check_folds(m, error)) {
		sy_hls_model_free(m);
		return NULL;
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

const SyHlsPath *sy_hls_model_way(
	const SyHlsModel *model, const SyAccess *a, gboolean in)
{
	for (guint i = 0; i < model->pe_paths->len; i++) {
		const SyHlsPath *p = g_ptr_array_index(model->pe_paths, i);
		if (p->path->array == a->array && p->path->in == in &&
			(a->write == in || sy_io_path_moves(p->path, a)))
			return p;
	}
	return NULL;
}

/* Chains (hls-chain.h) */

isl_set *sy_hls_model_live_out(const SyHlsModel *m, const SyAccess *a)
{
	return sy_io_launch_live_out(
		m->array->analysis->deps, a, m->same_launch);
}

isl_set *sy_hls_model_live_in(const SyHlsModel *m, const SyAccess *a)
{
	return sy_io_launch_live_in(
		m->array->analysis->deps, a, m->same_launch);
}

isl_set *sy_hls_model_chain(const SyHlsModel *m, const SyAccess *a)
{
	return g_hash_table_lookup(m->chain, a);
}

isl_set *sy_hls_model_also(const SyHlsModel *m, const SyAccess *a)
{
	return g_hash_table_lookup(m->also, a);
}

const SyHlsPath *sy_hls_model_also_way(const SyHlsModel *m, const SyAccess *a)
{
	gboolean first = TRUE;

	if (!sy_hls_model_also(m, a))
		return NULL;
	/* The chains are built in the plan's order (hls-chain.c), which
	 * the passes keep. */
	for (guint i = 0; i < m->pe_paths->len; i++) {
		const SyHlsPath *p = g_ptr_array_index(m->pe_paths, i);

		if (p->path->array != a->array || !p->path->in ||
			!p->path->exterior)
			continue;
		if (!first)
			return p;
		first = FALSE;
	}
	return NULL;
}

gboolean sy_hls_model_chained(const SyHlsModel *m, const SyArray *x)
{
	GHashTableIter it;
	gpointer a;

	g_hash_table_iter_init(&it, m->chain);
	while (g_hash_table_iter_next(&it, &a, NULL))
		if (((const SyAccess *)a)->array == x)
			return TRUE;
	return FALSE;
}

guint sy_hls_model_delay(const SyHlsModel *m, const SyAccess *a)
{
	return sy_hls_delay_of(m->delay, a);
}

gboolean sy_hls_model_headless(const SyHlsModel *m, const SyHlsPath *hp)
{
	const SyIoPath *p = hp->path;

	return p->role == SY_PATH_PASS ||
		(!p->in && p->exterior && p->role == SY_PATH_PARTIAL &&
			!sy_hls_model_path(m, p->array, TRUE));
}
