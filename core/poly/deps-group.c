#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "poly/deps-group.h"

/* One relation of the union maps the dataflow problems take: the reads,
 * or the writes, of one statement on one array, with the bounding box of
 * the elements they touch. */
typedef struct {
	guint parent; /* union-find */
	gboolean write;
	gint64 *lo, *hi; /* G_MININT64 / G_MAXINT64 where unbounded */
} Node;

/* v as a box bound: infinite when v is, or is out of range (so the box
 * only widens). */
static gint64 bound_of(__isl_take isl_val *v, gint64 infinite)
{
	gint64 b = isl_val_is_int(v) == isl_bool_true &&
			isl_val_cmp_si(v, G_MININT64) > 0 &&
			isl_val_cmp_si(v, G_MAXINT64) < 0 ?
		isl_val_get_num_si(v) : infinite;

	isl_val_free(v);
	return b;
}

/* Widens node's box to the elements access touches. */
static void node_cover(Node *node, const SyAccess *access, gboolean first)
{
	isl_set *range = isl_map_range(isl_map_copy(access->map));

	for (guint d = 0; d < access->array->n_dims; d++) {
		gint64 lo = bound_of(isl_set_dim_min_val(isl_set_copy(range),
			(int)d), G_MININT64);
		gint64 hi = bound_of(isl_set_dim_max_val(isl_set_copy(range),
			(int)d), G_MAXINT64);

		node->lo[d] = first ? lo : MIN(node->lo[d], lo);
		node->hi[d] = first ? hi : MAX(node->hi[d], hi);
	}
	isl_set_free(range);
}

static gboolean boxes_meet(const Node *a, const Node *b, guint n_dims)
{
	for (guint d = 0; d < n_dims; d++)
		if (a->hi[d] < b->lo[d] || b->hi[d] < a->lo[d])
			return FALSE;
	return TRUE;
}

static guint root_of(Node *nodes, guint i)
{
	while (nodes[i].parent != i) {
		nodes[i].parent = nodes[nodes[i].parent].parent;
		i = nodes[i].parent;
	}
	return i;
}

/* The kills of array (whole-array accesses of the kill statements). */
static GPtrArray *array_kills(const SyScop *scop, const SyArray *array)
{
	GPtrArray *kills = g_ptr_array_new();

	for (guint i = 0; i < scop->kills->len; i++) {
		const SyStmt *kill = g_ptr_array_index(scop->kills, i);

		for (guint j = 0; j < kill->accesses->len; j++) {
			SyAccess *a = g_ptr_array_index(kill->accesses, j);

			if (a->array == array)
				g_ptr_array_add(kills, a);
		}
	}
	return kills;
}

/* The accesses of array as nodes, in statement order: the reads of a
 * statement are one node, its write another (one relation each in the
 * union maps).  node_of[access index] names each access's node. */
static guint array_nodes(const SyScop *scop, const SyArray *array,
	Node *nodes, guint *node_of)
{
	guint n = 0;

	for (guint s = 0; s < scop->stmts->len; s++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, s);
		guint first = n;

		for (guint j = 0; j < stmt->accesses->len; j++) {
			const SyAccess *a = g_ptr_array_index(stmt->accesses, j);
			guint k = first;
			gboolean fresh;

			if (a->array != array)
				continue;
			while (k < n && nodes[k].write != a->write)
				k++;
			fresh = k == n;
			if (fresh) {
				nodes[n].parent = n;
				nodes[n].write = a->write;
				nodes[n].lo = g_new(gint64, array->n_dims);
				nodes[n].hi = g_new(gint64, array->n_dims);
				n++;
			}
			node_cover(&nodes[k], a, fresh);
			node_of[a->index] = k;
		}
	}
	return n;
}

/* Joins the nodes whose boxes meet. */
static void join_nodes(Node *nodes, guint n, guint n_dims)
{
	for (guint i = 0; i < n; i++)
		for (guint j = i + 1; j < n; j++) {
			guint ri = root_of(nodes, i), rj = root_of(nodes, j);

			if (ri != rj && boxes_meet(&nodes[i], &nodes[j], n_dims))
				nodes[MAX(ri, rj)].parent = MIN(ri, rj);
		}
}

