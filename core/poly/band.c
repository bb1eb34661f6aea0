#include <string.h>

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/schedule_node.h>
#include <isl/space.h>
#include <isl/val.h>

#include "poly/affine.h"
#include "poly/band.h"
#include "poly/isl-stage.h"
#include "poly/reschedule.h"

/* Growing the band one member at a time.  The frontier holds the
 * subtrees that sit directly below the band so far: loops that may
 * become the next member, and statements already aligned. */
typedef struct {
	const SyScop *scop;
	const SyDeps *deps;
	SyBand *band;
	GPtrArray *frontier; /* const SyNode * */
	GHashTable *aligned; /* SyStmt -> GPtrArray of isl_pw_aff: values
				  given to the iterators it does not have */
} Growth;

static void member_clear(SyBandMember *m)
{
	g_free(m->name);
	g_ptr_array_unref(m->loops);
	isl_union_pw_aff_free(m->value);
}

void sy_band_free(SyBand *band)
{
	if (!band)
		return;
	for (guint i = 0; i < band->n_members; i++)
		member_clear(&band->members[i]);
	g_free(band->members);
	isl_union_map_free(band->map);
	g_free(band->stop);
	g_free(band->source_order);
	g_hash_table_unref(band->absorbed);
	g_ptr_array_unref(band->inner);
	isl_schedule_free(band->schedule);
	g_free(band);
}

int sy_band_member_index(const SyBand *band, const char *name)
{
	for (guint i = 0; i < band->n_members; i++)
		if (strcmp(band->members[i].name, name) == 0)
			return (int)i;
	return -1;
}

int sy_band_member_of(const SyBand *band, const SyNode *loop)
{
	for (guint m = 0; m < band->n_members; m++)
		if (g_ptr_array_find(band->members[m].loops, loop, NULL))
			return (int)m;
	return -1;
}

/* Blocks and branches open up: the units are loops and statements. */
static void flatten(const SyNode *node, GPtrArray *units)
{
	switch (node->kind) {
	case SY_NODE_BLOCK:
		for (guint i = 0; i < node->children->len; i++)
			flatten(g_ptr_array_index(node->children, i), units);
		break;
	case SY_NODE_IF:
		flatten(node->then_node, units);
		if (node->else_node)
			flatten(node->else_node, units);
		break;
	case SY_NODE_FOR:
	case SY_NODE_STMT: g_ptr_array_add(units, (gpointer)node); break;
	case SY_NODE_DECL: break;
	}
}

static void collect_stmts(
	const SyScop *scop, const SyNode *node, GPtrArray *stmts)
{
	SyStmt *stmt;

	switch (node->kind) {
	case SY_NODE_BLOCK:
		for (guint i = 0; i < node->children->len; i++)
			collect_stmts(scop,
				g_ptr_array_index(node->children, i), stmts);
		break;
	case SY_NODE_IF:
		collect_stmts(scop, node->then_node, stmts);
		if (node->else_node)
			collect_stmts(scop, node->else_node, stmts);
		break;
	case SY_NODE_FOR: collect_stmts(scop, node->body, stmts); break;
	case SY_NODE_STMT:
		stmt = sy_scop_find_stmt(scop, node);
		if (stmt)
			g_ptr_array_add(stmts, stmt);
		break;
	case SY_NODE_DECL: break;
	}
}

/* The values of iterators 0..level-1 for an aligned statement: its own
 * iterators, then the values it was given. */
static isl_multi_pw_aff *iterator_values(
	Growth *g, const SyStmt *stmt, guint level)
{
	isl_space *dom = isl_set_get_space(stmt->domain);
	isl_space *space = isl_space_map_from_domain_and_range(
		isl_space_copy(dom),
		isl_space_set_alloc(g->scop->ctx, 0, level));
	isl_pw_aff_list *list = isl_pw_aff_list_alloc(g->scop->ctx, (int)level);
	GPtrArray *given = g_hash_table_lookup(g->aligned, stmt);

	for (guint k = 0; k < level; k++) {
		isl_pw_aff *v;

		if (k < stmt->n_iters)
			v = isl_pw_aff_var_on_domain(
				isl_local_space_from_space(isl_space_copy(dom)),
				isl_dim_set, k);
		else
			v = isl_pw_aff_copy(
				g_ptr_array_index(given, k - stmt->n_iters));
		list = isl_pw_aff_list_add(list, v);
	}
	isl_space_free(dom);
	return isl_multi_pw_aff_from_pw_aff_list(space, list);
}

