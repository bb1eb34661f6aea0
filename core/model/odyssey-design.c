/* Odyssey's parameters read off a Systole design of its matrix
 * multiply (model/odyssey-design.h). */
#include <string.h>

#include "model/odyssey-design.h"

/* The MAC statement's iterator (i, j, k: its position in the
 * statement) whose tile loop is the PE's tile dimension d, found in
 * the statement's arguments in the PE's code: iterator p's value names
 * the tile loop "c<d>" it runs in. */
static gboolean names_tile(const SyCodeExpr *e, guint d)
{
	char id[16];

	if (e->kind == SY_CODE_EXPR_ID) {
		g_snprintf(id, sizeof id, "c%u", d);
		return strcmp(e->name, id) == 0;
	}
	for (guint i = 0; e->kind == SY_CODE_EXPR_OP && i < e->n_args; i++)
		if (names_tile(e->args[i], d))
			return TRUE;
	return FALSE;
}

static const SyCode *find_leaf(const SyCode *c, int stmt)
{
	const SyCode *found = NULL;

	if (!c)
		return NULL;
	switch (c->kind) {
	case SY_CODE_USER:
		return c->stmt == stmt ? c : NULL;
	case SY_CODE_BLOCK:
		for (guint i = 0; !found && i < c->children->len; i++)
			found = find_leaf(g_ptr_array_index(c->children, i),
				stmt);
		return found;
	case SY_CODE_IF:
		found = find_leaf(c->body, stmt);
		return found ? found : find_leaf(c->else_body, stmt);
	default:
		return find_leaf(c->body, stmt);
	}
}

/* The statement that multiplies and adds once: C += A B. */
static int mac_statement(const SyPeFacts *facts)
{
	int found = -1;

	for (guint s = 0; s < facts->stmts->len; s++) {
		const SyPeStmt *st = g_ptr_array_index(facts->stmts, s);
		guint mul = 0, add = 0, other = 0;

		for (guint i = 0; i < st->ops->len; i++) {
			const SyPeOp *op = g_ptr_array_index(st->ops, i);

			if (!strcmp(op->op, "*"))
				mul += op->count;
			else if (!strcmp(op->op, "+") || !strcmp(op->op, "+="))
				add += op->count;
			else
				other += op->count;
		}
		if (mul == 1 && add == 1 && other == 0 && st->n_iters == 3) {
			if (found >= 0)
				return -1;
			found = (int)s;
		}
	}
	return found;
}

/* The PE's structural loops by role, in order. */
static void collect(const SyLoopNode *n, const char *role, GPtrArray *out)
{
	if (!strcmp(n->role, role))
		g_ptr_array_add(out, (gpointer)n);
	for (guint i = 0; n->children && i < n->children->len; i++)
		collect(g_ptr_array_index(n->children, i), role, out);
}

/* The trip of the PE's loop "<name><suffix>" of a role, 1 without. */
static gint64 trip_of(const SyLoopNode *pe, const char *role,
	const char *name, const char *suffix)
{
	g_autoptr(GPtrArray) nodes = g_ptr_array_new();
	g_autofree char *full = g_strconcat(name, suffix, NULL);

	collect(pe, role, nodes);
	for (guint i = 0; i < nodes->len; i++) {
		const SyLoopNode *n = g_ptr_array_index(nodes, i);

		if (!strcmp(n->name, full))
			return n->trip;
	}
	return 1;
}

static gboolean refuse(GError **error, const char *why)
{
	g_set_error(error, SY_ODYSSEY_ERROR, SY_ODYSSEY_ERROR_DESIGN,
		"Odyssey's model covers its matrix-multiply designs (three "
		"loops i, j, k, C[i][j] += A[i][k] * B[k][j], space_time 0 to "
		"5, tile orders i,k,j / k,j,i / i,j,k): %s",
		why);
	return FALSE;
}

/* Odyssey's tile order number of a tile order (band positions, outer
 * first), -1 for one it has not. */
