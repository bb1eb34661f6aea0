/* Arrays kept in their PE and passed along the array (see
 * hls-chain.h): which accesses use the PE-to-PE FIFOs, checked against
 * what a FIFO can do (each value once, in order) and against where the
 * chain meets its I/O modules (values from outside enter at the first
 * PE, final values leave at the last). */
#include <isl/aff.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include "comm/hls-chain.h"

/* What the chains stand on: the design's boxes (and through them the
 * PE array) and its I/O plan. */
typedef struct {
	const SyTileBoxes *tiles;
	const SyPeArray *array;
	const GPtrArray *plan; /* SyIoPath */
	isl_union_map *same_launch; /* NULL for one launch */
	/* A table whose edges enter and leave each PE (sy_hls_chain_edges):
	 * its way along the PEs, whose reads alone take the FIFO; NULL
	 * for any other array. */
	const SyIoPath *edges;
	/* A temporary passed along several directions (lu.c's Up on
	 * [k, i]): the path whose FIFOs are built, its flows alone;
	 * NULL for every exterior flow. */
	const SyIoPath *along;
} Chains;

gboolean sy_hls_chain_keeps(const SyPeArray *array, const SyArray *x)
{
	const SyCandidate *c = array->choices->candidate;

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

/* Values from outside (the kernel, or the launch). */
static isl_set *live_in(const Chains *m, const SyAccess *a)
{
	return sy_io_launch_live_in(
		m->array->analysis->deps, a, m->same_launch);
}

static gboolean is_exterior_flow(const Chains *m, const SyDep *dep)
{
	return dep->kind == SY_DEP_FLOW && dep->uniform &&
		sy_candidate_crosses_pes(
			m->array->choices->candidate, dep->distance);
}

/* Whether dep moves along path p: its distance on the space loops is
 * p's direction. */
static gboolean flows_along(
	const Chains *m, const SyDep *dep, const SyIoPath *p)
{
	const SyCandidate *c = m->array->choices->candidate;

	for (guint k = 0; k < p->n_space; k++)
		if (dep->distance[c->space[k]] != p->direction[k])
			return FALSE;
	return TRUE;
}

/* An exterior flow whose values the FIFO carries: with edges, those
 * its way in moves the sink of (the others' sinks take kept values,
 * check_kept); along a path, those that move along it. */
static gboolean is_fifo_flow(const Chains *m, const SyDep *dep)
{
	return is_exterior_flow(m, dep) &&
		(!m->edges || sy_io_path_moves(m->edges, dep->sink)) &&
		(!m->along || flows_along(m, dep, m->along));
}

/* The path of x one way along the array, or NULL. */
static const SyIoPath *exterior_path(
	const Chains *m, const SyArray *x, gboolean in)
{
	for (guint i = 0; i < m->plan->len; i++) {
		const SyIoPath *p = g_ptr_array_index(m->plan, i);

		if (p->array == x && p->in == in && p->exterior)
			return p;
	}
	return NULL;
}

/* The interior path of x one way, or NULL. */
static const SyIoPath *interior_of(
	const GPtrArray *plan, const SyArray *x, gboolean in)
{
	for (guint i = 0; i < plan->len; i++) {
		const SyIoPath *p = g_ptr_array_index(plan, i);

		if (p->array == x && p->in == in && !p->exterior)
			return p;
	}
	return NULL;
}

gboolean sy_hls_chain_edges(const GPtrArray *plan, const SyArray *x)
{
	const SyIoPath *drain = interior_of(plan, x, FALSE);
	gboolean along = FALSE;

	for (guint i = 0; i < plan->len; i++) {
		const SyIoPath *p = g_ptr_array_index(plan, i);

		if (p->array != x || !p->exterior)
			continue;
		/* Partial results along the PEs, or made inside alone and
		 * passed on (io-plan.c's split_kept_and_late). */
		if (!p->in ||
			(p->role != SY_PATH_PARTIAL &&
				(p->role != SY_PATH_PASS || x->local)))
			return FALSE;
		along = TRUE;
	}
	return along && drain && drain->role == SY_PATH_DRAIN;
}

isl_set *sy_hls_chain_at_pe(
	const SyTileBoxes *tiles, const SyStmt *stmt, guint k, gint64 v)
{
	isl_aff *coord = isl_multi_aff_get_at(
		sy_tile_boxes_sched(tiles, stmt), (int)(tiles->n_tile + k));

	coord = isl_aff_add_constant_si(coord, (int)-v);
	return isl_set_from_basic_set(isl_aff_zero_basic_set(coord));
}

static isl_map *across_pes(const Chains *m, __isl_take isl_map *rel);

/* Instances of an access that cross PEs: reads of a value written in
 * the previous PE (sinks), or writes read in the next one. */
static isl_set *crossing(const Chains *m, const SyAccess *a)
{
	const SyDeps *deps = m->array->analysis->deps;
	isl_set *set = isl_set_empty(isl_set_get_space(a->stmt->domain));

	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (!is_fifo_flow(m, dep))
			continue;
		if (a->write && dep->source == a)
			set = isl_set_union(set,
				isl_map_domain(across_pes(
					m, isl_map_copy(dep->relation))));
		else if (!a->write && dep->sink == a)
			set = isl_set_union(set,
				isl_map_range(across_pes(
					m, isl_map_copy(dep->relation))));
	}
	return set;
}