/* The loop's first iteration (its start, for every loop that runs at
 * all) or its last, as a function of the iterators around it. */
static isl_pw_aff *loop_end(Growth *g, const SyNode *node, gboolean last)
{
	const SyLoop *loop = sy_scop_find_loop(g->scop, node);
	SyAffineEnv env = {
		isl_space_set_alloc(g->scop->ctx, 0, loop->depth),
		loop->iters,
		loop->depth,
		SY_AFFINE_BOUND,
	};
	isl_pw_aff *start = sy_affine_from_expr(&env, node->init, NULL);
	isl_map *iterations;
	isl_pw_multi_aff *extreme;
	isl_pw_aff *end;
	isl_set *runs;

	isl_space_free(env.space);
	if (!last)
		return start;
	iterations = isl_map_from_domain(isl_set_copy(loop->iterations));
	iterations = isl_map_move_dims(
		iterations, isl_dim_out, 0, isl_dim_in, loop->depth, 1);
	extreme = node->step > 0 ? isl_map_lexmax_pw_multi_aff(iterations)
				 : isl_map_lexmin_pw_multi_aff(iterations);
	end = isl_pw_multi_aff_get_pw_aff(extreme, 0);
	isl_pw_multi_aff_free(extreme);
	/* Where the loop does not run, any value keeps the order: its
	 * start. */
	runs = isl_pw_aff_domain(isl_pw_aff_copy(end));
	start = isl_pw_aff_subtract_domain(start, runs);
	return isl_pw_aff_union_add(end, start);
}

/* The member's value for every statement under the frontier, and for the
 * aligned statements the iterator value they take (in values). */
static isl_union_pw_aff *member_value(
	Growth *g, GPtrArray *units, guint level, GHashTable *values)
{
	isl_union_pw_aff *upa = isl_union_pw_aff_empty(
		isl_space_params_alloc(g->scop->ctx, 0));

	for (guint u = 0; u < units->len; u++) {
		const SyNode *unit = g_ptr_array_index(units, u);
		const SyNode *loop = NULL;
		gboolean last = FALSE;
		SyStmt *stmt;
		isl_pw_aff *v;

		if (unit->kind == SY_NODE_FOR) {
			g_autoptr(GPtrArray) stmts = g_ptr_array_new();

			collect_stmts(g->scop, unit, stmts);
			for (guint i = 0; i < stmts->len; i++) {
				SyStmt *s = g_ptr_array_index(stmts, i);

				v = isl_pw_aff_var_on_domain(
					isl_local_space_from_space(
						isl_set_get_space(s->domain)),
					isl_dim_set, level);
				upa = isl_union_pw_aff_add_pw_aff(
					upa, sy_loop_schedule_value(unit, v));
			}
			continue;
		}
		/* A statement: at the start of the next loop, or at the end
		 * of the previous one. */
		for (guint k = u + 1; !loop && k < units->len; k++)
			if (((const SyNode *)g_ptr_array_index(units, k))
					->kind == SY_NODE_FOR)
				loop = g_ptr_array_index(units, k);
		for (guint k = u; !loop && k-- > 0;)
			if (((const SyNode *)g_ptr_array_index(units, k))
					->kind == SY_NODE_FOR) {
				loop = g_ptr_array_index(units, k);
				last = TRUE;
			}
		stmt = sy_scop_find_stmt(g->scop, unit);
		v = isl_pw_aff_pullback_multi_pw_aff(loop_end(g, loop, last),
			iterator_values(g, stmt, level));
		/* Only the statement's own instances matter. */
		v = isl_pw_aff_gist(v, isl_set_copy(stmt->domain));
		g_hash_table_insert(values, stmt, isl_pw_aff_copy(v));
		upa = isl_union_pw_aff_add_pw_aff(
			upa, sy_loop_schedule_value(loop, v));
	}
	return upa;
}

