#include <string.h>

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "comm/design-options.h"
#include "comm/io-plan.h"
#include "frontend/program.h"
#include "poly/names.h"

static void path_free(gpointer data)
{
	SyIoPath *p = data;

	g_free(p->direction);
	g_free(p->prefix);
	g_free(p->l2_keep);
	if (p->accesses)
		g_ptr_array_unref(p->accesses);
	g_free(p);
}

static gint64 n_tiles(const SyPeArray *array, guint m)
{
	return array->padded[m] / array->config->tile[m];
}

/* Whether the tiles of member m run one after another: no tile
 * dimension of the schedule that has several iterations and counts
 * another member's tiles runs inside the first of m's that does (the
 * innermost tile loop of several tiles; with a second tiling level, m's
 * L2 loop innermost among those and m alone inside it). */
static gboolean tiles_in_turn(const SyPeArray *array, guint m)
{
	guint n = sy_pe_array_n_tile(array);
	gboolean seen = FALSE;

	for (guint d = 0; d < n; d++) {
		if (sy_pe_array_tile_trips(array, d) <= 1)
			continue;
		if (sy_pe_array_tile_member(array, d) == m)
			seen = TRUE;
		else if (seen)
			return FALSE;
	}
	return TRUE;
}

gboolean sy_io_stays_on_chip(const SyPeArray *array, const SyArray *x)
{
	const SyDeps *deps = array->analysis->deps;

	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->kind != SY_DEP_FLOW || dep->source->array != x)
			continue;
		if (!dep->uniform)
			return FALSE;
		if (sy_candidate_crosses_pes(
			    array->choices->candidate, dep->distance))
			continue;
		/* Crossing tiles of any loop whose tiles do not run in
		 * turn leaves other tiles in between. */
		for (guint m = 0; m < array->config->n_members; m++)
			if (dep->distance[m] != 0 && n_tiles(array, m) > 1 &&
				!tiles_in_turn(array, m))
				return FALSE;
	}
	return TRUE;
}

/* Whether partial results of x come into the array: values from before
 * the kernel, or values that cross tiles (through DRAM).  Partial
 * results that start inside the kernel and stay in their tile need no
 * way in. */
static gboolean enters(const SyPeArray *array, const SyArray *x)
{
	const SyScop *scop = array->analysis->scop;
	const SyDeps *deps = array->analysis->deps;
	isl_union_map *same = isl_union_map_apply_range(
		isl_union_map_copy(array->tile_map),
		isl_union_map_reverse(isl_union_map_copy(array->tile_map)));
	gboolean any = FALSE;

	for (guint i = 0; i < scop->accesses->len && !any; i++) {
		const SyAccess *a = g_ptr_array_index(scop->accesses, i);
		isl_set *in = a->array == x && !a->write
			? sy_deps_live_in(deps, a)
			: NULL;

		any = in && isl_set_is_empty(in) == isl_bool_false;
	}
	for (guint i = 0; i < deps->deps->len && !any; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);
		isl_union_map *across;

		if (dep->kind != SY_DEP_FLOW || dep->source->array != x)
			continue;
		across = isl_union_map_subtract(
			isl_union_map_from_map(isl_map_copy(dep->relation)),
			isl_union_map_copy(same));
		any = isl_union_map_is_empty(across) == isl_bool_false;
		isl_union_map_free(across);
	}
	isl_union_map_free(same);
	return any;
}

static SyIoPath *find_path(GPtrArray *paths, const SyArray *x, gboolean in,
	gboolean exterior, const gint64 *direction, guint n)
{
	for (guint i = 0; i < paths->len; i++) {
		SyIoPath *p = g_ptr_array_index(paths, i);

		if (p->array == x && p->in == in && p->exterior == exterior &&
			memcmp(p->direction, direction, n * sizeof(gint64)) ==
				0)
			return p;
	}
	return NULL;
}

/* The accesses of g that move p's way. */
static void add_accesses(SyIoPath *p, const SyIoGroup *g)
{
	for (guint k = 0; k < g->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(g->accesses, k);

		if (a->write != p->in &&
			!g_ptr_array_find(p->accesses, a, NULL))
			g_ptr_array_add(p->accesses, (gpointer)a);
	}
}

/* A path, merged with one of the same array, way and direction: partial
 * results that come back travel with the inputs, results with partial
 * results that go out. */
static void add_path(
	GPtrArray *paths, const SyIoGroup *g, SyPathRole role, gboolean in)
{
	SyIoPath *p = find_path(
		paths, g->array, in, g->exterior, g->direction, g->n_space);

	if (p) {
		if (role == SY_PATH_PARTIAL)
			p->role = role;
		add_accesses(p, g);
		return;
	}
	p = g_new0(SyIoPath, 1);
	p->array = g->array;
	p->role = role;
	p->in = in;
	p->exterior = g->exterior;
	p->n_space = g->n_space;
	p->direction = g_memdup2(g->direction, g->n_space * sizeof(gint64));
	p->accesses = g_ptr_array_new();
	add_accesses(p, g);
	g_ptr_array_add(paths, p);
}

