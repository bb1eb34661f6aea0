#include <isl/aff.h>
#include <isl/id.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/printer.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include "base/checked.h"
#include "compute/pe-array.h"

/* The schedule values every band is made of. */
typedef struct {
	const SyChoices *c;
	const SyConfig *cfg;
	isl_ctx *ctx;
	isl_union_pw_aff **point; /* per member: the position in its tile */
	isl_union_pw_aff **tile; /* per member: which tile */
	const SySimdChoice *simd; /* NULL without SIMD */
	isl_union_pw_aff *simd_in; /* position in the SIMD vector */
	isl_union_pw_aff *lane; /* the SIMD band's value, for the array */
} Build;

void sy_pe_array_free(SyPeArray *array)
{
	if (!array)
		return;
	sy_config_free(array->config);
	g_free(array->padded);
	isl_schedule_free(array->schedule);
	isl_union_map_free(array->tile_map);
	isl_union_map_free(array->pe_map);
	isl_union_pw_aff_free(array->lane);
	if (array->expanded)
		g_hash_table_unref(array->expanded);
	g_free(array);
}

guint sy_pe_array_n_tile(const SyPeArray *array)
{
	return array->config->n_members * (array->config->tile_l2 ? 2 : 1);
}

guint sy_pe_array_tile_member(const SyPeArray *array, guint d)
{
	return array->config->order[d % array->config->n_members];
}

gint64 sy_pe_array_tile_trips(const SyPeArray *array, guint d)
{
	const SyConfig *cfg = array->config;
	guint m = sy_pe_array_tile_member(array, d);
	gint64 tiles = array->padded[m] / cfg->tile[m];

	if (!cfg->tile_l2)
		return tiles;
	if (d < cfg->n_members)
		return tiles / cfg->tile_l2[m] + (tiles % cfg->tile_l2[m] != 0);
	return MIN(tiles, cfg->tile_l2[m]);
}

gint64 sy_pe_array_count(const SyPeArray *array)
{
	gint64 n = 1;

	for (guint k = 0; k < array->n_space; k++) {
		if (n > G_MAXINT64 / array->pe[k])
			return G_MAXINT64;
		n *= array->pe[k];
	}
	return n;
}

static isl_val *val(isl_ctx *ctx, gint64 v)
{
	return isl_val_int_from_si(ctx, v);
}

static isl_union_pw_aff *floor_div(isl_union_pw_aff *upa, gint64 d)
{
	isl_ctx *ctx = isl_union_pw_aff_get_ctx(upa);

	if (d == 1)
		return upa;
	return isl_union_pw_aff_floor(
		isl_union_pw_aff_scale_down_val(upa, val(ctx, d)));
}

static isl_union_pw_aff *mod(isl_union_pw_aff *upa, gint64 d)
{
	return isl_union_pw_aff_mod_val(
		upa, val(isl_union_pw_aff_get_ctx(upa), d));
}

/* A member's values counted from its first: tiles start at the loop's
 * start, and padding only ever extends the last tile. */
static isl_union_pw_aff *from_start(const SyAnalysis *a, guint m, isl_ctx *ctx)
{
	const SyBandMember *member = &a->band->members[m];
	isl_union_pw_aff *start = isl_union_pw_aff_val_on_domain(
		isl_union_set_copy(a->scop->domain), val(ctx, member->min));

	return isl_union_pw_aff_sub(
		isl_union_pw_aff_copy(member->value), start);
}

/* The values of a band member once its tile and latency are taken out:
 * the PE index of a space loop, the time loop of a time loop. */
static isl_union_pw_aff *outer_point(Build *b, guint m)
{
	isl_union_pw_aff *p = floor_div(
		isl_union_pw_aff_copy(b->point[m]), b->cfg->latency[m]);

	if (b->simd && b->simd->loop.in_band && b->simd->loop.member == m)
		p = floor_div(p, b->cfg->simd_factor);
	return p;
}

static char *role_name(
	const char *role, const SyBand *band, const guint *members, guint n)
{
	GString *out = g_string_new(role);

	g_string_append_c(out, '[');
	for (guint i = 0; i < n; i++)
		g_string_append_printf(out, "%s%s", i ? "," : "",
			band->members[members[i]].name);
	g_string_append_c(out, ']');
	return g_string_free(out, FALSE);
}