/* Distances of rel (untagged) on the member: { [d] }. */
static isl_union_set *member_deltas(isl_union_map *rel, isl_union_pw_aff *value)
{
	isl_union_map *umap = isl_union_map_from_union_pw_aff(
		isl_union_pw_aff_copy(value));

	rel = isl_union_map_apply_domain(rel, isl_union_map_copy(umap));
	rel = isl_union_map_apply_range(rel, umap);
	return isl_union_map_deltas(rel);
}

/* Whether every distance in deltas is >= lo (and <= hi if hi >= lo). */
static gboolean deltas_within(isl_union_set *deltas, int lo, int hi)
{
	isl_space *space = isl_space_set_alloc(
		isl_union_set_get_ctx(deltas), 0, 1);
	isl_set *range = isl_set_lower_bound_si(
		isl_set_universe(space), isl_dim_set, 0, lo);
	isl_union_set *allowed;
	isl_bool ok;

	if (hi >= lo)
		range = isl_set_upper_bound_si(range, isl_dim_set, 0, hi);
	allowed = isl_union_set_from_set(range);
	ok = isl_union_set_is_subset(deltas, allowed);
	isl_union_set_free(allowed);
	isl_union_set_free(deltas);
	return ok == isl_bool_true;
}

typedef struct {
	Growth *g;
	isl_union_pw_aff *value;
	SyDepKind kind;
	char *why;
	gboolean reorderable; /* a false dependence of a local array */
	gboolean skip_local; /* pass over those */
} Culprit;

/* A false dependence of a local array: one --live-range-reordering
 * drops from validity. */
static gboolean local_false(SyDepKind kind, const SyAccess *source)
{
	return kind != SY_DEP_FLOW && source->array->local;
}

/* Stops at the first dependence map with a negative distance on the
 * member and says which it is. */
static isl_stat find_culprit(isl_map *map, void *user)
{
	Culprit *c = user;
	const SyAccess *source = sy_deps_source_of(c->g->deps, map);
	const SyAccess *sink = sy_deps_sink_of(c->g->deps, map);
	isl_union_set *d;
	isl_space *space;
	isl_set *set;
	isl_val *min;

	/* isl failed (the stage's check says how): stop here. */
	if (!source || !sink) {
		isl_map_free(map);
		return isl_stat_error;
	}
	if (sy_deps_relaxed(c->g->deps, c->kind, source) ||
		(c->skip_local && local_false(c->kind, source))) {
		isl_map_free(map);
		return isl_stat_ok;
	}
	d = member_deltas(
		isl_union_map_from_map(isl_map_factor_domain(map)), c->value);
	if (deltas_within(isl_union_set_copy(d), 0, -1)) {
		isl_union_set_free(d);
		return isl_stat_ok;
	}
	space = isl_space_set_alloc(isl_union_set_get_ctx(d), 0, 1);
	set = isl_union_set_extract_set(d, space);
	isl_union_set_free(d);
	min = isl_set_dim_min_val(set, 0);
	c->reorderable = local_false(c->kind, source);
	c->why = g_strdup_printf("the %s dependence on '%s' from %s to %s "
				 "would have distance %ld",
		sy_dep_kind_name(c->kind), source->array->name,
		source->stmt->name, sink->stmt->name, isl_val_get_num_si(min));
	isl_val_free(min);
	return isl_stat_error;
}

/* The first dependence with a negative distance on the member, in c. */
static void find_culprits(Culprit *c)
{
	static const SyDepKind kinds[] = {
		SY_DEP_FLOW,
		SY_DEP_ANTI,
		SY_DEP_OUTPUT,
	};

	for (guint i = 0; !c->why && i < G_N_ELEMENTS(kinds); i++) {
		c->kind = kinds[i];
		isl_union_map_foreach_map(
			sy_deps_relation(c->g->deps, kinds[i]), find_culprit,
			c);
	}
}

/* NULL if the member keeps every dependence non-negative, else why not;
 * reorderable: whether --live-range-reordering would let it (the
 * culprit is a false dependence of a local array, and the others are
 * too). */