static int order_number(const guint *pos)
{
	static const guint orders[3][3] = {{0, 2, 1}, {2, 1, 0}, {0, 1, 2}};

	for (int o = 0; o < 3; o++)
		if (!memcmp(orders[o], pos, sizeof(orders[o])))
			return o;
	return -1;
}

/* Reads the tile dimensions: pos[d] the iterator of tile loop d, t1 and
 * the names of the iterators. */
static gboolean read_tiles(const SyDesign *design, const SyCode *leaf,
	guint *pos, const char **names, SyOdysseyMm *mm, GError **error)
{
	g_autoptr(GPtrArray) tiles = g_ptr_array_new();

	collect(design->pe->loops, "array_part", tiles);
	if (tiles->len != 3 || !leaf->args || leaf->args->len < 3)
		return refuse(error, "the PE has no three tile loops");
	for (guint d = 0; d < 3; d++) {
		const SyLoopNode *n = g_ptr_array_index(tiles, d);
		guint p = 3;

		for (guint q = 0; q < 3; q++) {
			const SyCodeExpr *arg = g_ptr_array_index(leaf->args, q);

			if (arg && names_tile(arg, d))
				p = q;
		}
		if (p == 3 || n->trip < 1 || !g_str_has_suffix(n->name, "_tile") ||
			design->grid->padded[p] % n->trip)
			return refuse(error, "its tile loops are not the "
					     "statement's");
		pos[d] = p;
		names[p] = n->name;
		mm->t1[p] = design->grid->padded[p] / n->trip;
		mm->size[p] = design->grid->padded[p];
	}
	return TRUE;
}

gboolean sy_odyssey_design_estimate(
	const SyDesign *design, SyEstimate *e, GError **error)
{
	SyOdysseyMm mm = {0};
	guint pos[3];
	const char *names[3] = {NULL, NULL, NULL};
	const SyPeStmt *st;
	const SyCode *leaf;
	int s, order;

	if (!design->pe_facts || !design->pe || !design->pe->code ||
		!design->grid)
		return refuse(error, "the design has no PE code");
	if (design->grid->n_members != 3)
		return refuse(error, "the kernel's band has not three loops");
	s = mac_statement(design->pe_facts);
	if (s < 0)
		return refuse(error, "no one statement multiplies and adds "
				     "once");
	leaf = find_leaf(design->pe->code, s);
	if (!leaf || !read_tiles(design, leaf, pos, names, &mm, error))
		return leaf ? FALSE : refuse(error, "the PE runs no MAC");
	order = order_number(pos);
	if (order < 0)
		return refuse(error, "its tile order is not one of Odyssey's");
	if (design->grid->candidate > 5)
		return refuse(error, "its dataflow is not one of Odyssey's");
	for (guint p = 0; p < 2; p++) {
		g_autofree char *base = g_strndup(names[p],
			strlen(names[p]) - strlen("_tile"));

		mm.t2[p] = trip_of(design->pe->loops, "latency", base, "_lat");
	}
	{
		g_autofree char *k = g_strndup(names[2],
			strlen(names[2]) - strlen("_tile"));

		mm.t2[2] = trip_of(design->pe->loops, "simd", k, "_simd");
	}
	mm.dataflow = design->grid->candidate;
	mm.order = (guint)order;
	st = g_ptr_array_index(design->pe_facts->stmts, s);
	if (!sy_odyssey_mm_estimate(&mm, e, error))
		return FALSE;
	/* GFLOP/s on the original problem: its MACs, counted. */
	if (st->instances > 0) {
		e->ops = 2.0 * (double)st->instances;
		e->gops = e->ops / e->seconds / 1e9;
		if (e->total.v[SY_RESOURCE_DSP] > 0)
			e->dsp_efficiency = e->ops /
				(e->total.v[SY_RESOURCE_DSP] / 5 * 2) / e->cycles;
	}
	return TRUE;
}