static isl_multi_union_pw_aff *mupa_of(
	isl_ctx *ctx, isl_union_pw_aff **upa, guint n)
{
	isl_union_pw_aff_list *list = isl_union_pw_aff_list_alloc(ctx, (int)n);

	for (guint i = 0; i < n; i++)
		list = isl_union_pw_aff_list_add(list, upa[i]);
	return isl_multi_union_pw_aff_from_union_pw_aff_list(
		isl_space_set_alloc(ctx, 0, n), list);
}

/* Inserts a band over node, and a mark naming it above; returns the
 * mark. */
static isl_schedule_node *insert_band(isl_schedule_node *node,
	isl_multi_union_pw_aff *mupa, const char *mark, gboolean permutable)
{
	isl_ctx *ctx = isl_schedule_node_get_ctx(node);

	node = isl_schedule_node_insert_partial_schedule(node, mupa);
	if (permutable)
		node = isl_schedule_node_band_set_permutable(node, 1);
	return isl_schedule_node_insert_mark(
		node, isl_id_alloc(ctx, mark, NULL));
}

/* The same, at the top of a schedule. */
static isl_schedule *insert_top(isl_schedule *sched,
	isl_multi_union_pw_aff *mupa, const char *mark, gboolean permutable)
{
	isl_schedule_node *node = isl_schedule_node_child(
		isl_schedule_get_root(sched), 0);

	isl_schedule_free(sched);
	node = insert_band(node, mupa, mark, permutable);
	sched = isl_schedule_node_get_schedule(node);
	isl_schedule_node_free(node);
	return sched;
}

/* SIMD on a loop below the band: each of its nodes counts from its own
 * start, a vector of simd_factor values at a time. */
typedef struct {
	Build *b;
	GHashTable *start; /* SyNode -> its first schedule value (boxed) */
} Inner;

static isl_pw_aff *inner_value(
	const SyNode *node, const SyStmt *stmt, guint depth)
{
	isl_local_space *ls = isl_local_space_from_space(
		isl_set_get_space(stmt->domain));

	return sy_loop_schedule_value(
		node, isl_pw_aff_var_on_domain(ls, isl_dim_set, depth));
}

static gboolean in_simd_loop(const SyLoopRef *ref, const SyStmt *stmt)
{
	return stmt->n_iters > ref->depth &&
		g_ptr_array_find(ref->nodes, stmt->loops[ref->depth], NULL);
}

/* The first value of every SIMD node, then the position of each
 * statement instance in its vector (0 outside the SIMD loop). */
static void prepare_inner(Inner *in)
{
	Build *b = in->b;
	const SyScop *scop = b->c->analysis->scop;
	const SyLoopRef *ref = &b->simd->loop;

	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);
		const SyNode *node;
		isl_pw_aff *pa;
		isl_val *min;
		gint64 *start;

		if (!in_simd_loop(ref, stmt))
			continue;
		node = stmt->loops[ref->depth];
		pa = isl_pw_aff_intersect_domain(
			inner_value(node, stmt, ref->depth),
			isl_set_copy(stmt->domain));
		min = isl_pw_aff_min_val(pa);
		start = g_hash_table_lookup(in->start, node);
		if (!start) {
			start = g_new(gint64, 1);
			*start = G_MAXINT64;
			g_hash_table_insert(in->start, (gpointer)node, start);
		}
		*start = MIN(*start, isl_val_get_num_si(min));
		isl_val_free(min);
	}
	b->simd_in = isl_union_pw_aff_empty(isl_space_params_alloc(b->ctx, 0));
	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);
		isl_set *dom = isl_set_copy(stmt->domain);
		isl_pw_aff *pa;

		if (in_simd_loop(ref, stmt)) {
			const SyNode *node = stmt->loops[ref->depth];
			gint64 *start = g_hash_table_lookup(in->start, node);

			pa = isl_pw_aff_sub(inner_value(node, stmt, ref->depth),
				isl_pw_aff_val_on_domain(isl_set_copy(dom),
					val(b->ctx, *start)));
			pa = isl_pw_aff_intersect_domain(
				isl_pw_aff_mod_val(
					pa, val(b->ctx, b->cfg->simd_factor)),
				dom);
		} else {
			pa = isl_pw_aff_val_on_domain(dom, val(b->ctx, 0));
		}
		b->simd_in = isl_union_pw_aff_add_pw_aff(b->simd_in, pa);
	}
}