static char *check_member(
	Growth *g, isl_union_pw_aff *value, gboolean *reorderable)
{
	Culprit c = {g, value, SY_DEP_FLOW, NULL, FALSE, FALSE};

	if (deltas_within(
		    member_deltas(isl_union_map_copy(g->deps->validity), value),
		    0, -1))
		return NULL;
	find_culprits(&c);
	*reorderable = c.reorderable;
	if (c.reorderable) {
		Culprit other = {g, value, SY_DEP_FLOW, NULL, FALSE, TRUE};

		find_culprits(&other);
		*reorderable = !other.why;
		g_free(other.why);
	}
	return c.why ? c.why : g_strdup("a dependence would run backwards");
}

/* All loops at the frontier must be the same loop, by name, to fuse. */
static char *check_names(GPtrArray *loops)
{
	const SyNode *first = g_ptr_array_index(loops, 0);

	for (guint i = 1; i < loops->len; i++) {
		const SyNode *other = g_ptr_array_index(loops, i);

		if (strcmp(other->iter->name, first->iter->name) != 0)
			return g_strdup_printf(
				"loops '%s' (line %u) and "
				"'%s' (line %u) are siblings: only loops with "
				"the same iterator name are fused",
				first->iter->name, first->loc.line,
				other->iter->name, other->loc.line);
	}
	return NULL;
}

static void add_member(Growth *g, GPtrArray *loops, isl_union_pw_aff *value)
{
	SyBand *band = g->band;
	SyBandMember *m;
	isl_union_set *range;
	isl_set *set;
	isl_space *space;

	band->members = g_renew(
		SyBandMember, band->members, band->n_members + 1);
	m = &band->members[band->n_members++];
	m->name = g_strdup(
		((const SyNode *)g_ptr_array_index(loops, 0))->iter->name);
	m->loops = g_ptr_array_ref(loops);
	m->value = value;
	for (guint i = 0; i < loops->len; i++)
		g_hash_table_add(band->absorbed, g_ptr_array_index(loops, i));
	/* AutoSA's coincidence under live-range reordering also keeps
	 * the order dependences of local arrays: all false ones here. */
	m->coincident = deltas_within(
		member_deltas(isl_union_map_copy(g->deps->coincidence), value),
		0, 0);
	range = isl_union_set_apply(isl_union_set_copy(g->scop->domain),
		isl_union_map_from_union_pw_aff(isl_union_pw_aff_copy(value)));
	space = isl_space_set_alloc(g->scop->ctx, 0, 1);
	set = isl_union_set_extract_set(range, space);
	isl_union_set_free(range);
	if (isl_set_is_empty(set) == isl_bool_false) {
		isl_val *lo = isl_set_dim_min_val(isl_set_copy(set), 0);
		isl_val *hi = isl_set_dim_max_val(isl_set_copy(set), 0);

		m->min = isl_val_get_num_si(lo);
		m->max = isl_val_get_num_si(hi);
		isl_val_free(lo);
		isl_val_free(hi);
	}
	isl_set_free(set);
}

static void free_pw_aff(gpointer pa)
{
	isl_pw_aff_free(pa);
}

/* Records what aligned statements were given at this level. */
static gboolean keep_value(gpointer key, gpointer value, gpointer user)
{
	Growth *g = user;
	GPtrArray *given = g_hash_table_lookup(g->aligned, key);

	if (!given) {
		given = g_ptr_array_new_with_free_func(free_pw_aff);
		g_hash_table_insert(g->aligned, key, given);
	}
	g_ptr_array_add(given, value);
	return TRUE;
}

static gboolean drop_value(gpointer key, gpointer value, gpointer user)
{
	(void)key;
	(void)user;
	isl_pw_aff_free(value);
	return TRUE;
}