static gboolean has_group(const SyCandidate *c, const SyArray *x,
	SyDepKind kind, gboolean exterior)
{
	for (guint i = 0; i < c->io->len; i++) {
		const SyIoGroup *g = g_ptr_array_index(c->io, i);

		if (g->array == x && g->kind == kind && g->exterior == exterior)
			return TRUE;
	}
	return FALSE;
}

static void add_group_paths(
	GPtrArray *paths, const SyPeArray *array, const SyIoGroup *g)
{
	const SyCandidate *c = array->choices->candidate;
	const SyArray *x = g->array;

	switch (g->kind) {
	case SY_DEP_READ:
		/* Values from outside enter with the partial results that
		 * move through the array, if any. */
		if (g->exterior || !has_group(c, x, SY_DEP_FLOW, TRUE))
			add_path(paths, g, SY_PATH_READ, TRUE);
		break;
	case SY_DEP_FLOW:
		if (x->local) {
			if (g->exterior)
				add_path(paths, g, SY_PATH_PASS, TRUE);
		} else if (g->exterior || !sy_io_stays_on_chip(array, x)) {
			add_path(paths, g, SY_PATH_PARTIAL, TRUE);
			add_path(paths, g, SY_PATH_PARTIAL, FALSE);
		}
		break;
	case SY_DEP_OUTPUT:
		/* Results of partial results that move through the array
		 * leave with them. */
		if (!x->local &&
			!(has_group(c, x, SY_DEP_FLOW, TRUE) && !g->exterior))
			add_path(paths, g, SY_PATH_DRAIN, FALSE);
		break;
	case SY_DEP_ANTI: break;
	}
}

/* Whether a flow dependence crosses PEs at the same time step: it moves
 * on space loops only. */
static gboolean same_step(const SyCandidate *c, const SyDep *dep)
{
	for (guint t = 0; t < dep->depth; t++)
		if (!sy_candidate_is_space(c, t) && dep->distance[t] != 0)
			return FALSE;
	return TRUE;
}

/* Whether x is kept in its PE (a flow inside it) and also flows to the
 * next PE a time step later (a dynamic-programming table, dp.c's
 * D[i - 1][j - 1] on [i]): then the next PE keeps what came in for the
 * later read, and the table's edges, read and written in every PE,
 * enter and leave each PE on its own. */
static gboolean kept_and_late(const SyPeArray *array, const SyArray *x)
{
	const SyCandidate *c = array->choices->candidate;
	const SyDeps *deps = array->analysis->deps;

	if (x->local || !has_group(c, x, SY_DEP_FLOW, FALSE))
		return FALSE;
	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->kind == SY_DEP_FLOW && dep->source->array == x &&
			dep->uniform &&
			sy_candidate_crosses_pes(c, dep->distance) &&
			!same_step(c, dep))
			return TRUE;
	}
	return FALSE;
}

/* Whether read a takes its value from the previous PE at the same
 * step (the sink of a flow across PEs on space loops only). */
static gboolean read_at_same_step(const SyPeArray *array, const SyAccess *a)
{
	const SyCandidate *c = array->choices->candidate;
	const SyDeps *deps = array->analysis->deps;

	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->kind == SY_DEP_FLOW && dep->sink == a &&
			dep->uniform &&
			sy_candidate_crosses_pes(c, dep->distance) &&
			same_step(c, dep))
			return TRUE;
	}
	return FALSE;
}

/* Whether the PEs keep the array p moves (along the PEs, the way in of
 * partial results that also enter: from outside the kernel, or from
 * another launch through DRAM, enters) and some final value of it is
 * written in a PE before the last along p (a statement under a guard,
 * or padding past the last PE that writes it, as in the last tile of
 * gemv's j tiled by 7 on [j]): the PEs after it do not pass it on, and
 * the end of the chain does not see it.  Results made inside alone
 * (trmv's y on [k]) count too: nothing enters, but their way along the
 * PEs carries the chain (split_kept_and_late). */