/* The band of a loop below the band: as it is, or strip-mined if it is
 * the SIMD loop (its vector positions go to the leaves). */
static isl_multi_union_pw_aff *inner_band(
	const SyNode *loop, isl_union_pw_aff *value, gpointer user)
{
	Inner *in = user;
	gint64 *start = in->b->simd ? g_hash_table_lookup(in->start, loop)
				    : NULL;

	if (start) {
		isl_union_set *dom = isl_union_pw_aff_domain(
			isl_union_pw_aff_copy(value));

		value = isl_union_pw_aff_sub(value,
			isl_union_pw_aff_val_on_domain(
				dom, val(in->b->ctx, *start)));
		value = floor_div(value, in->b->cfg->simd_factor);
	}
	return isl_multi_union_pw_aff_from_union_pw_aff(value);
}

/* The latency loops, then the SIMD loop, innermost. */
typedef struct {
	isl_multi_union_pw_aff *latency; /* NULL for none */
	isl_multi_union_pw_aff *simd;
	char *latency_mark;
	char *simd_mark;
} Leaves;

static isl_schedule_node *add_simd_band(isl_schedule_node *node, void *user)
{
	Leaves *l = user;

	if (isl_schedule_node_get_type(node) != isl_schedule_node_leaf)
		return node;
	return insert_band(node, isl_multi_union_pw_aff_copy(l->simd),
		l->simd_mark, FALSE);
}

static isl_bool not_band(isl_schedule_node *node, void *user)
{
	(void)user;
	return isl_schedule_node_get_type(node) != isl_schedule_node_band;
}

/* The latency loops go as deep as they can while every statement below
 * them stays in one iteration of theirs: at the top of each subtree
 * that holds no loop.  Statements in sequence there (an initialisation
 * and the update it starts, "C[i][j] = 0" beside the k loop) then run
 * in the same pipelined iteration, the first guarded on the first
 * iteration of the reduction, as AutoSA's code has them with
 * --no-isl-sink (its int8 MM on the U250), instead of in loops of their
 * own, as its default (isl's band sink, to every leaf) has them: the
 * zeroing then costs no cycles of its own.  Legal: latency loops are
 * parallel (coincident), so every dependence joins instances of one
 * latency iteration, and the sequence keeps their order.  The SIMD
 * loop stays at every leaf. */
static isl_schedule_node *place_leaf_bands(isl_schedule_node *node, Leaves *l)
{
	int n;

	/* Nothing goes between a sequence and its filters. */
	if (isl_schedule_node_get_type(node) == isl_schedule_node_filter) {
		node = place_leaf_bands(isl_schedule_node_child(node, 0), l);
		return isl_schedule_node_parent(node);
	}
	if (isl_schedule_node_every_descendant(node, not_band, NULL) ==
		isl_bool_true) {
		if (l->simd)
			node = isl_schedule_node_map_descendant_bottom_up(
				node, add_simd_band, l);
		if (l->latency)
			node = insert_band(node,
				isl_multi_union_pw_aff_copy(l->latency),
				l->latency_mark, TRUE);
		return node;
	}
	n = isl_schedule_node_n_children(node);
	for (int i = 0; i < n; i++) {
		node = place_leaf_bands(isl_schedule_node_child(node, i), l);
		node = isl_schedule_node_parent(node);
	}
	return node;
}