/* One more member, if the frontier allows; FALSE when the band ends. */
static gboolean grow(Growth *g)
{
	g_autoptr(GPtrArray) units = g_ptr_array_new();
	GPtrArray *loops = g_ptr_array_new();
	GHashTable *values;
	isl_union_pw_aff *value;
	char *stop;

	for (guint i = 0; i < g->frontier->len; i++)
		flatten(g_ptr_array_index(g->frontier, i), units);
	for (guint i = 0; i < units->len; i++)
		if (((const SyNode *)g_ptr_array_index(units, i))->kind ==
			SY_NODE_FOR)
			g_ptr_array_add(loops, g_ptr_array_index(units, i));
	if (loops->len == 0) {
		if (g->band->n_members == 0)
			g->band->stop = g_strdup("the SCoP has no loop");
		g_ptr_array_unref(loops);
		return FALSE;
	}
	stop = check_names(loops);
	if (stop) {
		g->band->stop = stop;
		g_ptr_array_unref(loops);
		return FALSE;
	}
	values = g_hash_table_new(NULL, NULL);
	value = member_value(g, units, g->band->n_members, values);
	stop = check_member(g, value, &g->band->stop_reorderable);
	if (stop) {
		const SyNode *loop = g_ptr_array_index(loops, 0);

		g->band->stop = g_strdup_printf("loop '%s' (line %u) cannot "
						"join the band: %s on it",
			loop->iter->name, loop->loc.line, stop);
		g_free(stop);
		isl_union_pw_aff_free(value);
		g_hash_table_foreach_remove(values, drop_value, NULL);
		g_hash_table_unref(values);
		g_ptr_array_unref(loops);
		return FALSE;
	}
	add_member(g, loops, value);
	g_hash_table_foreach_remove(values, (GHRFunc)keep_value, g);
	g_hash_table_unref(values);
	/* The next frontier: loop bodies, and the statements aligned. */
	g_ptr_array_set_size(g->frontier, 0);
	for (guint i = 0; i < units->len; i++) {
		const SyNode *unit = g_ptr_array_index(units, i);

		g_ptr_array_add(g->frontier,
			(gpointer)(unit->kind == SY_NODE_FOR ? unit->body
							     : unit));
	}
	g_ptr_array_unref(loops);
	return TRUE;
}

static void collect_inner(const SyBand *band, const SyNode *node)
{
	switch (node->kind) {
	case SY_NODE_BLOCK:
		for (guint i = 0; i < node->children->len; i++)
			collect_inner(
				band, g_ptr_array_index(node->children, i));
		break;
	case SY_NODE_IF:
		collect_inner(band, node->then_node);
		if (node->else_node)
			collect_inner(band, node->else_node);
		break;
	case SY_NODE_FOR:
		if (!g_hash_table_contains(band->absorbed, node) &&
			!g_ptr_array_find_with_equal_func(band->inner,
				node->iter->name, g_str_equal, NULL))
			g_ptr_array_add(band->inner, node->iter->name);
		collect_inner(band, node->body);
		break;
	default: break;
	}
}

/* The band as a schedule: one permutable band node over the source-order
 * tree of what is below it. */
static void build_schedule(Growth *g)
{
	SyBand *band = g->band;
	SyScheduleSpec below = {band->absorbed, FALSE, NULL, NULL};
	isl_schedule *rest = sy_scop_schedule(g->scop, &below);
	isl_union_pw_aff_list *list;
	isl_multi_union_pw_aff *mupa;
	isl_schedule_node *node;

	if (band->n_members == 0) {
		band->schedule = rest;
		band->map = isl_union_map_from_domain(
			isl_union_set_copy(g->scop->domain));
		return;
	}
	list = isl_union_pw_aff_list_alloc(g->scop->ctx, (int)band->n_members);
	for (guint i = 0; i < band->n_members; i++)
		list = isl_union_pw_aff_list_add(
			list, isl_union_pw_aff_copy(band->members[i].value));
	mupa = isl_multi_union_pw_aff_from_union_pw_aff_list(
		isl_space_set_alloc(g->scop->ctx, 0, band->n_members), list);
	band->map = isl_union_map_from_multi_union_pw_aff(
		isl_multi_union_pw_aff_copy(mupa));
	rest = isl_schedule_insert_partial_schedule(rest, mupa);
	node = isl_schedule_node_child(isl_schedule_get_root(rest), 0);
	isl_schedule_free(rest);
	node = isl_schedule_node_band_set_permutable(node, 1);
	for (guint i = 0; i < band->n_members; i++)
		node = isl_schedule_node_band_member_set_coincident(
			node, (int)i, band->members[i].coincident);
	band->schedule = isl_schedule_node_get_schedule(node);
	isl_schedule_node_free(node);
}

