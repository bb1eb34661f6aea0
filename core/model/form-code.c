/* Re-setting a module code's size-dependent constants. */
#include "comm/design.h"
#include "model/form-code.h"
#include "model/form-domain.h"

/* What a constant is of its dimension. */
typedef enum {
	SY_FORM_SLOT_TRIP, /* its trip count plus offset (-1: last value) */
	SY_FORM_SLOT_STRIDE, /* its stride (a subscript's factor) */
	SY_FORM_SLOT_LAST, /* its value at the kernel's last iteration */
} SyFormSlotKind;

typedef struct {
	SyCodeExpr *node;
	SyFormDim dim;
	gint64 offset;
	SyFormSlotKind kind;
} SyFormSlot;

void sy_form_code_init(SyFormCode *fc)
{
	fc->slots = g_array_new(FALSE, FALSE, sizeof(SyFormSlot));
	fc->domains = sy_form_domains_new();
	fc->loops = g_ptr_array_new();
}

void sy_form_code_clear(SyFormCode *fc)
{
	g_clear_pointer(&fc->slots, g_array_unref);
	g_clear_pointer(&fc->domains, g_array_unref);
	g_clear_pointer(&fc->loops, g_ptr_array_unref);
}

typedef struct {
	SyFormCode *fc;
	const SyFormContext *ctx;
	SyFormSizes at; /* the sizes the code was built at */
	const char *what;
	GError **error;
	GArray *stmts; /* guint: the statements the node at hand runs */
} Collect;

/* The statements code runs (SyCode.stmt), into stmts. */
static void stmts_below(const SyCode *code, GArray *stmts)
{
	guint s;

	if (!code)
		return;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			stmts_below(code->children->pdata[k], stmts);
		return;
	case SY_CODE_FOR:
	case SY_CODE_MARK: stmts_below(code->body, stmts); return;
	case SY_CODE_IF:
		stmts_below(code->body, stmts);
		stmts_below(code->else_body, stmts);
		return;
	case SY_CODE_USER:
		if (code->stmt < 0)
			return;
		s = (guint)code->stmt;
		for (guint k = 0; k < stmts->len; k++)
			if (g_array_index(stmts, guint, k) == s)
				return;
		g_array_append_val(stmts, s);
		return;
	}
}

/* Sets the statements of the node at hand: those code runs. */
static void at_node(Collect *c, const SyCode *code)
{
	g_array_set_size(c->stmts, 0);
	stmts_below(code, c->stmts);
}

static gboolean refuse(Collect *c, const char *why, const char *name)
{
	g_set_error(c->error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
		"form: %s: %s %s", c->what, why, name);
	return FALSE;
}

/* The role of an identifier, whether its trips depend on the sizes. */
static gboolean sized(Collect *c, const char *name, SyFormDim *dim)
{
	const SyFormContext *x = c->ctx;

	return sy_form_role_of(name, x->roles, (const guint *)c->stmts->data,
		       c->stmts->len, x->config, dim) &&
		dim->role != SY_FORM_FIXED;
}

/* A constant compared with a dimension of trip count n: 0, n - 2 (isl
 * spells "all but the last" x <= n - 2), n - 1, n,
 * or the dimension's value at the kernel's last iteration (a FIFO
 * access's last request in a tile that does not divide its loop). */
static gboolean match(
	Collect *c, SyCodeExpr *k, const SyFormDim *dim, const char *name)
{
	gint64 n;

	if (dim->role == SY_FORM_AMBIGUOUS)
		return refuse(c, "a dimension of several roles:", name);
	n = sy_form_dim_trip(dim, &c->at).v;
	if (k->value == 0)
		return TRUE;
	if (k->value == n - 1 || k->value == n ||
		(k->value == n - 2 && n >= 3)) {
		g_array_append_val(c->fc->slots,
			((SyFormSlot){
				k, *dim, k->value - n, SY_FORM_SLOT_TRIP}));
		return TRUE;
	}
	if (k->value != sy_form_dim_last(dim, &c->at).v)
		return refuse(c, "a bound that is not a trip count:", name);
	g_array_append_val(
		c->fc->slots, ((SyFormSlot){k, *dim, 0, SY_FORM_SLOT_LAST}));
	return TRUE;
}

/* Whether e is "x >= 1" or "x < 1" (the first iteration or the
 * others: a host's tile loop whose partial results come in from DRAM
 * after its first launch) where x runs 3 or more times, so that 1 is
 * neither its trip count nor that minus 1: the same test at any trip
 * count of the class.  (At 2 trips it is read as n - 1 by match(), and
 * the form's probes tell which it is.) */