static isl_schedule *leaves(Build *b, isl_schedule *sched)
{
	const SyBand *band = b->c->analysis->band;
	Leaves l = {NULL, NULL, NULL, NULL};
	g_autofree guint *members = g_new(guint, band->n_members + 1);
	g_autofree isl_union_pw_aff **lat = g_new(
		isl_union_pw_aff *, band->n_members + 1);
	guint n = sy_config_latency_loops(b->cfg, b->c, members);

	for (guint i = 0; i < n; i++)
		lat[i] = mod(isl_union_pw_aff_copy(b->point[members[i]]),
			b->cfg->latency[members[i]]);
	if (n) {
		l.latency = mupa_of(b->ctx, lat, n);
		l.latency_mark = role_name("latency", band, members, n);
	}
	if (b->simd) {
		isl_union_pw_aff *in = b->simd->loop.in_band
			? mod(floor_div(isl_union_pw_aff_copy(
						b->point[b->simd->loop.member]),
				      b->cfg->latency[b->simd->loop.member]),
				  b->cfg->simd_factor)
			: isl_union_pw_aff_copy(b->simd_in);

		b->lane = isl_union_pw_aff_copy(in);
		l.simd = mupa_of(b->ctx, &in, 1);
		l.simd_mark = g_strdup_printf("simd[%s]", b->simd->loop.name);
	}
	if (l.latency || l.simd) {
		isl_schedule_node *node = place_leaf_bands(
			isl_schedule_node_child(
				isl_schedule_get_root(sched), 0),
			&l);

		isl_schedule_free(sched);
		sched = isl_schedule_node_get_schedule(node);
		isl_schedule_node_free(node);
	}
	isl_multi_union_pw_aff_free(l.latency);
	isl_multi_union_pw_aff_free(l.simd);
	g_free(l.latency_mark);
	g_free(l.simd_mark);
	return sched;
}

/* Tile band, PE band and time band, from the outside in. */
static isl_schedule *outer_bands(Build *b, isl_schedule *sched)
{
	const SyChoices *c = b->c;
	const SyBand *band = c->analysis->band;
	guint n = band->n_members, n_space = c->candidate->n_space;
	g_autofree isl_union_pw_aff **upa = g_new(isl_union_pw_aff *, n + 1);
	g_autofree guint *members = g_new(guint, n + 1);
	g_autofree char *mark = NULL;

	/* Time: the band's other loops, each counting its time steps. */
	for (guint i = n_space; i < c->tilable->len; i++) {
		members[i - n_space] =
			((SyLoopRef *)g_ptr_array_index(c->tilable, i))->member;
		upa[i - n_space] = outer_point(b, members[i - n_space]);
	}
	if (c->tilable->len > n_space) {
		mark = role_name("time", band, members, n - n_space);
		sched = insert_top(
			sched, mupa_of(b->ctx, upa, n - n_space), mark, TRUE);
		g_clear_pointer(&mark, g_free);
	}
	/* Space: one iteration per PE. */
	for (guint k = 0; k < n_space; k++) {
		members[k] = c->candidate->space[k];
		upa[k] = outer_point(b, members[k]);
	}
	mark = role_name("space", band, members, n_space);
	sched = insert_top(sched, mupa_of(b->ctx, upa, n_space), mark, TRUE);
	g_clear_pointer(&mark, g_free);
	/* Array partitioning: the tiles, in the chosen order. */
	for (guint k = 0; k < n; k++)
		upa[k] = isl_union_pw_aff_copy(b->tile[b->cfg->order[k]]);
	mark = role_name("array_part", band, b->cfg->order, n);
	sched = insert_top(sched, mupa_of(b->ctx, upa, n), mark, TRUE);
	if (!b->cfg->tile_l2)
		return sched;
	/* --two-level-buffer: the tile loops tiled again (AutoSA's
	 * sa_array_partitioning_optimize, its "array_L2" band), the L2
	 * tiles outermost; the tile loops below keep counting whole
	 * tiles, so that a tile's coordinates stay what they were. */
	g_clear_pointer(&mark, g_free);
	for (guint k = 0; k < n; k++)
		upa[k] = floor_div(
			isl_union_pw_aff_copy(b->tile[b->cfg->order[k]]),
			b->cfg->tile_l2[b->cfg->order[k]]);
	mark = role_name("array_part_L2", band, b->cfg->order, n);
	return insert_top(sched, mupa_of(b->ctx, upa, n), mark, TRUE);
}

/* A temporary declared inside a loop holds one value per iteration of
 * that loop; latency and SIMD loops interleave iterations below the
 * statements' loops, so its statements must still run each iteration
 * in turn.  The refusal names the temporary of kill (a declaration
 * inside loops). */
static gboolean refuse_temporary(const SyStmt *kill, GError **error)
{
	const SyVar *var = kill->node->var;

	return sy_config_fail(error,
		"latency hiding and SIMD interleave iterations, but '%s' "
		"(%s:%u) is declared inside loop '%s'; declare it before the "
		"loops, with a dimension per loop it depends on",
		var->name, var->loc.src->path, var->loc.line,
		kill->iters[kill->n_iters - 1]->name);
}

/* The kill of a temporary declared inside the SIMD loop (a value per
 * vector position), or NULL. */