SyBand *sy_band_compute(const SyScop *scop, const SyDeps *deps)
{
	SyBand *band = g_new0(SyBand, 1);
	Growth g = {scop, deps, band, g_ptr_array_new(), NULL};

	g.aligned = g_hash_table_new_full(
		NULL, NULL, NULL, (GDestroyNotify)g_ptr_array_unref);
	band->absorbed = g_hash_table_new(NULL, NULL);
	band->inner = g_ptr_array_new();
	g_ptr_array_add(g.frontier, (gpointer)scop->prog->scop);
	while (grow(&g))
		;
	collect_inner(band, scop->prog->scop);
	build_schedule(&g);
	g_ptr_array_unref(g.frontier);
	g_hash_table_unref(g.aligned);
	return band;
}

isl_map *sy_band_map_of(const SyBand *band, isl_space *stmt_space)
{
	isl_space *space = isl_space_map_from_domain_and_range(stmt_space,
		isl_space_set_alloc(
			isl_space_get_ctx(stmt_space), 0, band->n_members));

	return isl_union_map_extract_map(band->map, space);
}

/* upa's piece on stmt. */
static isl_pw_aff *value_on(isl_union_pw_aff *upa, const SyStmt *stmt)
{
	isl_space *space = isl_space_from_domain(
		isl_set_get_space(stmt->domain));

	return isl_union_pw_aff_extract_pw_aff(
		upa, isl_space_add_dims(space, isl_dim_out, 1));
}

/* Which of stmt's loops v (a member's value on stmt) is: its depth; -1
 * if v involves only loops already in the band (the statement is
 * aligned), -2 if neither.  used: the depths earlier members took. */
static int match_loop(const SyStmt *stmt, isl_pw_aff *v, const gboolean *used)
{
	isl_space *space = isl_set_get_space(stmt->domain);
	isl_pw_aff *on = isl_pw_aff_intersect_domain(
		isl_pw_aff_copy(v), isl_set_copy(stmt->domain));
	int found = -1;

	for (guint k = 0; found < 0 && k < stmt->n_iters; k++) {
		isl_pw_aff *it;

		if (used[k])
			continue;
		it = sy_loop_schedule_value(stmt->loops[k],
			isl_pw_aff_var_on_domain(isl_local_space_from_space(
							 isl_space_copy(space)),
				isl_dim_set, k));
		it = isl_pw_aff_intersect_domain(
			it, isl_set_copy(stmt->domain));
		if (isl_pw_aff_is_equal(it, on) == isl_bool_true)
			found = (int)k;
		isl_pw_aff_free(it);
	}
	for (guint k = 0; found == -1 && k < stmt->n_iters; k++)
		if (!used[k] &&
			isl_pw_aff_involves_dims(on, isl_dim_in, k, 1) !=
				isl_bool_false)
			found = -2;
	isl_pw_aff_free(on);
	isl_space_free(space);
	return found;
}

/* isl's band as depths: depth[s * n + m] is statement s's loop for
 * member m (-1: aligned).  Fails with the reason if a member is not a
 * loop, or a loop is in the band for only some of its statements (the
 * source order below the band would then not keep the dependences). */
typedef struct {
	const SyScop *scop;
	isl_multi_union_pw_aff *mupa;
	guint n;
	int *depth;
} Members;