/* The flat schedule's PE coordinates (pe) or its other dimensions,
 * time as a PE sees it. */
static isl_map *project(const SyTileBoxes *m, gboolean pe)
{
	isl_ctx *ctx = isl_union_map_get_ctx(m->schedule);
	guint n = pe ? m->n_space : m->n_dims - m->n_space;
	isl_space *space = isl_space_map_from_domain_and_range(
		isl_space_set_alloc(ctx, 0, m->n_dims),
		isl_space_set_alloc(ctx, 0, n));
	isl_multi_aff *ma = isl_multi_aff_zero(isl_space_copy(space));
	isl_local_space *ls = isl_local_space_from_space(
		isl_space_domain(space));

	for (guint d = 0, o = 0; d < m->n_dims; d++)
		if ((d >= m->n_tile && d < m->n_tile + m->n_space) == pe)
			ma = isl_multi_aff_set_aff(ma, (int)o++,
				isl_aff_var_on_domain(isl_local_space_copy(ls),
					isl_dim_set, d));
	isl_local_space_free(ls);
	return isl_map_from_multi_aff(ma);
}

/* Schedule points p -> q of one PE, p earlier than q. */
static isl_map *earlier_in_pe(const SyTileBoxes *m)
{
	isl_map *clock = project(m, FALSE), *pe = project(m, TRUE);
	isl_map *clock_back = isl_map_reverse(isl_map_copy(clock));
	isl_map *pe_back = isl_map_reverse(isl_map_copy(pe));
	isl_map *lt = isl_map_lex_lt(isl_space_range(isl_map_get_space(clock)));
	isl_map *before = isl_map_apply_range(
		isl_map_apply_range(clock, lt), clock_back);

	/* (Arguments are copied first: C leaves their order open.) */
	return isl_map_intersect(before, isl_map_apply_range(pe, pe_back));
}

/* rel (taken) within a launch, for a table with edges: its values
 * from another launch come in from DRAM, by its ways in (where the
 * host launches the kernel per tile, hls-model.h). */
static isl_map *in_launch(const Chains *m, isl_map *rel)
{
	isl_space *space;
	isl_union_map *same;

	if (!m->edges || !m->same_launch)
		return rel;
	space = isl_map_get_space(rel);
	same = isl_union_map_intersect(isl_union_map_from_map(rel),
		isl_union_map_copy(m->same_launch));
	rel = isl_union_map_extract_map(same, space);
	isl_union_map_free(same);
	return rel;
}

/* The pairs of rel (a dependence's, taken) whose instances run in two
 * PEs: with SIMD on the space loop it moves along, a dependence also
 * joins one PE's lanes, which its own buffer carries. */
static isl_map *across_pes(const Chains *m, isl_map *rel)
{
	isl_union_map *pe = isl_union_map_apply_range(
		isl_union_map_copy(m->tiles->schedule),
		isl_union_map_from_map(project(m->tiles, TRUE)));
	isl_union_map *back = isl_union_map_reverse(isl_union_map_copy(pe));
	isl_union_map *same = isl_union_map_apply_range(pe, back);
	isl_space *space = isl_map_get_space(rel);
	isl_union_map *apart = isl_union_map_subtract(
		isl_union_map_from_map(in_launch(m, rel)), same);
	isl_map *map = isl_union_map_extract_map(apart, space);

	isl_union_map_free(apart);
	return map;
}

