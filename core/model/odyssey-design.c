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

/* The statement of n_iters iterators that multiplies and adds once:
 * C += A B. */
static int mac_statement(const SyPeFacts *facts, guint n_iters)
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
		if (mul == 1 && add == 1 && other == 0 &&
			st->n_iters == n_iters) {
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
		"Odyssey's model covers its matrix-multiply designs (a band "
		"i, j, k, C[i][j] += A[i][k] * B[k][j], space_time 0 to 5, tile "
		"orders i,k,j / k,j,i / i,j,k) and convolutions (a band o, r, "
		"c, i over a window p, q, out[o][r][c] += in[i][r + p][c + q] * "
		"w[o][i][p][q] in any layout, space_time 0 to 9, tile orders "
		"i,r,c,o / o,r,c,i / o,i,r,c): %s",
		why);
	return FALSE;
}

/* Odyssey's tile order number of a tile order (band positions, outer
 * first) among n orders of len loops, -1 for one it has not. */
static int order_number(const guint *pos, const guint *orders, int n,
	guint len)
{
	for (int o = 0; o < n; o++)
		if (!memcmp(orders + o * len, pos, len * sizeof(guint)))
			return o;
	return -1;
}

/* What Odyssey's parameters are read from: the band's n loops (the
 * MAC statement's first n iterators), per loop its position's tile
 * size, padded extent, latency factor (SIMD width on the last), and
 * the tile order. */
typedef struct {
	guint n;
	gint64 t1[4], size[4], t2[4];
	guint order[4];
	const char *names[4];
} Read;

static gboolean read_tiles(const SyDesign *design, const SyCode *leaf,
	Read *r, GError **error)
{
	g_autoptr(GPtrArray) tiles = g_ptr_array_new();

	collect(design->pe->loops, "array_part", tiles);
	if (tiles->len != r->n || !leaf->args || leaf->args->len < r->n)
		return refuse(error, "the PE's tile loops are not the band's");
	for (guint d = 0; d < r->n; d++) {
		const SyLoopNode *t = g_ptr_array_index(tiles, d);
		guint p = r->n;

		for (guint q = 0; q < r->n; q++) {
			const SyCodeExpr *arg = g_ptr_array_index(leaf->args, q);

			if (arg && names_tile(arg, d))
				p = q;
		}
		if (p == r->n || t->trip < 1 ||
			!g_str_has_suffix(t->name, "_tile") ||
			design->grid->padded[p] % t->trip)
			return refuse(error, "its tile loops are not the "
					     "statement's");
		r->order[d] = p;
		r->names[p] = t->name;
		r->t1[p] = design->grid->padded[p] / t->trip;
		r->size[p] = design->grid->padded[p];
	}
	return TRUE;
}

/* Latency factors of the first n - 1 loops, the SIMD width of the
 * last (1 where the PE has no such loop). */
static void read_factors(const SyDesign *design, Read *r)
{
	for (guint p = 0; p < r->n; p++) {
		g_autofree char *base = g_strndup(r->names[p],
			strlen(r->names[p]) - strlen("_tile"));

		r->t2[p] = p + 1 < r->n
			? trip_of(design->pe->loops, "latency", base, "_lat")
			: trip_of(design->pe->loops, "simd", base, "_simd");
	}
}

/* The statement s's instances as operations (2 a MAC), where counted. */
static void on_original(const SyDesign *design, int s, SyEstimate *e)
{
	const SyPeStmt *st = g_ptr_array_index(design->pe_facts->stmts, s);

	if (st->instances <= 0)
		return;
	e->ops = 2.0 * (double)st->instances;
	e->gops = e->ops / e->seconds / 1e9;
	if (e->total.v[SY_RESOURCE_DSP] > 0)
		e->dsp_efficiency = e->ops /
			(e->total.v[SY_RESOURCE_DSP] / 5 * 2) / e->cycles;
}

static gboolean estimate_mm(const SyDesign *design, const Read *r,
	SyEstimate *e, GError **error)
{
	static const guint orders[3][3] = {{0, 2, 1}, {2, 1, 0}, {0, 1, 2}};
	SyOdysseyMm mm = {0};
	int order = order_number(r->order, &orders[0][0], 3, 3);

	if (order < 0)
		return refuse(error, "its tile order is not one of Odyssey's");
	if (design->grid->candidate > 5)
		return refuse(error, "its dataflow is not one of Odyssey's");
	mm.dataflow = design->grid->candidate;
	mm.order = (guint)order;
	memcpy(mm.size, r->size, sizeof(mm.size));
	memcpy(mm.t1, r->t1, sizeof(mm.t1));
	memcpy(mm.t2, r->t2, sizeof(mm.t2));
	return sy_odyssey_mm_estimate(&mm, e, error);
}

gboolean sy_odyssey_design_window(const SyDesign *design, gint64 window[2])
{
	g_autoptr(GPtrArray) inner = g_ptr_array_new();

	if (!design->pe || !design->pe->loops)
		return FALSE;
	collect(design->pe->loops, "inner", inner);
	if (inner->len != 2)
		return FALSE;
	for (int w = 0; w < 2; w++)
		window[w] = ((const SyLoopNode *)g_ptr_array_index(inner, w))
				    ->trip;
	return TRUE;
}

/* The window p x q: the trips of the PE's inner loops of the
 * statement's iterators 4 and 5. */
static gboolean estimate_conv(const SyDesign *design, const Read *r,
	SyEstimate *e, GError **error)
{
	static const guint orders[3][4] = {
		{3, 1, 2, 0}, {0, 1, 2, 3}, {0, 3, 1, 2}};
	SyOdysseyConv cv = {0};
	int order = order_number(r->order, &orders[0][0], 3, 4);
	gint64 window[2];

	if (order < 0)
		return refuse(error, "its tile order is not one of Odyssey's");
	if (design->grid->candidate > 9)
		return refuse(error, "its dataflow is not one of Odyssey's");
	if (!sy_odyssey_design_window(design, window))
		return refuse(error, "its window is not two loops inside the "
				     "band");
	cv.dataflow = design->grid->candidate;
	cv.order = (guint)order;
	memcpy(cv.size, r->size, sizeof(cv.size));
	memcpy(cv.t1, r->t1, sizeof(cv.t1));
	memcpy(cv.t2, r->t2, sizeof(cv.t2));
	cv.p = window[0];
	cv.q = window[1];
	return sy_odyssey_conv_estimate(&cv, e, error);
}

gboolean sy_odyssey_design_estimate(
	const SyDesign *design, SyEstimate *e, GError **error)
{
	Read r = {0};
	const SyCode *leaf;
	int s;

	if (!design->pe_facts || !design->pe || !design->pe->code ||
		!design->grid)
		return refuse(error, "the design has no PE code");
	r.n = design->grid->n_members;
	if (r.n != 3 && r.n != 4)
		return refuse(error, "the kernel's band has not three or four "
				     "loops");
	s = mac_statement(design->pe_facts, r.n == 3 ? 3 : 6);
	if (s < 0)
		return refuse(error, "no one statement multiplies and adds "
				     "once");
	leaf = find_leaf(design->pe->code, s);
	if (!leaf)
		return refuse(error, "the PE runs no MAC");
	if (!read_tiles(design, leaf, &r, error))
		return FALSE;
	read_factors(design, &r);
	if (!(r.n == 3 ? estimate_mm(design, &r, e, error)
		       : estimate_conv(design, &r, e, error)))
		return FALSE;
	on_original(design, s, e);
	return TRUE;
}