static char *members_find(Members *ms)
{
	const SyScop *scop = ms->scop;
	g_autoptr(GHashTable) member_of = g_hash_table_new(NULL, NULL);

	for (guint s = 0; s < scop->stmts->len; s++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, s);
		g_autofree gboolean *used = g_new0(gboolean, stmt->n_iters + 1);

		for (guint m = 0; m < ms->n; m++) {
			isl_union_pw_aff *upa = isl_multi_union_pw_aff_get_at(
				ms->mupa, (int)m);
			isl_pw_aff *v = value_on(upa, stmt);
			int d = match_loop(stmt, v, used);

			isl_union_pw_aff_free(upa);
			if (d == -2) {
				char *str = isl_pw_aff_to_str(v);
				char *why = g_strdup_printf("its loop %u is "
							    "%s for %s, not "
							    "one of its loops",
					m + 1, str, stmt->name);

				free(str);
				isl_pw_aff_free(v);
				return why;
			}
			isl_pw_aff_free(v);
			ms->depth[s * ms->n + m] = d;
			if (d < 0)
				continue;
			used[d] = TRUE;
			g_hash_table_insert(member_of, (gpointer)stmt->loops[d],
				GUINT_TO_POINTER(m + 1));
		}
	}
	for (guint m = 0; m < ms->n; m++) {
		gboolean loop = FALSE;

		for (guint s = 0; s < scop->stmts->len; s++)
			loop |= ms->depth[s * ms->n + m] >= 0;
		if (!loop)
			return g_strdup_printf(
				"its loop %u is none of the loops", m + 1);
	}
	for (guint s = 0; s < scop->stmts->len; s++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, s);

		for (guint k = 0; k < stmt->n_iters; k++) {
			guint m = GPOINTER_TO_UINT(
				g_hash_table_lookup(member_of, stmt->loops[k]));

			if (m && ms->depth[s * ms->n + m - 1] != (int)k)
				return g_strdup_printf(
					"it takes loop '%s' (line %u) "
					"for some of its statements only",
					stmt->loops[k]->iter->name,
					stmt->loops[k]->loc.line);
		}
	}
	return NULL;
}

/* The member's loops, in statement order, and its name. */
static GPtrArray *member_loops(Members *ms, guint m, GString *name)
{
	GPtrArray *loops = g_ptr_array_new();
	g_autoptr(GPtrArray) names = g_ptr_array_new();

	for (guint s = 0; s < ms->scop->stmts->len; s++) {
		const SyStmt *stmt = g_ptr_array_index(ms->scop->stmts, s);
		int d = ms->depth[s * ms->n + m];
		const char *iter;

		if (d < 0 || g_ptr_array_find(loops, stmt->loops[d], NULL))
			continue;
		g_ptr_array_add(loops, (gpointer)stmt->loops[d]);
		iter = stmt->loops[d]->iter->name;
		if (g_ptr_array_find_with_equal_func(
			    names, iter, g_str_equal, NULL))
			continue;
		g_string_append_printf(
			name, "%s%s", names->len ? "_" : "", iter);
		g_ptr_array_add(names, (gpointer)iter);
	}
	return loops;
}

/* The member's value: the loop's schedule value where a statement runs
 * one (as the source order's band has it), isl's where it is aligned. */
static isl_union_pw_aff *member_value_of(Members *ms, guint m)
{
	isl_union_pw_aff *isl_value = isl_multi_union_pw_aff_get_at(
		ms->mupa, (int)m);
	isl_union_pw_aff *upa = isl_union_pw_aff_empty(
		isl_space_params_alloc(ms->scop->ctx, 0));

	for (guint s = 0; s < ms->scop->stmts->len; s++) {
		const SyStmt *stmt = g_ptr_array_index(ms->scop->stmts, s);
		int d = ms->depth[s * ms->n + m];
		isl_pw_aff *v;

		if (d >= 0)
			v = sy_loop_schedule_value(stmt->loops[d],
				isl_pw_aff_var_on_domain(
					isl_local_space_from_space(
						isl_set_get_space(
							stmt->domain)),
					isl_dim_set, (unsigned)d));
		else
			v = isl_pw_aff_gist(value_on(isl_value, stmt),
				isl_set_copy(stmt->domain));
		upa = isl_union_pw_aff_add_pw_aff(upa, v);
	}
	isl_union_pw_aff_free(isl_value);
	return upa;
}

char *sy_band_members_text(const SyBand *band)
{
	GString *out = g_string_new("(");

	for (guint i = 0; i < band->n_members; i++)
		g_string_append_printf(
			out, "%s%s", i ? ", " : "", band->members[i].name);
	g_string_append_c(out, ')');
	return g_string_free(out, FALSE);
}