/* One group's problem, built access by access. */
typedef struct {
	isl_union_map *reads;
	isl_union_map *writes;
	GHashTable *stmts; /* SyStmt: the statements to schedule */
	gboolean writes_any;
} Problem;

static void problem_add(Problem *p, const SyAccess *a)
{
	isl_union_map **to = a->write ? &p->writes : &p->reads;

	*to = isl_union_map_add_map(*to, isl_map_copy(a->map));
	g_hash_table_add(p->stmts, a->stmt);
	p->writes_any |= a->write;
}

/* Analyses the group of the accesses in group (in SCoP order) with
 * kills. */
static void problem_run(const SyScop *scop, GPtrArray *group,
	GPtrArray *kills, SyDepsGroupFunc fn, gpointer user)
{
	isl_space *space = isl_space_params_alloc(scop->ctx, 0);
	Problem p = {isl_union_map_empty(isl_space_copy(space)),
		isl_union_map_empty(isl_space_copy(space)),
		g_hash_table_new(NULL, NULL), FALSE};
	isl_union_map *kill_map = isl_union_map_empty(space);

	for (guint i = 0; i < group->len; i++)
		problem_add(&p, g_ptr_array_index(group, i));
	for (guint i = 0; i < kills->len; i++) {
		const SyAccess *k = g_ptr_array_index(kills, i);

		kill_map = isl_union_map_add_map(
			kill_map, isl_map_copy(k->map));
		g_hash_table_add(p.stmts, k->stmt);
	}
	if (p.writes_any) {
		isl_schedule *sched = sy_scop_kill_schedule_of(scop, p.stmts);

		fn(p.reads, p.writes, kill_map, sched, user);
		isl_schedule_free(sched);
	}
	isl_union_map_free(p.reads);
	isl_union_map_free(p.writes);
	isl_union_map_free(kill_map);
	g_hash_table_unref(p.stmts);
}

/* The groups of array: a killed array, or one without dimensions, is
 * one group (a kill covers the whole array). */
static void array_foreach_group(const SyScop *scop, const SyArray *array,
	SyDepsGroupFunc fn, gpointer user)
{
	guint n_accesses = scop->accesses->len;
	Node *nodes = g_new0(Node, n_accesses);
	guint *node_of = g_new(guint, n_accesses);
	GPtrArray *kills = array_kills(scop, array);
	GPtrArray **groups;
	guint n;

	for (guint i = 0; i < n_accesses; i++)
		node_of[i] = G_MAXUINT;
	n = array_nodes(scop, array, nodes, node_of);
	if (kills->len == 0 && array->n_dims > 0)
		join_nodes(nodes, n, array->n_dims);
	else
		for (guint i = 0; i < n; i++)
			nodes[i].parent = 0;
	groups = g_new0(GPtrArray *, n);
	for (guint i = 0; i < n_accesses; i++) {
		guint root;

		if (node_of[i] == G_MAXUINT)
			continue;
		root = root_of(nodes, node_of[i]);
		if (!groups[root])
			groups[root] = g_ptr_array_new();
		g_ptr_array_add(groups[root],
			g_ptr_array_index(scop->accesses, i));
	}
	for (guint i = 0; i < n; i++) {
		if (groups[i]) {
			problem_run(scop, groups[i], kills, fn, user);
			g_ptr_array_unref(groups[i]);
		}
		g_free(nodes[i].lo);
		g_free(nodes[i].hi);
	}
	g_free(groups);
	g_ptr_array_unref(kills);
	g_free(node_of);
	g_free(nodes);
}

void sy_deps_groups_foreach(
	const SyScop *scop, SyDepsGroupFunc fn, gpointer user)
{
	for (guint i = 0; i < scop->arrays->len; i++)
		array_foreach_group(
			scop, g_ptr_array_index(scop->arrays, i), fn, user);
}