static const SyStmt *simd_kill(const SyPeArray *array, const SyArray *x)
{
	const SyScop *scop = array->analysis->scop;
	const SySimdChoice *simd;

	if (array->config->simd < 0)
		return NULL;
	simd = g_ptr_array_index(array->choices->simd, array->config->simd);
	for (guint i = 0; i < scop->kills->len; i++) {
		const SyStmt *kill = g_ptr_array_index(scop->kills, i);
		const SyAccess *a = g_ptr_array_index(kill->accesses, 0);

		/* A band loop holds every statement: a temporary it does
		 * not hold would carry a dependence along it, which SIMD
		 * does not take. */
		if (a->array == x && kill->n_iters > 0 &&
			(simd->loop.in_band || in_simd_loop(&simd->loop, kill)))
			return kill;
	}
	return NULL;
}

/* SIMD runs each statement's lanes in turn (its loop is at every
 * leaf): a temporary declared inside the SIMD loop gets a copy per lane,
 * a dimension more before its own. */
gboolean sy_pe_array_lane_private(const SyPeArray *array, const SyArray *x)
{
	return simd_kill(array, x) != NULL;
}

static void union_set_free(gpointer set)
{
	isl_union_set_free(set);
}

/* The statements under each mark of one kind ("latency", "simd"), one
 * union set of instances per mark. */
typedef struct {
	const char *kind;
	GPtrArray *domains;
} Marked;

static isl_bool marked_domain(isl_schedule_node *node, void *user)
{
	Marked *m = user;
	isl_id *id;

	if (isl_schedule_node_get_type(node) != isl_schedule_node_mark)
		return isl_bool_true;
	id = isl_schedule_node_mark_get_id(node);
	if (g_str_has_prefix(isl_id_get_name(id), m->kind))
		g_ptr_array_add(m->domains, isl_schedule_node_get_domain(node));
	isl_id_free(id);
	return isl_bool_true;
}

/* Whether domain holds instances of every statement that accesses x. */
static gboolean holds_all(
	const SyScop *scop, isl_union_set *domain, const SyArray *x)
{
	for (guint i = 0; i < scop->accesses->len; i++) {
		const SyAccess *a = g_ptr_array_index(scop->accesses, i);
		isl_set *mine;
		isl_bool empty;

		if (a->array != x)
			continue;
		mine = isl_union_set_extract_set(
			domain, isl_set_get_space(a->stmt->domain));
		empty = isl_set_is_empty(mine);
		isl_set_free(mine);
		if (empty != isl_bool_false)
			return FALSE;
	}
	return TRUE;
}

/* The latency loops go on top of each subtree without loops, and the
 * SIMD loop below them where it can (leaves()): a temporary declared
 * inside a loop is safe when every statement that uses it is below one
 * mark of each kind (it is set and read in one latency iteration, by
 * one vector position); a statement in a loop of its own below the
 * temporary's, or one with a SIMD loop of its own, would run every
 * iteration before the next statement does. */
static gboolean check_temporaries(const SyScop *scop, isl_schedule *sched,
	const char *kind, GError **error)
{
	GPtrArray *domains = g_ptr_array_new_with_free_func(union_set_free);
	Marked m = {kind, domains};
	gboolean ok = TRUE;

	isl_schedule_foreach_schedule_node_top_down(sched, marked_domain, &m);
	for (guint i = 0; ok && domains->len && i < scop->kills->len; i++) {
		const SyStmt *kill = g_ptr_array_index(scop->kills, i);
		gboolean one = FALSE;

		if (kill->n_iters == 0)
			continue;
		for (guint k = 0; k < kill->accesses->len; k++) {
			const SyAccess *a = g_ptr_array_index(
				kill->accesses, k);

			one = FALSE;
			for (guint d = 0; d < domains->len && !one; d++)
				one = holds_all(scop,
					g_ptr_array_index(domains, d),
					a->array);
			if (!one)
				break;
		}
		if (!one)
			ok = refuse_temporary(kill, error);
	}
	g_ptr_array_unref(domains);
	return ok;
}

/* The measured dependence of kind from source to sink, for its
 * distance in the message; NULL if none was measured. */