/* isl's band, made of the statements' loops, as a new band. */
static SyBand *band_from_members(
	Members *ms, const SyDeps *deps, const SyBand *source)
{
	SyBand *band = g_new0(SyBand, 1);
	Growth g = {ms->scop, deps, band, NULL, NULL};
	g_autofree char *was = sy_band_members_text(source);

	band->absorbed = g_hash_table_new(NULL, NULL);
	band->inner = g_ptr_array_new();
	for (guint m = 0; m < ms->n; m++) {
		g_autoptr(GString) name = g_string_new(NULL);
		GPtrArray *loops = member_loops(ms, m, name);

		/* Many names joined say little: isl's AST names loops
		 * c0, c1, ... */
		if (name->len > SY_BAND_NAME_JOINED_MAX)
			g_string_printf(name, "c%u", m);
		if (sy_band_member_index(band, name->str) >= 0)
			g_string_append_printf(name, "_%u", m);
		add_member(&g, loops, member_value_of(ms, m));
		g_free(band->members[m].name);
		band->members[m].name = g_strdup(name->str);
		g_ptr_array_unref(loops);
	}
	collect_inner(band, ms->scop->prog->scop);
	build_schedule(&g);
	band->rescheduled = TRUE;
	band->source_order = g_strdup_printf(
		"the source order gives %s only: %s",
		source->n_members ? was : "no loop",
		source->stop ? source->stop : "no loop is left");
	if (band->inner->len)
		band->stop = g_strdup("isl's scheduler ends its "
				      "outermost band there");
	return band;
}

/* Whether some statement has two loops: isl's band has no more members
 * than the deepest statement has loops (a loop of a thousand statements
 * would otherwise cost seconds of scheduling for nothing). */
static gboolean nested(const SyScop *scop)
{
	for (guint s = 0; s < scop->stmts->len; s++)
		if (((const SyStmt *)g_ptr_array_index(scop->stmts, s))
				->n_iters >= 2)
			return TRUE;
	return FALSE;
}

SyBand *sy_band_reschedule(SyBand *band, const SyScop *scop, const SyDeps *deps)
{
	Members ms = {scop, NULL, 0, NULL};
	SyBand *isl_band = NULL;
	char *why;

	if (band->n_members >= 2 || !nested(scop))
		return band;
	ms.mupa = sy_reschedule_outer_band(scop, deps);
	ms.n = ms.mupa ? sy_isl_size(isl_multi_union_pw_aff_size(ms.mupa)) : 0;
	if (ms.n <= band->n_members || ms.n < 2) {
		isl_multi_union_pw_aff_free(ms.mupa);
		return band;
	}
	ms.depth = g_new0(int, scop->stmts->len *ms.n);
	why = members_find(&ms);
	if (why)
		band->source_order = g_strdup_printf(
			"it gives a band of %u loops, "
			"not taken: %s",
			ms.n, why);
	else
		isl_band = band_from_members(&ms, deps, band);
	g_free(why);
	g_free(ms.depth);
	isl_multi_union_pw_aff_free(ms.mupa);
	if (!isl_band)
		return band;
	sy_band_free(band);
	return isl_band;
}

SyBand *sy_band_transform(const SyBand *band, const SyScop *scop,
	const SyDeps *deps, const gint64 *rows, const char *const *names)
{
	SyBand *out = g_new0(SyBand, 1);
	Growth g = {scop, deps, out, NULL, NULL};
	guint n = band->n_members;

	out->absorbed = g_hash_table_new(NULL, NULL);
	out->inner = g_ptr_array_new();
	for (guint r = 0; r < n; r++) {
		GPtrArray *loops = g_ptr_array_new();
		isl_union_pw_aff *value = NULL;

		for (guint j = 0; j < n; j++) {
			const SyBandMember *m = &band->members[j];
			isl_union_pw_aff *term;

			if (rows[r * n + j] == 0)
				continue;
			for (guint l = 0; l < m->loops->len; l++)
				g_ptr_array_add(
					loops, g_ptr_array_index(m->loops, l));
			term = isl_union_pw_aff_scale_val(
				isl_union_pw_aff_copy(m->value),
				isl_val_int_from_si(
					scop->ctx, (long)rows[r * n + j]));
			value = value ? isl_union_pw_aff_add(value, term)
				      : term;
		}
		add_member(&g, loops, value);
		g_free(out->members[r].name);
		out->members[r].name = g_strdup(names[r]);
		g_ptr_array_unref(loops);
	}
	collect_inner(out, scop->prog->scop);
	build_schedule(&g);
	out->rescheduled = band->rescheduled;
	out->source_order = g_strdup(band->source_order);
	out->stop = g_strdup(band->stop);
	out->stop_reorderable = band->stop_reorderable;
	return out;
}