/* A FIFO between PEs carries x's values once each and keeps their
 * order: every value read in the next PE once, and of two values a PE
 * writes, the earlier read earlier there. */
static gboolean check_fifo(
	const Chains *m, const SyArray *x, gboolean folded, GError **error)
{
	const SyDeps *deps = m->array->analysis->deps;
	isl_union_map *schedule = m->tiles->schedule;
	isl_union_map *ext = isl_union_map_empty(
		isl_space_params_alloc(isl_union_map_get_ctx(schedule), 0));
	isl_bool once, kept = isl_bool_true;

	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->source->array == x && is_fifo_flow(m, dep))
			ext = isl_union_map_add_map(ext,
				across_pes(m, isl_map_copy(dep->relation)));
	}
	/* Folded (--local-reduce): values from the last PEs of one tile
	 * reach the first of the next through the collector, not a FIFO
	 * between them. */
	if (folded)
		ext = isl_union_map_intersect(ext,
			isl_union_map_apply_range(
				isl_union_map_copy(m->array->tile_map),
				isl_union_map_reverse(isl_union_map_copy(
					m->array->tile_map))));
	once = isl_union_map_is_single_valued(ext);
	ext = isl_union_map_apply_range(
		isl_union_map_apply_domain(ext, isl_union_map_copy(schedule)),
		isl_union_map_copy(schedule));
	if (once == isl_bool_true &&
		isl_union_map_is_empty(ext) == isl_bool_false) {
		/* written at w1 before w2, read at r1 before r2 */
		isl_map *r = isl_map_from_union_map(ext);
		isl_map *before = earlier_in_pe(m->tiles);
		isl_map *pairs = isl_map_apply_range(
			isl_map_apply_range(isl_map_reverse(isl_map_copy(r)),
				isl_map_copy(before)),
			r);

		kept = isl_map_is_subset(pairs, before);
		isl_map_free(pairs);
		isl_map_free(before);
	} else {
		isl_union_map_free(ext);
	}
	if (once != isl_bool_true)
		return sy_hls_refuse(error,
			"a value of %s is read more than once in the next PE; "
			"the HLS backend passes each value once",
			x->name);
	if (kept != isl_bool_true)
		return sy_hls_refuse(error,
			"%s reaches the next PE in another order than it "
			"leaves this one; the HLS backend's FIFOs keep the "
			"order",
			x->name);
	return TRUE;
}

/* The FIFO instances of access a of a chained array, checked: values
 * from outside enter at the first PE, results leave at the last. */
static isl_set *chain_of(
	const Chains *m, const SyAccess *a, const SyIoPath *p, GError **error)
{
	guint k = sy_io_path_along(p);
	gint64 end = a->write ? m->array->pe[k] - 1 : 0;
	isl_set *outside = a->array->local || (m->edges && a->write)
		? isl_set_empty(isl_set_get_space(a->stmt->domain))
		: a->write ? sy_io_launch_live_out(m->array->analysis->deps, a,
				     m->same_launch)
			   : live_in(m, a);
	isl_set *there = sy_hls_chain_at_pe(m->tiles, a->stmt, k, end);
	isl_bool ok = isl_set_is_subset(outside, there);
	const char *loop =
		m->array->analysis->band
			->members[m->array->choices->candidate->space[k]]
			.name;

	isl_set_free(there);
	if (ok != isl_bool_true) {
		isl_set_free(outside);
		sy_hls_refuse(error,
			a->write
				? "final values of %s are written in PEs "
				  "before the last along '%s'; the HLS "
				  "backend drains them at the end of the chain"
				: "values of %s from outside the kernel are "
				  "read in PEs after the first along '%s'; the "
				  "HLS backend feeds them at the start of the "
				  "chain",
			a->array->name, loop);
		return NULL;
	}
	return isl_set_union(crossing(m, a), outside);
}

