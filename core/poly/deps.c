#include <string.h>

#include <isl/aff.h>
#include <isl/flow.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include "poly/deps-group.h"
#include "poly/deps.h"

const char *sy_dep_kind_name(SyDepKind kind)
{
	static const char *const names[] = {
		[SY_DEP_FLOW] = "flow",
		[SY_DEP_ANTI] = "anti",
		[SY_DEP_OUTPUT] = "output",
		[SY_DEP_READ] = "read",
	};

	return names[kind];
}

void sy_dep_free(gpointer data)
{
	SyDep *dep = data;

	isl_map_free(dep->relation);
	g_free(dep->distance);
	g_free(dep->distances);
	g_free(dep);
}

void sy_deps_free(SyDeps *deps)
{
	if (!deps)
		return;
	isl_union_map_free(deps->flow);
	isl_union_map_free(deps->anti);
	isl_union_map_free(deps->output);
	isl_union_map_free(deps->read);
	isl_union_map_free(deps->validity);
	isl_union_map_free(deps->coincidence);
	g_ptr_array_unref(deps->deps);
	g_hash_table_unref(deps->by_ref);
	g_hash_table_unref(deps->live_in);
	g_hash_table_unref(deps->reuse_choice);
	g_free(deps);
}

isl_union_map *sy_deps_relation(const SyDeps *deps, SyDepKind kind)
{
	switch (kind) {
	case SY_DEP_FLOW: return deps->flow;
	case SY_DEP_ANTI: return deps->anti;
	case SY_DEP_OUTPUT: return deps->output;
	default: return deps->read;
	}
}

/* One dataflow problem.  All arguments are kept; NULL means absent. */
static isl_union_map *dataflow(isl_union_map *sink, isl_union_map *must,
	isl_union_map *may, isl_union_map *kill, isl_schedule *sched)
{
	isl_union_access_info *ai;
	isl_union_flow *flow;
	isl_union_map *dep;

	ai = isl_union_access_info_from_sink(isl_union_map_copy(sink));
	if (must)
		ai = isl_union_access_info_set_must_source(
			ai, isl_union_map_copy(must));
	if (may)
		ai = isl_union_access_info_set_may_source(
			ai, isl_union_map_copy(may));
	if (kill)
		ai = isl_union_access_info_set_kill(
			ai, isl_union_map_copy(kill));
	ai = isl_union_access_info_set_schedule(ai, isl_schedule_copy(sched));
	flow = isl_union_access_info_compute_flow(ai);
	dep = isl_union_flow_get_may_dependence(flow);
	isl_union_flow_free(flow);
	return dep;
}

/* The reference a tagged instance space [S[...] -> R[]] names. */
static const char *space_tag(isl_space *wrapped)
{
	isl_space *pair = isl_space_unwrap(isl_space_copy(wrapped));
	const char *name = isl_space_get_tuple_name(pair, isl_dim_out);

	isl_space_free(pair);
	return name;
}

static const SyAccess *end_of(
	const SyDeps *deps, isl_map *tagged, enum isl_dim_type end)
{
	isl_space *space = isl_map_get_space(tagged);
	isl_space *side = end == isl_dim_in ? isl_space_domain(space)
					    : isl_space_range(space);
	const char *tag = space_tag(side);
	/* No name when isl failed (the operation limit): no access. */
	const SyAccess *access = tag ? g_hash_table_lookup(deps->by_ref, tag)
				     : NULL;

	isl_space_free(side);
	return access;
}

const SyAccess *sy_deps_source_of(const SyDeps *deps, isl_map *tagged)
{
	return end_of(deps, tagged, isl_dim_in);
}

const SyAccess *sy_deps_sink_of(const SyDeps *deps, isl_map *tagged)
{
	return end_of(deps, tagged, isl_dim_out);
}

typedef struct {
	const SyDeps *deps;
	GHashTable *sourced; /* SyAccess -> isl_set: instances with a source */
} Sourced;

static isl_stat collect_sourced(isl_map *map, void *user)
{
	Sourced *sc = user;
	const SyAccess *sink = sy_deps_sink_of(sc->deps, map);
	isl_set *range = isl_map_range(isl_map_factor_domain(map));
	isl_set *old = g_hash_table_lookup(sc->sourced, sink);

	if (old)
		range = isl_set_union(isl_set_copy(old), range);
	g_hash_table_insert(sc->sourced, (gpointer)sink, range);
	return isl_stat_ok;
}