static gboolean drained_early(const SyPeArray *array, const SyIoPath *p)
{
	const SyScop *scop = array->analysis->scop;
	const SyCandidate *c = array->choices->candidate;
	guint k = sy_io_path_along(p);
	gint64 last = p->direction[k] > 0 ? array->pe[k] - 1 : 0;
	gboolean early = FALSE;

	if (p->array->local ||
		(!has_group(c, p->array, SY_DEP_FLOW, FALSE) &&
			!has_group(c, p->array, SY_DEP_OUTPUT, FALSE)))
		return FALSE;

	for (guint i = 0; i < scop->accesses->len && !early; i++) {
		const SyAccess *a = g_ptr_array_index(scop->accesses, i);
		isl_union_set *at;
		isl_set *pes, *end;

		if (a->array != p->array || !a->write || !a->expr)
			continue;
		at = isl_union_set_apply(
			isl_union_set_from_set(isl_map_domain(
				sy_io_live_out(array->analysis->deps, a))),
			isl_union_map_copy(array->pe_map));
		if (isl_union_set_is_empty(at) == isl_bool_true) {
			isl_union_set_free(at);
			continue;
		}
		pes = isl_set_from_union_set(at);
		end = isl_set_fix_si(isl_set_universe(isl_set_get_space(pes)),
			isl_dim_set, k, last);
		early = isl_set_is_subset(pes, end) == isl_bool_false;
		isl_set_free(pes);
		isl_set_free(end);
	}
	return early;
}

static SyIoPath *interior_path(
	const SyIoPath *along, SyPathRole role, gboolean in)
{
	SyIoPath *p = g_new0(SyIoPath, 1);

	p->array = along->array;
	p->role = role;
	p->in = in;
	p->n_space = along->n_space;
	p->direction = g_new0(gint64, along->n_space);
	p->accesses = g_ptr_array_new();
	return p;
}

/* The paths of an array kept in its PE whose values also reach the
 * next PE a step late (kept_and_late): its way in along the PEs moves
 * the reads that take the previous PE's value at the same step (the
 * next PE keeps it in its buffer for the later reads); the other reads'
 * values from outside enter each PE by an interior path, and every
 * final value leaves its PE by an interior drain, the way out along
 * the PEs gone (the last PE's values are not the only final ones).  The
 * same for an array the PEs keep whose final values some PE before the
 * last writes (drained_early: guarded.c's C on [k]), whose reads all
 * take the way in; where nothing enters (results made inside alone:
 * trmv's y on [k], tri_scan's S on [j]), that way has no DRAM end and
 * passes values PE to PE as a temporary's does, dummies writing
 * nothing into its first PEs and reading nothing from its last. */
static void split_kept_and_late(GPtrArray *paths, const SyPeArray *array)
{
	const SyScop *scop = array->analysis->scop;

	for (guint i = 0; i < paths->len; i++) {
		SyIoPath *p = g_ptr_array_index(paths, i), *read, *drain;

		if (!p->exterior || !p->in || p->role != SY_PATH_PARTIAL ||
			(!kept_and_late(array, p->array) &&
				!drained_early(array, p)))
			continue;
		if (!kept_and_late(array, p->array) && !enters(array, p->array))
			p->role = SY_PATH_PASS;
		read = interior_path(p, SY_PATH_READ, TRUE);
		drain = interior_path(p, SY_PATH_DRAIN, FALSE);
		g_ptr_array_set_size(p->accesses, 0);
		for (guint k = 0; k < scop->accesses->len; k++) {
			const SyAccess *a = g_ptr_array_index(
				scop->accesses, k);

			if (a->array != p->array || !a->expr)
				continue;
			g_ptr_array_add(a->write ? drain->accesses
					: read_at_same_step(array, a)
					? p->accesses
					: read->accesses,
				(gpointer)a);
		}
		for (guint k = paths->len; k-- > 0;) {
			const SyIoPath *o = g_ptr_array_index(paths, k);

			if (o->array == p->array && !o->in && o->exterior)
				g_ptr_array_remove_index(paths, k);
		}
		g_ptr_array_add(paths, read);
		g_ptr_array_add(paths, drain);
	}
}

/* Paths alone in their array and way move every access of it (and
 * keep what they moved before several paths of one array were
 * supported: every access, whatever dependence it takes part in). */
static void drop_single_accesses(GPtrArray *paths)
{
	for (guint i = 0; i < paths->len; i++) {
		SyIoPath *p = g_ptr_array_index(paths, i);
		gboolean alone = TRUE;

		for (guint k = 0; k < paths->len && alone; k++) {
			const SyIoPath *o = g_ptr_array_index(paths, k);

			alone = k == i || o->array != p->array ||
				o->in != p->in;
		}
		if (alone)
			g_clear_pointer(&p->accesses, g_ptr_array_unref);
	}
}

gboolean sy_io_path_moves(const SyIoPath *p, const SyAccess *a)
{
	return a->array == p->array && a->write == !p->in &&
		(!p->accesses || g_ptr_array_find(p->accesses, a, NULL));
}

/* "A", "C_drain"; several paths of one stem and way are numbered, as
 * AutoSA numbers groups ("C_1").  The stem is the array's name in
 * generated code (names.h), so that no two paths share a name. */