static gboolean past_first(Collect *c, const SyCodeExpr *e,
	const SyCodeExpr *id, const SyCodeExpr *k, const SyFormDim *dim)
{
	SyCodeOp op = e->op;

	if (id != e->args[0])
		op = op == SY_CODE_OP_LE      ? SY_CODE_OP_GE
			: op == SY_CODE_OP_GT ? SY_CODE_OP_LT
					      : op;
	return k->value == 1 && dim->role != SY_FORM_AMBIGUOUS &&
		(op == SY_CODE_OP_GE || op == SY_CODE_OP_LT) &&
		sy_form_dim_trip(dim, &c->at).v >= 3;
}

/* A subscript's factors of dimensions that are their strides (others
 * stay: the form's check compares what the model reads of them). */
static void strides(Collect *c, SyCodeExpr *e)
{
	SyCodeExpr *id, *k;
	SyFormDim dim;

	if (!e || e->kind != SY_CODE_EXPR_OP)
		return;
	for (guint a = 0; a < e->n_args; a++)
		strides(c, e->args[a]);
	if (e->op != SY_CODE_OP_MUL)
		return;
	id = e->args[0]->kind == SY_CODE_EXPR_ID ? e->args[0] : e->args[1];
	k = id == e->args[0] ? e->args[1] : e->args[0];
	if (id->kind != SY_CODE_EXPR_ID || k->kind != SY_CODE_EXPR_INT ||
		!sized(c, id->name, &dim) || dim.role == SY_FORM_AMBIGUOUS ||
		k->value != sy_form_dim_stride(&dim, &c->at).v)
		return;
	g_array_append_val(
		c->fc->slots, ((SyFormSlot){k, dim, 0, SY_FORM_SLOT_STRIDE}));
}

static gboolean reads_sized(Collect *c, const SyCodeExpr *e)
{
	SyFormDim dim;

	if (!e)
		return FALSE;
	if (e->kind == SY_CODE_EXPR_ID)
		return sized(c, e->name, &dim);
	for (guint k = 0; e->kind == SY_CODE_EXPR_OP && k < e->n_args; k++)
		if (reads_sized(c, e->args[k]))
			return TRUE;
	return FALSE;
}

static gboolean comparison(SyCodeOp op)
{
	return op == SY_CODE_OP_EQ || op == SY_CODE_OP_LE ||
		op == SY_CODE_OP_LT || op == SY_CODE_OP_GE ||
		op == SY_CODE_OP_GT;
}

static gboolean role_cb(const char *name, SyFormDim *dim, gpointer data)
{
	return sized(data, name, dim);
}

/* A padding guard lhs op rhs (form-domain.h). */
static gboolean domain(
	Collect *c, SyCodeOp op, SyCodeExpr *lhs, SyCodeExpr *rhs)
{
	return sy_form_domain_collect(
		       c->fc->domains, &c->at, op, lhs, rhs, role_cb, c) ||
		refuse(c, "an affine guard that is not", "a loop's padding");
}

/* A guard: conjunctions and disjunctions of a dimension compared with
 * a constant, or of a padding guard. */
static gboolean guard(Collect *c, SyCodeExpr *e)
{
	SyCodeExpr *id, *k;
	SyFormDim dim;

	if (!e || !reads_sized(c, e))
		return TRUE;
	if (e->kind == SY_CODE_EXPR_OP &&
		(e->op == SY_CODE_OP_AND || e->op == SY_CODE_OP_AND_THEN ||
			e->op == SY_CODE_OP_OR || e->op == SY_CODE_OP_OR_ELSE))
		return guard(c, e->args[0]) && guard(c, e->args[1]);
	if (e->kind != SY_CODE_EXPR_OP || !comparison(e->op))
		return refuse(c, "a condition of another form than", "x <= n");
	id = e->args[0]->kind == SY_CODE_EXPR_ID ? e->args[0] : e->args[1];
	k = id == e->args[0] ? e->args[1] : e->args[0];
	if (id->kind != SY_CODE_EXPR_ID || k->kind != SY_CODE_EXPR_INT)
		return domain(c, e->op, e->args[0], e->args[1]);
	if (!sized(c, id->name, &dim))
		return TRUE;
	return past_first(c, e, id, k, &dim) || match(c, k, &dim, id->name);
}

/* A statement's arguments: the conditions among them (a FIFO access's
 * request: a pinned lane, the first or last iteration) re-set as
 * guards are; subscripts stay (the form's check compares what the
 * model reads of them). */