static void free_set(gpointer set)
{
	isl_set_free(set);
}

/* Scalars that the SCoP only reads are kernel arguments, passed by value:
 * they move through no I/O network. */
gboolean sy_access_is_argument(const SyAccess *access)
{
	return access->array->n_dims == 0 && !access->array->written;
}

isl_set *sy_deps_live_in(const SyDeps *deps, const SyAccess *read)
{
	return g_hash_table_lookup(deps->live_in, read);
}

guint sy_deps_reuse_loops(const SyAccess *access, guint *loops)
{
	const SyStmt *stmt = access->stmt;
	guint n = 0;

	for (guint r = 0; r < stmt->n_iters; r++) {
		gboolean involved = FALSE;

		for (guint d = 0; d < access->array->n_dims; d++) {
			isl_pw_aff *pa = isl_multi_pw_aff_get_at(
				access->subscripts, (int)d);

			if (isl_pw_aff_involves_dims(pa, isl_dim_in, r, 1))
				involved = TRUE;
			isl_pw_aff_free(pa);
		}
		if (!involved)
			loops[n++] = r;
	}
	return n;
}

/* AutoSA's reuse vector: of the loops the subscripts do not involve
 * (the single-non-zero vectors of the access matrix's null space), the
 * one --select-rar-dep chose, else the outermost, as AutoSA's default
 * (rar_sol_smart_pick: the least sum of |v_r| 2^r); -1 when every loop
 * moves the element. */
static int reuse_loop(const SyDeps *deps, const SyAccess *access)
{
	g_autofree guint *loops = g_new(guint, access->stmt->n_iters + 1);
	guint n = sy_deps_reuse_loops(access, loops);
	gpointer nth = g_hash_table_lookup(deps->reuse_choice, access);

	if (!n)
		return -1;
	return (int)loops[nth ? GPOINTER_TO_UINT(nth) - 1 : 0];
}

/* [S[i] -> R[]] -> [S[i + step * e_r] -> R[]] within live: the next
 * iteration of loop r reads the same element. */
static isl_map *reuse_relation(const SyAccess *access, int r, isl_set *live)
{
	const SyStmt *stmt = access->stmt;
	isl_space *space = isl_set_get_space(stmt->domain);
	isl_multi_aff *next = isl_multi_aff_identity(
		isl_space_map_from_set(isl_space_copy(space)));
	isl_aff *shifted = isl_multi_aff_get_at(next, r);
	isl_map *map, *tag;
	isl_space *tag_space;

	shifted = isl_aff_add_constant_si(shifted, (int)stmt->loops[r]->step);
	next = isl_multi_aff_set_at(next, r, shifted);
	map = isl_map_from_multi_aff(next);
	map = isl_map_intersect_domain(map, isl_set_copy(live));
	map = isl_map_intersect_range(map, isl_set_copy(live));
	isl_space_free(space);
	tag_space = isl_space_set_alloc(isl_map_get_ctx(map), 0, 0);
	tag_space = isl_space_set_tuple_name(
		tag_space, isl_dim_set, access->ref);
	tag = isl_map_identity(isl_space_map_from_set(tag_space));
	return isl_map_product(map, tag);
}

/* The instances of each read that take their value from outside the SCoP
 * (all of them, or the first ones, as C at k = 0 in C += A * B). */
static void compute_live_in(SyDeps *deps)
{
	const SyScop *scop = deps->scop;
	Sourced sc = {deps, g_hash_table_new_full(NULL, NULL, NULL, free_set)};

	isl_union_map_foreach_map(deps->flow, collect_sourced, &sc);
	for (guint i = 0; i < scop->accesses->len; i++) {
		SyAccess *access = g_ptr_array_index(scop->accesses, i);
		isl_set *sourced, *live;

		if (access->write || access->array->local ||
			sy_access_is_argument(access))
			continue;
		live = isl_set_copy(access->stmt->domain);
		sourced = g_hash_table_lookup(sc.sourced, access);
		if (sourced)
			live = isl_set_subtract(live, isl_set_copy(sourced));
		if (isl_set_is_empty(live) != isl_bool_false) {
			isl_set_free(live);
			continue;
		}
		g_hash_table_insert(deps->live_in, access, live);
	}
	g_hash_table_unref(sc.sourced);
}

/* The reuse of each live-in read: AutoSA's read dependence, here
 * restricted to those instances. */