static const SyDep *measured(const SyDeps *deps, SyDepKind kind,
	const SyAccess *source, const SyAccess *sink)
{
	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->kind == kind && dep->source == source &&
			dep->sink == sink)
			return dep;
	}
	return NULL;
}

/* "(1, -1, 0) in (k, j, i)", or the empty string. */
static char *distance_text(const SyBand *band, const SyDep *dep)
{
	GString *out = g_string_new(NULL);

	if (!dep || !dep->distance)
		return g_string_free(out, FALSE);
	g_string_append(out, " (distance (");
	for (guint m = 0; m < dep->depth; m++)
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT,
			m ? ", " : "", dep->distance[m]);
	g_string_append(out, ") in (");
	for (guint m = 0; m < band->n_members; m++)
		g_string_append_printf(
			out, "%s%s", m ? ", " : "", band->members[m].name);
	g_string_append(out, "))");
	return g_string_free(out, FALSE);
}

/* The loops of the write's statement its subscripts leave out: those
 * the array would need a dimension for, as "'k'" or "'k' and 'j'". */
static char *expansion_loops(const SyAccess *write)
{
	g_autofree guint *loops = g_new(guint, write->stmt->n_iters + 1);
	guint n = sy_deps_reuse_loops(write, loops);
	GString *out = g_string_new(NULL);

	for (guint k = 0; k < n; k++) {
		if (k)
			g_string_append(out, k + 1 == n ? " and " : ", ");
		g_string_append_printf(
			out, "'%s'", write->stmt->iters[loops[k]]->name);
	}
	return g_string_free(out, FALSE);
}

typedef struct {
	SyPeArray *array;
	SyDepKind kind;
	isl_union_map *before; /* pairs the design runs in order */
	GError **error;
	gboolean ok;
} Reordered;

int sy_pe_array_expanded_by(const SyPeArray *array, const SyArray *x)
{
	return array->expanded ? GPOINTER_TO_INT(g_hash_table_lookup(
					 array->expanded, x)) - 1
			       : -1;
}

/* Whether local array x may have an element per iteration of band
 * member t: no value of x crosses t's iterations (every flow dependence
 * on x measured, with distance 0 on t), so each iteration of t reads
 * what it wrote itself. */
static gboolean expandable(const SyAnalysis *a, const SyArray *x, guint t)
{
	if (!x->local)
		return FALSE;
	for (guint i = 0; i < a->deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(a->deps->deps, i);

		if (dep->kind == SY_DEP_FLOW && dep->source->array == x &&
			(!dep->uniform || !dep->distance || t >= dep->depth ||
				dep->distance[t] != 0))
			return FALSE;
	}
	return TRUE;
}

/* A false dependence on a local array that runs backwards goes away
 * with an element of the array per iteration of a member it crosses
 * (its first non-zero distance, or the member the array is already
 * expanded by), where the array may have one (expandable). */
static gboolean expand_for(Reordered *r, const SyDep *dep, const SyArray *x)
{
	int t = sy_pe_array_expanded_by(r->array, x);

	if (!dep || !dep->uniform || !dep->distance)
		return FALSE;
	if (t >= 0)
		return (guint)t < dep->depth && dep->distance[t] != 0;
	for (guint m = 0; m < dep->depth; m++) {
		if (dep->distance[m] == 0)
			continue;
		/* The transformed code passes the members' values in a
		 * 32-bit set (codegen.c's expansions). */
		if (m >= 32 || !expandable(r->array->analysis, x, m))
			return FALSE;
		if (!r->array->expanded)
			r->array->expanded =
				g_hash_table_new(g_direct_hash, g_direct_equal);
		g_hash_table_insert(r->array->expanded, (gpointer)x,
			GINT_TO_POINTER((int)m + 1));
		return TRUE;
	}
	return FALSE;
}