static void name_paths(GPtrArray *paths, const SyScop *scop)
{
	g_autoptr(SyNames) names = sy_names_new(scop);

	for (guint i = 0; i < paths->len; i++) {
		SyIoPath *p = g_ptr_array_index(paths, i);

		p->prefix = g_strconcat(sy_names_id(names, p->array->name),
			p->role == SY_PATH_DRAIN ? "_drain" : "", NULL);
	}
	for (guint i = 0; i < paths->len; i++) {
		SyIoPath *p = g_ptr_array_index(paths, i);
		guint same = 0, index = 0;

		for (guint k = 0; k < paths->len; k++) {
			SyIoPath *o = g_ptr_array_index(paths, k);

			if (o->in != p->in || o->array != p->array ||
				(o->role == SY_PATH_DRAIN) !=
					(p->role == SY_PATH_DRAIN))
				continue;
			if (k < i)
				index++;
			same++;
		}
		if (same > 1) {
			char *numbered = g_strdup_printf(
				"%s_%u", p->prefix, index);

			g_free(p->prefix);
			p->prefix = numbered;
		}
	}
}

static int inputs_first(gconstpointer a, gconstpointer b)
{
	const SyIoPath *p = *(SyIoPath *const *)a, *q = *(SyIoPath *const *)b;

	return (int)q->in - (int)p->in;
}

GPtrArray *sy_io_plan(const SyPeArray *array)
{
	const SyCandidate *c = array->choices->candidate;
	GPtrArray *paths = g_ptr_array_new_with_free_func(path_free);

	for (guint i = 0; i < c->io->len; i++)
		add_group_paths(paths, array, g_ptr_array_index(c->io, i));
	split_kept_and_late(paths, array);
	drop_single_accesses(paths);
	/* Inputs from outside and results that move nothing (every value
	 * read is produced inside, every value written is overwritten),
	 * and partial results that never enter, need no modules. */
	for (guint i = paths->len; i-- > 0;) {
		SyIoPath *p = g_ptr_array_index(paths, i);
		isl_union_map *moved;
		gboolean none;

		if (p->role == SY_PATH_PARTIAL && p->in &&
			!enters(array, p->array)) {
			g_ptr_array_remove_index(paths, i);
			continue;
		}
		if (p->exterior || p->role == SY_PATH_PARTIAL)
			continue;
		moved = sy_io_path_accesses(array, p);
		none = isl_union_map_is_empty(moved) == isl_bool_true;
		isl_union_map_free(moved);
		if (none)
			g_ptr_array_remove_index(paths, i);
	}
	/* A stable sort: GLib's is merge sort. */
	g_ptr_array_sort(paths, inputs_first);
	name_paths(paths, array->analysis->scop);
	return paths;
}

/* Whether stmt folds with + into the element it writes: "x += e", or
 * "x = x + e" or "x = e + x" as written. */
static gboolean folds_plus(const SyStmt *stmt)
{
	const SyNode *node = stmt->node;
	const SyExpr *rhs = node->rhs;
	g_autofree char *lhs = NULL;

	if (node->op == SY_P_ADD_ASSIGN)
		return TRUE;
	if (node->op != SY_P_ASSIGN || !rhs || rhs->kind != SY_EXPR_BINARY ||
		rhs->op != SY_P_PLUS)
		return FALSE;
	lhs = sy_expr_to_string(node->lhs);
	for (guint k = 0; k < 2; k++) {
		g_autofree char *arg = sy_expr_to_string(rhs->args[k]);

		if (strcmp(arg, lhs) == 0)
			return TRUE;
	}
	return FALSE;
}

/* The extreme (max or min) tile of band member t that instances
 * (taken) run in. */
static gint64 tile_bound(
	const SyPeArray *array, isl_union_set *instances, guint t, gboolean max)
{
	isl_set *tiles = isl_set_from_union_set(isl_union_set_apply(
		instances, isl_union_map_copy(array->tile_map)));
	isl_val *v = max ? isl_set_dim_max_val(tiles, (int)t)
			 : isl_set_dim_min_val(tiles, (int)t);
	gint64 bound = isl_val_get_num_si(v);

	isl_val_free(v);
	return bound;
}

/* Whether stmt runs in the kernel's first tile of member t only: its
 * writes reach the collector's first tile, which takes the running
 * value itself (the tiles after it only add). */
static gboolean in_first_tile(
	const SyPeArray *array, const SyStmt *stmt, guint t)
{
	return tile_bound(array,
		       isl_union_set_from_set(isl_set_copy(stmt->domain)), t,
		       TRUE) ==
		tile_bound(array,
			isl_union_set_copy(array->analysis->scop->domain), t,
			FALSE);
}

/* The band member an exterior path moves along. */
static guint along_member(const SyPeArray *array, const SyIoPath *p)
{
	guint k = 0;

	while (k + 1 < p->n_space && p->direction[k] == 0)
		k++;
	return array->choices->candidate->space[k];
}