static gboolean collect_args(Collect *c, SyCode *code)
{
	for (guint k = 0; code->args && k < code->args->len; k++) {
		SyCodeExpr *e = g_ptr_array_index(code->args, k);

		if (e && e->kind == SY_CODE_EXPR_OP &&
			(comparison(e->op) || e->op == SY_CODE_OP_AND ||
				e->op == SY_CODE_OP_AND_THEN ||
				e->op == SY_CODE_OP_OR ||
				e->op == SY_CODE_OP_OR_ELSE)) {
			if (!guard(c, e))
				return FALSE;
		} else {
			strides(c, e);
		}
	}
	return TRUE;
}

static gboolean collect(Collect *c, SyCode *code);

/* A loop's bound: x <= n (its trip count), or x <= min(n, padding) in
 * tiles that do not divide their loop (form-domain.h). */
static gboolean bound(Collect *c, SyCodeExpr *cond, const SyFormDim *dim)
{
	SyCodeExpr *x, *min;

	if (!cond || cond->kind != SY_CODE_EXPR_OP || !comparison(cond->op) ||
		cond->args[1]->kind != SY_CODE_EXPR_OP ||
		cond->args[1]->op != SY_CODE_OP_MIN)
		return guard(c, cond);
	x = cond->args[0];
	min = cond->args[1];
	for (guint k = 0; k < min->n_args; k++) {
		SyCodeExpr *a = min->args[k];
		gboolean ok = a->kind == SY_CODE_EXPR_INT
			? match(c, a, dim,
				  x->kind == SY_CODE_EXPR_ID ? x->name : "?")
			: domain(c, cond->op, x, a);

		if (!ok)
			return FALSE;
	}
	return TRUE;
}

static gboolean collect_for(Collect *c, SyCode *code)
{
	SyFormDim dim;

	at_node(c, code);
	if (!sized(c, code->name, &dim))
		return !reads_sized(c, code->init) &&
				!reads_sized(c, code->cond)
			? collect(c, code->body)
			: refuse(c, "bounds read a tile or a PE:", code->name);
	if (code->degenerate || code->init->kind != SY_CODE_EXPR_INT ||
		code->init->value != 0)
		return refuse(
			c, "a loop that does not start at 0:", code->name);
	g_ptr_array_add(c->fc->loops, code);
	return bound(c, code->cond, &dim) && collect(c, code->body);
}

/* The tile statement "T" of an I/O path's tile loops: each argument a
 * tile coordinate, a loop's iterator or a constant. */
static gboolean collect_tile(Collect *c, SyCode *code)
{
	for (guint d = 0; code->args && d < code->args->len; d++) {
		SyCodeExpr *e = g_ptr_array_index(code->args, d);
		SyFormDim dim;

		if (!e || e->kind == SY_CODE_EXPR_ID)
			continue;
		if (e->kind != SY_CODE_EXPR_INT ||
			d >= c->ctx->config->n_members)
			return refuse(c, "a tile coordinate that is not",
				"a loop's or a constant");
		dim = (SyFormDim){SY_FORM_TILES, c->ctx->config->order[d]};
		if (!match(c, e, &dim, "a tile coordinate"))
			return FALSE;
	}
	return TRUE;
}

static gboolean collect(Collect *c, SyCode *code)
{
	if (!code)
		return TRUE;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			if (!collect(c, g_ptr_array_index(code->children, k)))
				return FALSE;
		return TRUE;
	case SY_CODE_FOR: return collect_for(c, code);
	case SY_CODE_IF:
		at_node(c, code);
		return guard(c, code->cond) && collect(c, code->body) &&
			collect(c, code->else_body);
	case SY_CODE_MARK: return collect(c, code->body);
	case SY_CODE_USER:
		at_node(c, code);
		return g_strcmp0(code->name, "T") ? collect_args(c, code)
						  : collect_tile(c, code);
	}
	return TRUE;
}

gboolean sy_form_code_collect(SyFormCode *fc, const SyFormContext *ctx,
	SyCode *code, const char *what, GError **error)
{
	Collect c = {fc, ctx, {ctx->choices, ctx->config, NULL}, what, error,
		g_array_new(FALSE, FALSE, sizeof(guint))};
	gboolean ok = collect(&c, code);

	g_array_unref(c.stmts);
	return ok;
}

/* A loop's trip count as sy_code_for_trip finds it, its constants'
 * nodes on t: `it <= b` or `it < b` from an integer start by a
 * positive integer step (the shape, which the sizes do not change,
 * says whether it is one). */