static isl_stat check_kept(isl_map *tagged, void *user)
{
	Reordered *r = user;
	const SyAnalysis *a = r->array->analysis;
	const SyAccess *source = sy_deps_source_of(a->deps, tagged);
	const SyAccess *sink = sy_deps_sink_of(a->deps, tagged);
	const SyAccess *write = r->kind == SY_DEP_ANTI ? sink : source;
	isl_union_map *pairs;
	isl_bool kept;
	g_autofree char *distance = NULL, *loops = NULL;

	if (!source || !sink || !sy_deps_relaxed(a->deps, r->kind, source)) {
		isl_map_free(tagged);
		return source && sink ? isl_stat_ok : isl_stat_error;
	}
	pairs = isl_union_map_from_map(isl_map_factor_domain(tagged));
	kept = isl_union_map_is_subset(pairs, r->before);
	isl_union_map_free(pairs);
	if (kept != isl_bool_false)
		return kept < 0 ? isl_stat_error : isl_stat_ok;
	if (expand_for(r, measured(a->deps, r->kind, source, sink),
		    source->array))
		return isl_stat_ok;
	distance = distance_text(
		a->band, measured(a->deps, r->kind, source, sink));
	loops = expansion_loops(write);
	r->ok = sy_config_fail(r->error,
		"--live-range-reordering: the %s dependence on '%s' from %s "
		"to %s%s runs backwards in this design's loop order, and "
		"the transformed loops and the PEs keep one '%s' for all "
		"iterations: its live ranges would overlap; it needs an "
		"element per iteration of loop %s, which Systole gives it "
		"only where its values do not cross that loop's iterations, "
		"or a design whose space, tile and latency loops keep the "
		"dependence's order",
		sy_dep_kind_name(r->kind), source->array->name,
		source->stmt->name, sink->stmt->name, distance,
		source->array->name, *loops ? loops : "(none)");
	return isl_stat_error;
}

/* --live-range-reordering left the false dependences of local arrays
 * out of the band (sy_deps_reorder_live_ranges), as AutoSA does, where
 * its PEs pass every live range through FIFOs or registers.  Systole's
 * transformed loop nest (and the check and testbench built from it)
 * keeps one copy of each local array, so a design is taken only if its
 * own order, the whole schedule tree's, still runs every such anti and
 * output dependence forwards, or if the arrays of those it runs
 * backwards may have an element per iteration of a loop the dependence
 * crosses (expand_for: LU's U_tmp per k on [j]).  The PEs need no
 * expansion: what crosses PEs goes through FIFOs in order, and a PE
 * runs its own iterations in the source's order. */
static gboolean check_reordered(SyPeArray *array, GError **error)
{
	const SyDeps *deps = array->analysis->deps;
	isl_union_map *order;
	Reordered r = {array, SY_DEP_ANTI, NULL, error, TRUE};

	if (!deps->live_range_reordering)
		return TRUE;
	order = isl_schedule_get_map(array->schedule);
	r.before = isl_union_map_lex_lt_union_map(
		isl_union_map_copy(order), order);
	for (SyDepKind kind = SY_DEP_ANTI; r.ok && kind <= SY_DEP_OUTPUT;
		kind++) {
		r.kind = kind;
		isl_union_map_foreach_map(
			sy_deps_relation(deps, kind), check_kept, &r);
	}
	isl_union_map_free(r.before);
	return r.ok;
}

/* Where each instance runs: its tile and its PE, as maps that I/O
 * construction composes with accesses to find buffer footprints. */
static void coordinate_maps(SyPeArray *array, Build *b)
{
	const SyChoices *c = b->c;
	guint n = c->analysis->band->n_members;
	g_autofree isl_union_pw_aff **upa = g_new(isl_union_pw_aff *, n + 1);

	for (guint m = 0; m < n; m++)
		upa[m] = isl_union_pw_aff_copy(b->tile[m]);
	array->tile_map = isl_union_map_from_multi_union_pw_aff(
		mupa_of(b->ctx, upa, n));
	for (guint k = 0; k < array->n_space; k++)
		upa[k] = outer_point(b, c->candidate->space[k]);
	array->pe_map = isl_union_map_from_multi_union_pw_aff(
		mupa_of(b->ctx, upa, array->n_space));
}

/* The padded extents and the PEs along each space loop, and their
 * product: all of them in 64 bits, or an error naming the first that is
 * not. */