const SyAccess *sy_io_plan_unfolded(const SyPeArray *array, const SyIoPath *p)
{
	const SyScop *scop = array->analysis->scop;

	for (guint k = 0; k < scop->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(scop->accesses, k);

		if (a->array == p->array && a->write && a->expr &&
			!folds_plus(a->stmt) &&
			!in_first_tile(array, a->stmt, along_member(array, p)))
			return a;
	}
	return NULL;
}

int sy_io_plan_folded(const SyPeArray *array, const SyIoPath *p)
{
	const SyConfig *cfg = array->config;
	guint member;

	if (!p->reduce_op[0])
		return -1;
	member = along_member(array, p);
	/* The collector's buffer sits above the folded loop's tiles: no
	 * other tile loop of several tiles may run inside it. */
	for (guint k = cfg->n_members; k-- > 0;) {
		guint t = cfg->order[k];

		if (t == member)
			return (int)member;
		if (n_tiles(array, t) > 1)
			return -1;
	}
	return -1;
}

gboolean sy_io_plan_reduce(const SyPeArray *array, GPtrArray *paths,
	const char *op, GError **error)
{
	for (guint i = 0; i < paths->len; i++) {
		SyIoPath *p = g_ptr_array_index(paths, i);
		const SyAccess *a;

		if (!p->exterior || p->role != SY_PATH_PARTIAL ||
			p->array->local)
			continue;
		if ((a = sy_io_plan_unfolded(array, p))) {
			g_set_error(error, SY_DESIGN_ERROR,
				SY_DESIGN_ERROR_INVALID,
				"--local-reduce: partial results of %s pass PE "
				"to PE, but statement %s, which runs after the "
				"first tile of their loop, does not fold '%s' "
				"into them (%s %s= ..., or %s = %s %s ...)",
				a->array->name, a->stmt->name, op,
				a->array->name, op, a->array->name,
				a->array->name, op);
			return FALSE;
		}
		g_strlcpy(p->reduce_op, op, sizeof(p->reduce_op));
	}
	return TRUE;
}

/* PE coordinates as a unit of PEs sees them: all of them (along NULL),
 * none (all zero: the whole array), or the coordinates of a line along a
 * direction with a unit step on its first moving loop. */
static isl_union_map *unit_map(const SyPeArray *array, const gint64 *along)
{
	isl_ctx *ctx = array->analysis->ctx;
	guint n = array->n_space, out = 0;
	int a = -1;
	isl_space *space;
	isl_local_space *ls;
	isl_multi_aff *ma;

	for (guint k = 0; along && k < n && a < 0; k++)
		if (along[k] == 1 || along[k] == -1)
			a = (int)k;
	if (!along)
		out = n;
	else if (a >= 0)
		out = n - 1;
	space = isl_space_map_from_domain_and_range(
		isl_space_set_alloc(ctx, 0, n),
		isl_space_set_alloc(ctx, 0, out));
	ma = isl_multi_aff_zero(isl_space_copy(space));
	ls = isl_local_space_from_space(isl_space_domain(space));
	for (guint k = 0, o = 0; k < n && o < out; k++) {
		isl_aff *aff;

		if ((int)k == a)
			continue;
		aff = isl_aff_var_on_domain(
			isl_local_space_copy(ls), isl_dim_set, k);
		if (a >= 0 && along[k] != 0)
			aff = isl_aff_sub(aff,
				isl_aff_scale_val(
					isl_aff_var_on_domain(
						isl_local_space_copy(ls),
						isl_dim_set, (unsigned)a),
					isl_val_int_from_si(
						ctx, along[k] * along[a])));
		ma = isl_multi_aff_set_aff(ma, (int)o++, aff);
	}
	isl_local_space_free(ls);
	return isl_union_map_apply_range(isl_union_map_copy(array->pe_map),
		isl_union_map_from_map(isl_map_from_multi_aff(ma)));
}

/* Whether PEs write x (it flows, or is overwritten, inside a PE). */
static gboolean written_in_pes(const SyPeArray *array, const SyArray *x)
{
	const SyCandidate *c = array->choices->candidate;

	for (guint k = 0; k < c->io->len; k++) {
		const SyIoGroup *g = g_ptr_array_index(c->io, k);

		if (g->array == x &&
			(g->kind == SY_DEP_FLOW || g->kind == SY_DEP_OUTPUT))
			return TRUE;
	}
	return x->local;
}

/* Whether dimension d of set runs over the same range wherever the
 * other dimensions are: set is the product of the two projections. */