static SyNum loop_trip(SyTape *t, const SyCode *l)
{
	const SyCodeExpr *c = l->cond;
	SyNum from, step, bound;

	if (l->degenerate || l->trip < 0 || !l->init ||
		l->init->kind != SY_CODE_EXPR_INT || !l->inc ||
		l->inc->kind != SY_CODE_EXPR_INT || !c ||
		c->kind != SY_CODE_EXPR_OP ||
		(c->op != SY_CODE_OP_LE && c->op != SY_CODE_OP_LT) ||
		c->args[1]->kind != SY_CODE_EXPR_INT)
		return sy_num(l->trip);
	from = sy_num_i64(t, &l->init->value);
	step = sy_num_i64(t, &l->inc->value);
	bound = sy_num_i64(t, &c->args[1]->value);
	if (c->op == SY_CODE_OP_LT)
		bound = sy_num_sub(t, bound, sy_num(1));
	if (sy_num_holds(t, sy_num_lt(t, bound, from)))
		return sy_num(0);
	return sy_num_add(
		t, sy_num_div(t, sy_num_sub(t, bound, from), step), sy_num(1));
}

static SyNum slot_value(const SyFormSlot *s, const SyFormSizes *sizes)
{
	switch (s->kind) {
	case SY_FORM_SLOT_STRIDE: return sy_form_dim_stride(&s->dim, sizes);
	case SY_FORM_SLOT_LAST: return sy_form_dim_last(&s->dim, sizes);
	case SY_FORM_SLOT_TRIP: break;
	}
	return sy_num_add(sy_form_sizes_tape(sizes),
		sy_form_dim_trip(&s->dim, sizes), sy_num(s->offset));
}

void sy_form_code_set(SyFormCode *fc, const SyFormSizes *sizes)
{
	SyTape *t = sy_form_sizes_tape(sizes);

	for (guint k = 0; k < fc->slots->len; k++) {
		SyFormSlot *s = &g_array_index(fc->slots, SyFormSlot, k);

		sy_tape_set_i64(t, &s->node->value, slot_value(s, sizes));
	}
	sy_form_domain_set(fc->domains, sizes);
	for (guint k = 0; k < fc->loops->len; k++) {
		SyCode *l = g_ptr_array_index(fc->loops, k);

		l->trip = sy_code_for_trip(
			l->name, l->init, l->cond, l->inc, l->degenerate);
		if (t)
			sy_tape_define(t, &l->trip, loop_trip(t, l));
	}
}

void sy_form_code_live(const SyFormCode *fc, SyTape *tape)
{
	for (guint k = 0; k < fc->slots->len; k++)
		sy_tape_live(tape,
			&g_array_index(fc->slots, SyFormSlot, k).node->value);
	sy_form_domain_live(fc->domains, tape);
	for (guint k = 0; k < fc->loops->len; k++)
		sy_tape_live(tape, &((SyCode *)fc->loops->pdata[k])->trip);
}

static gboolean same_children(const SyCode *a, const SyCode *b)
{
	if (a->children->len != b->children->len)
		return FALSE;
	for (guint k = 0; k < a->children->len; k++)
		if (!sy_form_code_same(g_ptr_array_index(a->children, k),
			    g_ptr_array_index(b->children, k)))
			return FALSE;
	return TRUE;
}

static gboolean same_args(const SyCode *a, const SyCode *b)
{
	guint n = a->args ? a->args->len : 0;

	if (n != (b->args ? b->args->len : 0))
		return FALSE;
	for (guint k = 0; k < n; k++)
		if (!sy_code_expr_is_equal(g_ptr_array_index(a->args, k),
			    g_ptr_array_index(b->args, k)))
			return FALSE;
	return TRUE;
}

gboolean sy_form_code_same(const SyCode *a, const SyCode *b)
{
	if (!a || !b)
		return a == b;
	if (a->kind != b->kind || g_strcmp0(a->name, b->name))
		return FALSE;
	switch (a->kind) {
	case SY_CODE_BLOCK: return same_children(a, b);
	case SY_CODE_FOR:
		return sy_code_expr_is_equal(a->init, b->init) &&
			sy_code_expr_is_equal(a->cond, b->cond) &&
			sy_code_expr_is_equal(a->inc, b->inc) &&
			a->degenerate == b->degenerate && a->trip == b->trip &&
			a->pragma == b->pragma && a->ii == b->ii &&
			sy_form_code_same(a->body, b->body);
	case SY_CODE_IF:
		return sy_code_expr_is_equal(a->cond, b->cond) &&
			sy_form_code_same(a->body, b->body) &&
			sy_form_code_same(a->else_body, b->else_body);
	case SY_CODE_MARK: return sy_form_code_same(a->body, b->body);
	case SY_CODE_USER:
		return a->stmt == b->stmt &&
			(g_strcmp0(a->name, "T") || same_args(a, b));
	}
	return FALSE;
}