/* Schedule points p -> q of one unit (tile and PE), q after p. */
static isl_map *later_in_unit(const SyTileBoxes *t)
{
	isl_ctx *ctx = isl_union_map_get_ctx(t->schedule);
	isl_map *later = isl_map_lex_lt(isl_space_set_alloc(ctx, 0, t->n_dims));

	for (guint d = 0; d < t->n_tile + t->n_space; d++)
		later = isl_map_equate(later, isl_dim_in, d, isl_dim_out, d);
	return later;
}

/* The reads of a table with edges that its way in does not move take,
 * where their value was made in another PE, what the PE kept of it in
 * its buffer when a read of the FIFO took it (dp.c's D[i - 1][j - 1],
 * which D[i - 1][j] took a step before): each such instance needs a
 * FIFO read of the same unit before it whose value has the same
 * source. */
static gboolean check_kept(const Chains *m, const SyArray *x, GError **error)
{
	const SyDeps *deps = m->array->analysis->deps;
	isl_union_map *schedule = m->tiles->schedule;
	isl_space *none = isl_space_params_alloc(
		isl_union_map_get_ctx(schedule), 0);
	isl_union_map *fifo = isl_union_map_empty(isl_space_copy(none));
	isl_union_map *late = isl_union_map_empty(none);
	isl_union_map *pairs;
	isl_union_set *need, *kept;
	isl_bool ok;

	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->kind != SY_DEP_FLOW || dep->source->array != x)
			continue;
		if (sy_io_path_moves(m->edges, dep->sink))
			fifo = isl_union_map_add_map(fifo,
				isl_map_reverse(isl_map_copy(dep->relation)));
		else if (is_exterior_flow(m, dep))
			late = isl_union_map_add_map(late,
				isl_map_reverse(across_pes(
					m, isl_map_copy(dep->relation))));
	}
	/* late read -> FIFO read of the same source, on the schedule */
	pairs = isl_union_map_apply_range(
		isl_union_map_copy(late), isl_union_map_reverse(fifo));
	pairs = isl_union_map_apply_domain(pairs, isl_union_map_copy(schedule));
	pairs = isl_union_map_apply_range(pairs, isl_union_map_copy(schedule));
	pairs = isl_union_map_intersect(pairs,
		isl_union_map_from_map(
			isl_map_reverse(later_in_unit(m->tiles))));
	kept = isl_union_map_domain(pairs);
	need = isl_union_set_apply(
		isl_union_map_domain(late), isl_union_map_copy(schedule));
	ok = isl_union_set_is_subset(need, kept);
	isl_union_set_free(need);
	isl_union_set_free(kept);
	if (ok != isl_bool_true)
		return sy_hls_refuse(error,
			"values of %s from the previous PE are read later "
			"than the FIFO brings them, where no read of the FIFO "
			"in the same PE and tile took them before; the HLS "
			"backend keeps in a PE's buffer what its FIFO reads "
			"took",
			x->name);
	return TRUE;
}

static void set_free(gpointer set)
{
	isl_set_free(set);
}

/* Inserts set (taken) as a's chain along its array's path p: a read's
 * and a write's first path's into chains, a write's second into also. */
static gboolean add_chain(GHashTable *chains, GHashTable *also,
	const SyAccess *a, gboolean first, isl_set *set, GError **error)
{
	GHashTable *into = a->write && !first ? also : chains;

	if (isl_set_is_empty(set) == isl_bool_true) {
		isl_set_free(set);
		return TRUE;
	}
	if (g_hash_table_contains(into, a)) {
		isl_set_free(set);
		return sy_hls_refuse(error,
			"a value of %s goes on to the next PEs along three "
			"directions or more; the HLS backend passes it along "
			"two at most",
			a->array->name);
	}
	g_hash_table_insert(into, (gpointer)a, set);
	return TRUE;
}

/* A temporary passed PE to PE along several directions (lu.c's Up on
 * [k, i]: Up[k - 1][i][j] along k, Up[k][i - 1][j] along i): a chain per
 * path, of its flows alone; each read takes one path, a write the
 * first where its value goes on (chains) and the second (also). */