static gboolean dim_rectangular(isl_set *set /* take */, guint d)
{
	isl_size n = isl_set_dim(set, isl_dim_set);
	isl_set *others, *range;
	isl_bool same;

	set = isl_set_reset_tuple_id(set);
	others = isl_set_project_out(isl_set_copy(set), isl_dim_set, d, 1);
	others = isl_set_insert_dims(others, isl_dim_set, d, 1);
	range = isl_set_project_out(
		isl_set_copy(set), isl_dim_set, d + 1, (unsigned)n - d - 1);
	range = isl_set_project_out(range, isl_dim_set, 0, d);
	range = isl_set_insert_dims(range, isl_dim_set, 0, d);
	range = isl_set_insert_dims(
		range, isl_dim_set, d + 1, (unsigned)n - d - 1);
	others = isl_set_intersect(others, range);
	same = isl_set_is_equal(others, set);
	isl_set_free(others);
	isl_set_free(set);
	return same == isl_bool_true;
}

/* Whether the SIMD loop has the same iterations wherever it runs: a
 * band member's bounds may depend on the other loops (j <= i). */
static gboolean simd_rectangular(const SyPeArray *array, const SySimdChoice *sc)
{
	const SyScop *scop = array->analysis->scop;
	GPtrArray *loops;

	if (!sc->loop.in_band)
		return sc->loop.rectangular;
	loops = array->analysis->band->members[sc->loop.member].loops;
	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);

		for (guint d = 0; d < stmt->n_iters; d++)
			if (g_ptr_array_find(loops, stmt->loops[d], NULL) &&
				!dim_rectangular(isl_set_copy(stmt->domain), d))
				return FALSE;
	}
	return TRUE;
}

/* Whether a path can move whole vectors: PE to PE, every point moves;
 * a PE's own data come only where it reads them (the copy-in set), so
 * every lane of a vector must be there or none (two nests with j < 4 and
 * j < 6 and vectors of 3; k from i to N - 1 and vectors of 2; j >= i on
 * [i, k] with vectors on j), counted on the boxes.  Without boxes (the
 * backend refuses the design) only a loop that runs the same whole
 * vectors everywhere. */
static gboolean whole_vectors(
	const SyPeArray *array, const SyTileBoxes *tiles, const SyIoPath *p)
{
	const SyConfig *cfg = array->config;
	const SySimdChoice *sc = g_ptr_array_index(
		array->choices->simd, cfg->simd);

	if (p->exterior)
		return TRUE;
	if (written_in_pes(array, p->array))
		return FALSE;
	if (!tiles)
		return sc->loop.extent % cfg->simd_factor == 0 &&
			simd_rectangular(array, sc);
	return sy_tile_boxes_whole_vectors(
		tiles, isl_union_map_domain(sy_io_path_accesses(array, p)));
}

guint sy_io_path_lanes(
	const SyPeArray *array, const SyTileBoxes *tiles, const SyIoPath *p)
{
	const SyConfig *cfg = array->config;
	guint lanes;

	if (p->role != SY_PATH_READ || cfg->simd < 0)
		return 1;
	lanes = sy_choices_lanes(
		array->choices, cfg->simd, cfg->simd_factor, p->array);
	return lanes > 1 && whole_vectors(array, tiles, p) ? lanes : 1;
}

gboolean sy_io_path_once(
	const SyPeArray *array, const SyTileBoxes *tiles, const SyIoPath *p)
{
	const SyConfig *cfg = array->config;

	/* A result carried PE to PE along a space loop whose lanes all
	 * update one element (SIMD on that loop, a reduction): one value
	 * a vector, taken at lane 0 and passed on after the last.  (SIMD
	 * on a loop below the band keeps a partial sum per lane.) */
	gboolean carried = p->exterior && p->role == SY_PATH_PARTIAL &&
		cfg->simd >= 0 &&
		((const SySimdChoice *)g_ptr_array_index(
			 array->choices->simd, cfg->simd))
			->space;

	return (p->role == SY_PATH_READ || carried) && cfg->simd >= 0 &&
		sy_choices_lanes_same(array->choices, cfg->simd,
			cfg->simd_factor, p->array) &&
		whole_vectors(array, tiles, p);
}

isl_union_map *sy_io_accesses(
	const SyPeArray *array, const SyArray *x, gboolean writes)
{
	const SyScop *scop = array->analysis->scop;
	isl_union_map *all = isl_union_map_empty(
		isl_space_params_alloc(scop->ctx, 0));

	for (guint i = 0; i < scop->accesses->len; i++) {
		const SyAccess *access = g_ptr_array_index(scop->accesses, i);

		if (access->array == x && access->write == writes)
			all = isl_union_map_add_map(
				all, isl_map_copy(access->map));
	}
	return all;
}

/* The instances of a write whose value nothing overwrites. */
isl_map *sy_io_live_out(const SyDeps *deps, const SyAccess *write)
{
	isl_map *map = isl_map_copy(write->map);

	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->kind == SY_DEP_OUTPUT && dep->source == write)
			map = isl_map_subtract_domain(map,
				isl_map_domain(isl_map_copy(dep->relation)));
	}
	return map;
}

/* The instances of stmt's domain in the union set s (taken). */
static isl_set *of_stmt(isl_union_set *s, const SyStmt *stmt)
{
	isl_set *set = isl_union_set_extract_set(
		s, isl_set_get_space(stmt->domain));

	isl_union_set_free(s);
	return set;
}