static void compute_reuse(SyDeps *deps)
{
	const SyScop *scop = deps->scop;

	isl_union_map_free(deps->read);
	deps->read = isl_union_map_empty(isl_space_params_alloc(scop->ctx, 0));
	for (guint i = 0; i < scop->accesses->len; i++) {
		SyAccess *access = g_ptr_array_index(scop->accesses, i);
		isl_set *live = g_hash_table_lookup(deps->live_in, access);
		isl_map *rel;
		int r;

		if (!live || (r = reuse_loop(deps, access)) < 0)
			continue;
		rel = reuse_relation(access, r, live);
		if (isl_map_is_empty(rel) == isl_bool_false)
			deps->read = isl_union_map_add_map(deps->read, rel);
		else
			isl_map_free(rel);
	}
}

void sy_deps_choose_reuse(SyDeps *deps, const SyAccess *access, guint nth)
{
	g_hash_table_insert(deps->reuse_choice, (gpointer)access,
		GUINT_TO_POINTER(nth + 1));
	compute_reuse(deps);
}

/* The relation between references that touch the same element:
 * S[i] -> S'[i'] with a(i) = b(i'). */
static isl_map *same_element(const SyAccess *a, const SyAccess *b)
{
	return isl_map_apply_range(
		isl_map_copy(a->map), isl_map_reverse(isl_map_copy(b->map)));
}

static isl_map *tag_pair(isl_map *map, const SyAccess *a, const SyAccess *b)
{
	isl_ctx *ctx = isl_map_get_ctx(map);
	isl_space *from = isl_space_set_tuple_name(
		isl_space_set_alloc(ctx, 0, 0), isl_dim_set, a->ref);
	isl_space *to = isl_space_set_tuple_name(
		isl_space_set_alloc(ctx, 0, 0), isl_dim_set, b->ref);

	return isl_map_product(map,
		isl_map_from_domain_and_range(
			isl_set_universe(from), isl_set_universe(to)));
}

typedef struct {
	const SyScop *scop;
	gboolean source_writes;
	gboolean sink_writes;
	isl_union_map *tagged;
} Split;

/* Splits one statement-level dependence map into one map per pair of
 * references.  Every statement writes exactly one element, so a pair of
 * instances in the relation depends through references a and b exactly
 * when a and b touch the same element there. */
static isl_stat split_map(isl_map *map, void *user)
{
	Split *sp = user;
	const SyStmt *src = sy_scop_stmt_by_name(
		sp->scop, isl_map_get_tuple_name(map, isl_dim_in));
	const SyStmt *dst = sy_scop_stmt_by_name(
		sp->scop, isl_map_get_tuple_name(map, isl_dim_out));

	for (guint i = 0; i < src->accesses->len; i++) {
		const SyAccess *a = g_ptr_array_index(src->accesses, i);

		if (a->write != sp->source_writes)
			continue;
		for (guint j = 0; j < dst->accesses->len; j++) {
			const SyAccess *b = g_ptr_array_index(dst->accesses, j);
			isl_map *piece;

			if (b->write != sp->sink_writes || b->array != a->array)
				continue;
			piece = isl_map_intersect(
				isl_map_copy(map), same_element(a, b));
			if (isl_map_is_empty(piece) == isl_bool_true) {
				isl_map_free(piece);
				continue;
			}
			sp->tagged = isl_union_map_add_map(sp->tagged,
				tag_pair(isl_map_coalesce(piece), a, b));
		}
	}
	isl_map_free(map);
	return isl_stat_ok;
}

static isl_union_map *split(const SyScop *scop, isl_union_map *dep,
	gboolean source_writes, gboolean sink_writes)
{
	Split sp = {scop, source_writes, sink_writes,
		isl_union_map_empty(isl_union_map_get_space(dep))};

	isl_union_map_foreach_map(dep, split_map, &sp);
	isl_union_map_free(dep);
	return sp.tagged;
}

/* The statement-level relations, summed over the groups. */
typedef struct {
	isl_union_map *flow;
	isl_union_map *anti;
	isl_union_map *output;
} Sums;

/* Value-based flow; memory-based anti and output, both cut by the kills
 * of local declarations.  Statement-level analysis is about twice as
 * fast as tagged accesses and loses nothing (split). */