static gboolean count_sizes(SyPeArray *array, GError **error)
{
	const SyConfig *cfg = array->config;
	const SyChoices *c = array->choices;
	const SyBand *band = array->analysis->band;
	SyChecked ck = {NULL};
	gint64 n = 1;

	for (guint m = 0; m < band->n_members; m++) {
		gint64 t = cfg->tile[m], extent = 0;

		/* The analysis allows only extents that fit. */
		sy_checked_span(
			band->members[m].min, band->members[m].max, 1, &extent);
		/* Whole tiles, without extent + t - 1. */
		array->padded[m] = sy_checked_mul(&ck,
			extent / t + (extent % t != 0), t,
			"the padded extent of loop '%s'",
			band->members[m].name);
		/* The padded points' values too (tile-boxes.c bounds the
		 * last tile so). */
		sy_checked_add(&ck, band->members[m].min, array->padded[m] - 1,
			"the last value of loop '%s' padded to whole tiles",
			band->members[m].name);
	}
	for (guint k = 0; k < array->n_space; k++) {
		guint m = c->candidate->space[k];

		array->pe[k] = cfg->tile[m] / cfg->latency[m];
		/* SIMD on a space loop puts its lanes in one PE. */
		if (cfg->simd >= 0 &&
			((const SySimdChoice *)c->simd->pdata[cfg->simd])
				->space &&
			((const SyLoopRef *)c->simd->pdata[cfg->simd])
					->member == m)
			array->pe[k] /= cfg->simd_factor;
		n = sy_checked_mul(&ck, n, array->pe[k], "the number of PEs");
	}
	return sy_checked_ok(&ck, error);
}

SyPeArray *sy_pe_array_new(
	const SyChoices *c, const SyConfig *config, GError **error)
{
	const SyAnalysis *a = c->analysis;
	const SyBand *band = a->band;
	SyPeArray *array;
	Build b = {c, config, a->ctx, NULL, NULL, NULL, NULL, NULL};
	Inner in = {&b, g_hash_table_new_full(NULL, NULL, NULL, g_free)};
	SyScheduleSpec spec = {band->absorbed, FALSE, inner_band, &in};
	isl_schedule *sched;
	gboolean ok;

	sy_isl_stage_begin(a->ctx);
	if (!sy_config_validate(config, c, error)) {
		/* A reason made up from failed isl calls gives way. */
		sy_isl_stage_check(
			a->ctx, sy_analysis_path(a), "the PE array", error);
		g_hash_table_unref(in.start);
		return NULL;
	}
	array = g_new0(SyPeArray, 1);
	array->analysis = a;
	array->choices = c;
	array->config = sy_config_copy(config);
	array->n_space = c->candidate->n_space;
	array->padded = g_new(gint64, band->n_members + 1);
	if (!count_sizes(array, error)) {
		g_hash_table_unref(in.start);
		sy_pe_array_free(array);
		return NULL;
	}
	b.point = g_new(isl_union_pw_aff *, band->n_members + 1);
	b.tile = g_new(isl_union_pw_aff *, band->n_members + 1);
	for (guint m = 0; m < band->n_members; m++) {
		isl_union_pw_aff *u = from_start(a, m, b.ctx);

		b.tile[m] = floor_div(
			isl_union_pw_aff_copy(u), config->tile[m]);
		b.point[m] = mod(u, config->tile[m]);
	}
	if (config->simd >= 0)
		b.simd = g_ptr_array_index(c->simd, config->simd);
	if (b.simd && !b.simd->loop.in_band)
		prepare_inner(&in);
	else
		spec.band = NULL;

	sched = sy_scop_schedule(a->scop, &spec);
	sched = leaves(&b, sched);
	sched = outer_bands(&b, sched);
	array->schedule = sched;
	coordinate_maps(array, &b);
	array->lane = b.lane;
	ok = check_temporaries(a->scop, sched, "latency", error) &&
		check_reordered(array, error);

	for (guint m = 0; m < band->n_members; m++) {
		isl_union_pw_aff_free(b.point[m]);
		isl_union_pw_aff_free(b.tile[m]);
	}
	g_free(b.point);
	g_free(b.tile);
	isl_union_pw_aff_free(b.simd_in);
	g_hash_table_unref(in.start);
	if (!sy_isl_stage_check(
		    a->ctx, sy_analysis_path(a), "the PE array", error) ||
		!ok) {
		sy_pe_array_free(array);
		return NULL;
	}
	return array;
}

char *sy_pe_array_schedule_yaml(const SyPeArray *array)
{
	isl_printer *p = isl_printer_to_str(array->analysis->ctx);
	char *str;

	p = isl_printer_set_yaml_style(p, ISL_YAML_STYLE_BLOCK);
	p = isl_printer_print_schedule(p, array->schedule);
	str = isl_printer_get_str(p);
	isl_printer_free(p);
	return str;
}