/* The ends (domain or range, taken) of deps of kind on access a (as
 * source or sink) whose ends are in the same launch. */
static isl_union_set *within(const SyDeps *deps, const SyAccess *a,
	SyDepKind kind, isl_union_map *same)
{
	isl_union_set *ends = isl_union_set_empty(
		isl_set_get_space(a->stmt->domain));

	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);
		isl_union_map *pairs;

		if (dep->kind != kind ||
			(kind == SY_DEP_FLOW ? dep->sink : dep->source) != a)
			continue;
		pairs = isl_union_map_intersect(
			isl_union_map_from_map(isl_map_copy(dep->relation)),
			isl_union_map_copy(same));
		ends = isl_union_set_union(ends,
			kind == SY_DEP_FLOW ? isl_union_map_range(pairs)
					    : isl_union_map_domain(pairs));
	}
	return ends;
}

isl_set *sy_io_launch_live_out(
	const SyDeps *deps, const SyAccess *write, isl_union_map *same)
{
	if (!same)
		return isl_map_domain(sy_io_live_out(deps, write));
	return isl_set_subtract(isl_set_copy(write->stmt->domain),
		of_stmt(within(deps, write, SY_DEP_OUTPUT, same), write->stmt));
}

isl_set *sy_io_launch_live_in(
	const SyDeps *deps, const SyAccess *read, isl_union_map *same)
{
	isl_set *in;

	if (same)
		return isl_set_subtract(isl_set_copy(read->stmt->domain),
			of_stmt(within(deps, read, SY_DEP_FLOW, same),
				read->stmt));
	in = sy_deps_live_in(deps, read);
	return in ? isl_set_copy(in)
		  : isl_set_empty(isl_set_get_space(read->stmt->domain));
}

isl_union_map *sy_io_path_accesses(const SyPeArray *array, const SyIoPath *p)
{
	const SyScop *scop = array->analysis->scop;
	const SyDeps *deps = array->analysis->deps;
	isl_union_map *all;

	/* Inputs fed to every PE on their own, and results, move only
	 * what comes from outside and what is final (AutoSA's copy-in and
	 * copy-out sets). */
	all = isl_union_map_empty(isl_space_params_alloc(scop->ctx, 0));
	for (guint i = 0; i < scop->accesses->len; i++) {
		const SyAccess *access = g_ptr_array_index(scop->accesses, i);
		isl_set *in;

		if (!sy_io_path_moves(p, access))
			continue;
		if (p->exterior || p->role == SY_PATH_PARTIAL) {
			all = isl_union_map_add_map(
				all, isl_map_copy(access->map));
			continue;
		}
		if (!p->in) {
			all = isl_union_map_add_map(
				all, sy_io_live_out(deps, access));
			continue;
		}
		in = sy_deps_live_in(deps, access);
		if (in)
			all = isl_union_map_add_map(all,
				isl_map_intersect_domain(
					isl_map_copy(access->map),
					isl_set_copy(in)));
	}
	return all;
}

gint64 *sy_io_footprint(const SyPeArray *array, isl_union_map *accesses,
	guint n_dims, const gint64 *along)
{
	gint64 *size = g_new0(gint64, n_dims + 1);
	isl_union_map *where = isl_union_map_range_product(
		isl_union_map_copy(array->tile_map), unit_map(array, along));
	isl_union_map *touched = isl_union_map_apply_range(
		isl_union_map_reverse(where), accesses);
	isl_map *map;

	if (isl_union_map_is_empty(touched) == isl_bool_true) {
		isl_union_map_free(touched);
		return size;
	}
	map = isl_map_from_union_map(touched);
	for (guint d = 0; d < n_dims; d++) {
		isl_pw_aff *hi = isl_map_dim_max(isl_map_copy(map), (int)d);
		isl_pw_aff *lo = isl_map_dim_min(isl_map_copy(map), (int)d);
		isl_val *v = isl_pw_aff_max_val(isl_pw_aff_sub(hi, lo));

		size[d] = isl_val_get_num_si(v) + 1;
		isl_val_free(v);
	}
	isl_map_free(map);
	return size;
}

/* The first and last tile, per band member, in which accesses (taken)
 * happen; FALSE where there are none. */