static void add_group(isl_union_map *reads, isl_union_map *writes,
	isl_union_map *kills, isl_schedule *sched, gpointer user)
{
	Sums *sums = user;
	isl_union_map *ends = isl_union_map_union(
		isl_union_map_copy(writes), isl_union_map_copy(kills));

	sums->flow = isl_union_map_union(
		sums->flow, dataflow(reads, writes, NULL, kills, sched));
	sums->anti = isl_union_map_union(
		sums->anti, dataflow(writes, NULL, reads, ends, sched));
	sums->output = isl_union_map_union(
		sums->output, dataflow(writes, writes, NULL, kills, sched));
	isl_union_map_free(ends);
}

SyDeps *sy_deps_compute(const SyScop *scop)
{
	SyDeps *deps = g_new0(SyDeps, 1);
	isl_space *space = isl_space_params_alloc(scop->ctx, 0);
	Sums sums = {isl_union_map_empty(isl_space_copy(space)),
		isl_union_map_empty(isl_space_copy(space)),
		isl_union_map_empty(space)};
	isl_union_map *all;

	deps->scop = scop;
	deps->deps = g_ptr_array_new_with_free_func(sy_dep_free);
	deps->by_ref = g_hash_table_new(g_str_hash, g_str_equal);
	deps->live_in = g_hash_table_new_full(NULL, NULL, NULL, free_set);
	deps->reuse_choice = g_hash_table_new(NULL, NULL);
	for (guint i = 0; i < scop->accesses->len; i++) {
		SyAccess *access = g_ptr_array_index(scop->accesses, i);

		g_hash_table_insert(deps->by_ref, access->ref, access);
	}
	sy_deps_groups_foreach(scop, add_group, &sums);
	deps->flow = split(scop, sums.flow, TRUE, FALSE);
	deps->anti = split(scop, sums.anti, FALSE, TRUE);
	deps->output = split(scop, sums.output, TRUE, TRUE);
	compute_live_in(deps);
	compute_reuse(deps);

	all = isl_union_map_union(isl_union_map_copy(deps->flow),
		isl_union_map_union(isl_union_map_copy(deps->anti),
			isl_union_map_copy(deps->output)));
	deps->validity = isl_union_map_factor_domain(all);
	deps->coincidence = isl_union_map_copy(deps->validity);
	return deps;
}

gboolean sy_deps_relaxed(
	const SyDeps *deps, SyDepKind kind, const SyAccess *access)
{
	return deps->live_range_reordering && access->array->local &&
		(kind == SY_DEP_ANTI || kind == SY_DEP_OUTPUT);
}

/* Adds the untagged maps of a tagged relation that stay in validity. */
typedef struct {
	const SyDeps *deps;
	SyDepKind kind;
	isl_union_map *kept;
} Kept;

static isl_stat keep_unrelaxed(isl_map *map, void *user)
{
	Kept *k = user;
	const SyAccess *source = sy_deps_source_of(k->deps, map);

	if (source && sy_deps_relaxed(k->deps, k->kind, source)) {
		isl_map_free(map);
		return isl_stat_ok;
	}
	k->kept = isl_union_map_add_map(k->kept, isl_map_factor_domain(map));
	return isl_stat_ok;
}

/* PPCG's compute_live_range_reordering_dependences (ppcg.c) keeps the
 * flow dependences and replaces the false ones by the forced ones
 * (reads of live-in data before later writes, live-out writes last)
 * and by order dependences that may be violated where the live ranges
 * around them stay local (isl's conditional validity).  With
 * --no-reschedule, AutoSA's merge_outer_bands (autosa_schedule_tree.cpp)
 * checks validity only, which construct_schedule_constraints then makes
 * flow, forced and read dependences: the false dependences limit no
 * band member.  Here those of local arrays leave validity; the kernel's
 * arguments keep all theirs (a superset of the forced ones). */
void sy_deps_reorder_live_ranges(SyDeps *deps)
{
	Kept k = {deps, SY_DEP_FLOW,
		isl_union_map_empty(isl_union_map_get_space(deps->validity))};

	deps->live_range_reordering = TRUE;
	for (SyDepKind kind = SY_DEP_FLOW; kind <= SY_DEP_OUTPUT; kind++) {
		k.kind = kind;
		isl_union_map_foreach_map(
			sy_deps_relation(deps, kind), keep_unrelaxed, &k);
	}
	isl_union_map_free(deps->validity);
	deps->validity = isl_union_map_coalesce(k.kept);
}