static gboolean add_passes(Chains *m, const SyArray *x, GHashTable *chains,
	GHashTable *also, GError **error)
{
	const SyScop *scop = m->array->analysis->scop;
	gboolean first = TRUE;

	for (guint i = 0; i < m->plan->len; i++) {
		const SyIoPath *p = g_ptr_array_index(m->plan, i);

		if (p->array != x || !p->exterior || !p->in)
			continue;
		m->along = p;
		if (!check_fifo(m, x, FALSE, error))
			return FALSE;
		for (guint k = 0; k < scop->accesses->len; k++) {
			const SyAccess *a = g_ptr_array_index(
				scop->accesses, k);
			isl_set *set;

			if (a->array != x || !a->expr ||
				(!a->write && !sy_io_path_moves(p, a)))
				continue;
			set = chain_of(m, a, p, error);
			if (!set ||
				!add_chain(chains, also, a, first, set, error))
				return FALSE;
		}
		first = FALSE;
	}
	m->along = NULL;
	return TRUE;
}

/* Whether x has several paths into the PEs along the array. */
static gboolean several_ways(const Chains *m, const SyArray *x)
{
	guint n = 0;

	for (guint i = 0; i < m->plan->len; i++) {
		const SyIoPath *p = g_ptr_array_index(m->plan, i);

		n += p->array == x && p->exterior && p->in;
	}
	return n > 1;
}

GHashTable *sy_hls_chains_new(const SyTileBoxes *tiles, const GPtrArray *plan,
	isl_union_map *same_launch, GHashTable **also, GError **error)
{
	Chains m = {tiles, tiles->array, plan, same_launch, NULL, NULL};
	const SyScop *scop = m.array->analysis->scop;
	g_autoptr(GHashTable)
		chains = g_hash_table_new_full(NULL, NULL, NULL, set_free);
	g_autoptr(GHashTable)
		seconds = g_hash_table_new_full(NULL, NULL, NULL, set_free);

	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);
		const SyIoPath *in = exterior_path(&m, x, TRUE);
		const SyIoPath *out = exterior_path(&m, x, FALSE);

		/* With no way in, partial results start in the first
		 * PEs (see sy_hls_model_headless); a temporary passed PE
		 * to PE has neither way. */
		if (!sy_hls_chain_keeps(m.array, x))
			continue;
		if (x->local && in && in->role == SY_PATH_PASS &&
			several_ways(&m, x)) {
			if (!add_passes(&m, x, chains, seconds, error))
				return NULL;
			continue;
		}
		m.edges = sy_hls_chain_edges(plan, x) ? in : NULL;
		if (x->local ? !in || in->role != SY_PATH_PASS
			     : !m.edges &&
					(!out ||
						(!in &&
							out->role !=
								SY_PATH_PARTIAL)))
			continue;
		if (!check_fifo(&m, x, out && out->reduce_op[0], error) ||
			(m.edges && !check_kept(&m, x, error)))
			return NULL;
		for (guint k = 0; k < scop->accesses->len; k++) {
			const SyAccess *a = g_ptr_array_index(
				scop->accesses, k);
			isl_set *set;

			/* With edges, the other reads take the interior
			 * path, or the buffer. */
			if (a->array != x || !a->expr ||
				(m.edges && !a->write &&
					!sy_io_path_moves(in, a)))
				continue;
			set = chain_of(&m, a,
				(a->write && out) || !in ? out : in, error);
			if (!set)
				return NULL;
			if (isl_set_is_empty(set) == isl_bool_true)
				isl_set_free(set);
			else
				g_hash_table_insert(chains, (gpointer)a, set);
		}
	}
	*also = g_steal_pointer(&seconds);
	return g_steal_pointer(&chains);
}

isl_union_set *sy_hls_chain_ends(
	GHashTable *chains, const SyTileBoxes *tiles, const SyIoPath *p)
{
	const SyScop *scop = tiles->array->analysis->scop;
	guint k = sy_io_path_along(p);
	gint64 end = p->in ? 0 : tiles->array->pe[k] - 1;
	isl_union_set *ends = isl_union_set_empty(
		isl_space_params_alloc(scop->ctx, 0));

	for (guint i = 0; i < scop->accesses->len; i++) {
		const SyAccess *a = g_ptr_array_index(scop->accesses, i);
		isl_set *set = g_hash_table_lookup(chains, a);

		if (!sy_io_path_moves(p, a) || !set)
			continue;
		ends = isl_union_set_add_set(ends,
			isl_set_intersect(isl_set_copy(set),
				sy_hls_chain_at_pe(tiles, a->stmt, k, end)));
	}
	return ends;
}