static gboolean tile_range(
	const SyPeArray *array, isl_union_map *accesses, gint64 *lo, gint64 *hi)
{
	isl_union_set *tiles = isl_union_set_apply(
		isl_union_map_domain(accesses),
		isl_union_map_copy(array->tile_map));
	isl_set *set;

	if (isl_union_set_is_empty(tiles) == isl_bool_true) {
		isl_union_set_free(tiles);
		return FALSE;
	}
	set = isl_set_from_union_set(tiles);
	for (guint m = 0; m < array->config->n_members; m++) {
		/* isl keeps the objective: it is ours to free. */
		isl_aff *obj = isl_aff_var_on_domain(
			isl_local_space_from_space(isl_set_get_space(set)),
			isl_dim_set, m);
		isl_val *max = isl_set_max_val(set, obj);
		isl_val *min = isl_set_min_val(set, obj);

		/* Tile numbers: within the padded extent, they fit. */
		hi[m] = isl_val_get_num_si(max);
		lo[m] = isl_val_get_num_si(min);
		isl_val_free(max);
		isl_val_free(min);
		isl_aff_free(obj);
	}
	isl_set_free(set);
	return TRUE;
}

/* The L2 tiles of member m (factor l2) from tile lo to hi. */
static gint64 l2_tiles(gint64 lo, gint64 hi, gint64 l2)
{
	return hi / l2 - lo / l2 + 1;
}

gint64 sy_io_tiles(
	const SyPeArray *array, isl_union_map *accesses, SyChecked *ck)
{
	return sy_io_tiles_l2(array, accesses, NULL, ck);
}

gint64 sy_io_tiles_l2(const SyPeArray *array, isl_union_map *accesses,
	const gint64 *l2_keep, SyChecked *ck)
{
	guint n = array->config->n_members;
	g_autofree gint64 *lo = g_new(gint64, n + 1);
	g_autofree gint64 *hi = g_new(gint64, n + 1);
	gint64 count = 1;

	if (!tile_range(array, accesses, lo, hi))
		return 0;
	for (guint m = 0; m < n; m++)
		count = sy_checked_mul(ck, count,
			l2_keep && !l2_keep[m]
				? l2_tiles(lo[m], hi[m],
					  array->config->tile_l2[m])
				: hi[m] - lo[m] + 1,
			"the number of tiles");
	return count;
}

/* Whether the data of path p depends on the tiles of band member m:
 * the elements its accesses touch in a tile change with m's tile
 * (tiles -> elements, against the same from the tiles equal but
 * for m). */
static gboolean depends_on_tile(
	const SyPeArray *array, const SyIoPath *p, guint m)
{
	guint n = array->config->n_members;
	isl_ctx *ctx = array->analysis->ctx;
	isl_union_map *data = isl_union_map_apply_range(
		isl_union_map_reverse(isl_union_map_copy(array->tile_map)),
		sy_io_path_accesses(array, p));
	isl_map *same = isl_map_universe(
		isl_space_map_from_set(isl_space_set_alloc(ctx, 0, n)));
	isl_union_map *moved;
	isl_bool equal;

	for (guint k = 0; k < n; k++)
		if (k != m)
			same = isl_map_equate(
				same, isl_dim_in, (int)k, isl_dim_out, (int)k);
	moved = isl_union_map_apply_range(
		isl_union_map_from_map(same), isl_union_map_copy(data));
	moved = isl_union_map_intersect_domain(
		moved, isl_union_map_domain(isl_union_map_copy(data)));
	equal = isl_union_map_is_equal(moved, data);
	isl_union_map_free(moved);
	isl_union_map_free(data);
	return equal != isl_bool_true;
}

gboolean sy_io_plan_l2(const SyPeArray *array, SyIoPath *p)
{
	const SyConfig *cfg = array->config;
	g_autofree gint64 *lo = NULL, *hi = NULL;
	gint64 *keep;
	gboolean reuse = FALSE, above = TRUE;

	if (!cfg->tile_l2 || !p->in || p->reduce_op[0] ||
		sy_io_path_ports(p) > 1)
		return FALSE;
	lo = g_new(gint64, cfg->n_members);
	hi = g_new(gint64, cfg->n_members);
	if (!tile_range(array, sy_io_path_accesses(array, p), lo, hi))
		return FALSE;
	keep = g_new0(gint64, cfg->n_members);
	/* In the tile order: the buffer is read above the first tile loop
	 * of a member the data does not depend on (AutoSA hoists it as
	 * high as the loops it depends on allow, tile_set_depth), so it
	 * keeps the tiles of those it depends on below (1 for those above,
	 * which read it again); reused: tiles of a member whose L2 tile
	 * holds several of those the path moves data in. */
	for (guint k = 0; k < cfg->n_members; k++) {
		guint m = cfg->order[k];
		gint64 inner = MIN(n_tiles(array, m), cfg->tile_l2[m]);

		if (depends_on_tile(array, p, m))
			keep[m] = above ? 1 : inner;
		else {
			above = FALSE;
			if (l2_tiles(lo[m], hi[m], cfg->tile_l2[m]) <
				hi[m] - lo[m] + 1)
				reuse = TRUE;
		}
	}
	if (!reuse) {
		g_free(keep);
		return FALSE;
	}
	g_free(p->l2_keep);
	p->l2_keep = keep;
	return TRUE;
}
