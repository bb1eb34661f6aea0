#include <string.h>

#include "compute/code.h"

/* Expressions */

static const char *const op_names[SY_CODE_N_OPS] = {
	[SY_CODE_OP_AND] = "and",
	[SY_CODE_OP_AND_THEN] = "and_then",
	[SY_CODE_OP_OR] = "or",
	[SY_CODE_OP_OR_ELSE] = "or_else",
	[SY_CODE_OP_MAX] = "max",
	[SY_CODE_OP_MIN] = "min",
	[SY_CODE_OP_MINUS] = "minus",
	[SY_CODE_OP_ADD] = "add",
	[SY_CODE_OP_SUB] = "sub",
	[SY_CODE_OP_MUL] = "mul",
	[SY_CODE_OP_DIV] = "div",
	[SY_CODE_OP_FDIV_Q] = "fdiv_q",
	[SY_CODE_OP_PDIV_Q] = "pdiv_q",
	[SY_CODE_OP_PDIV_R] = "pdiv_r",
	[SY_CODE_OP_ZDIV_R] = "zdiv_r",
	[SY_CODE_OP_COND] = "cond",
	[SY_CODE_OP_SELECT] = "select",
	[SY_CODE_OP_EQ] = "eq",
	[SY_CODE_OP_LE] = "le",
	[SY_CODE_OP_LT] = "lt",
	[SY_CODE_OP_GE] = "ge",
	[SY_CODE_OP_GT] = "gt",
	[SY_CODE_OP_CALL] = "call",
	[SY_CODE_OP_ACCESS] = "access",
	[SY_CODE_OP_MEMBER] = "member",
	[SY_CODE_OP_ADDRESS_OF] = "address_of",
};

const char *sy_code_op_name(SyCodeOp op)
{
	return (guint)op < SY_CODE_N_OPS ? op_names[op] : NULL;
}

SyCodeOp sy_code_op_from_name(const char *name)
{
	guint i = 0;

	while (i < SY_CODE_N_OPS && strcmp(name, op_names[i]) != 0)
		i++;
	return (SyCodeOp)i;
}

/* isl's arities: min and max are n-ary, calls and accesses have a
 * function or an array and any number of arguments. */
gboolean sy_code_op_takes(SyCodeOp op, guint n)
{
	switch (op) {
	case SY_CODE_OP_MINUS:
	case SY_CODE_OP_ADDRESS_OF: return n == 1;
	case SY_CODE_OP_MIN:
	case SY_CODE_OP_MAX: return n >= 2;
	case SY_CODE_OP_COND:
	case SY_CODE_OP_SELECT: return n == 3;
	case SY_CODE_OP_CALL:
	case SY_CODE_OP_ACCESS: return n >= 1;
	default: return (guint)op < SY_CODE_N_OPS && n == 2;
	}
}

SyCodeExpr *sy_code_expr_int(gint64 value)
{
	SyCodeExpr *e = g_new0(SyCodeExpr, 1);

	e->kind = SY_CODE_EXPR_INT;
	e->value = value;
	return e;
}

SyCodeExpr *sy_code_expr_id(const char *name)
{
	SyCodeExpr *e = g_new0(SyCodeExpr, 1);

	e->kind = SY_CODE_EXPR_ID;
	e->name = g_strdup(name);
	return e;
}

SyCodeExpr *sy_code_expr_op(SyCodeOp op, guint n, SyCodeExpr **args)
{
	SyCodeExpr *e;
	gboolean ok = sy_code_op_takes(op, n);

	for (guint k = 0; k < n; k++)
		ok = ok && args[k];
	if (!ok) {
		for (guint k = 0; k < n; k++)
			sy_code_expr_free(args[k]);
		return NULL;
	}
	e = g_new0(SyCodeExpr, 1);
	e->kind = SY_CODE_EXPR_OP;
	e->op = op;
	e->n_args = n;
	e->args = g_memdup2(args, n * sizeof(*args));
	return e;
}

SyCodeExpr *sy_code_expr_op1(SyCodeOp op, SyCodeExpr *a)
{
	return sy_code_expr_op(op, 1, &a);
}

SyCodeExpr *sy_code_expr_op2(SyCodeOp op, SyCodeExpr *a, SyCodeExpr *b)
{
	SyCodeExpr *args[] = {a, b};

	return sy_code_expr_op(op, 2, args);
}

SyCodeExpr *sy_code_expr_op3(
	SyCodeOp op, SyCodeExpr *a, SyCodeExpr *b, SyCodeExpr *c)
{
	SyCodeExpr *args[] = {a, b, c};

	return sy_code_expr_op(op, 3, args);
}

void sy_code_expr_free(SyCodeExpr *e)
{
	if (!e)
		return;
	for (guint k = 0; k < e->n_args; k++)
		sy_code_expr_free(e->args[k]);
	g_free(e->args);
	g_free(e->name);
	g_free(e);
}

SyCodeExpr *sy_code_expr_copy(const SyCodeExpr *e)
{
	SyCodeExpr *c;

	if (!e)
		return NULL;
	c = g_memdup2(e, sizeof(*e));
	c->name = g_strdup(e->name);
	c->args = g_new(SyCodeExpr *, e->n_args);
	for (guint k = 0; k < e->n_args; k++)
		c->args[k] = sy_code_expr_copy(e->args[k]);
	return c;
}

gboolean sy_code_expr_is_equal(const SyCodeExpr *a, const SyCodeExpr *b)
{
	if (!a || !b)
		return a == b;
	if (a->kind != b->kind)
		return FALSE;
	switch (a->kind) {
	case SY_CODE_EXPR_INT: return a->value == b->value;
	case SY_CODE_EXPR_ID: return strcmp(a->name, b->name) == 0;
	case SY_CODE_EXPR_OP: break;
	}
	if (a->op != b->op || a->n_args != b->n_args)
		return FALSE;
	for (guint k = 0; k < a->n_args; k++)
		if (!sy_code_expr_is_equal(a->args[k], b->args[k]))
			return FALSE;
	return TRUE;
}

/* Nodes */

static SyCode *code_new(SyCodeKind kind)
{
	SyCode *c = g_new0(SyCode, 1);

	c->kind = kind;
	c->trip = -1;
	c->stmt = -1;
	return c;
}

SyCode *sy_code_block_new(void)
{
	SyCode *c = code_new(SY_CODE_BLOCK);

	c->children = g_ptr_array_new_with_free_func(
		(GDestroyNotify)(void (*)(void))sy_code_free);
	return c;
}

void sy_code_block_add(SyCode *block, SyCode *child)
{
	g_ptr_array_add(block->children, child);
}

static gboolean is_int(const SyCodeExpr *e, gint64 *v)
{
	if (!e || e->kind != SY_CODE_EXPR_INT)
		return FALSE;
	*v = e->value;
	return TRUE;
}

/* "iterator <= bound" or "iterator < bound" (bound included or not). */
static gboolean plain_bound(const char *iterator, const SyCodeExpr *cond,
	gint64 *bound, gboolean *strict)
{
	if (!cond || cond->kind != SY_CODE_EXPR_OP ||
		(cond->op != SY_CODE_OP_LE && cond->op != SY_CODE_OP_LT))
		return FALSE;
	if (cond->args[0]->kind != SY_CODE_EXPR_ID ||
		strcmp(cond->args[0]->name, iterator) != 0)
		return FALSE;
	*strict = cond->op == SY_CODE_OP_LT;
	return is_int(cond->args[1], bound);
}

gint64 sy_code_for_trip(const char *iterator, const SyCodeExpr *init,
	const SyCodeExpr *cond, const SyCodeExpr *inc, gboolean degenerate)
{
	gint64 from, bound, step, span;
	gboolean strict;

	if (degenerate)
		return 1;
	if (!is_int(init, &from) || !is_int(inc, &step) || step <= 0 ||
		!plain_bound(iterator, cond, &bound, &strict))
		return -1;
	/* The last value taken is at most bound (bound - 1 when strict). */
	if (strict && bound == G_MININT64)
		return 0;
	bound -= strict;
	if (bound < from)
		return 0;
	if (__builtin_sub_overflow(bound, from, &span))
		return -1;
	/* span / step + 1 <= span + 1: no overflow unless step is 1 and
	 * span the largest gint64. */
	if (span / step == G_MAXINT64)
		return -1;
	return span / step + 1;
}

SyCode *sy_code_for_new(const char *iterator, SyCodeExpr *init,
	SyCodeExpr *cond, SyCodeExpr *inc, gboolean degenerate, SyCode *body)
{
	SyCode *c = code_new(SY_CODE_FOR);

	c->name = g_strdup(iterator);
	c->init = init;
	c->cond = cond;
	c->inc = inc;
	c->degenerate = degenerate;
	c->body = body;
	c->trip = sy_code_for_trip(iterator, init, cond, inc, degenerate);
	return c;
}

SyCode *sy_code_if_new(SyCodeExpr *cond, SyCode *then_body, SyCode *else_body)
{
	SyCode *c = code_new(SY_CODE_IF);

	c->cond = cond;
	c->body = then_body;
	c->else_body = else_body;
	return c;
}

SyCode *sy_code_mark_new(const char *name, SyCode *body)
{
	SyCode *c = code_new(SY_CODE_MARK);

	c->name = g_strdup(name);
	c->body = body;
	return c;
}

SyCode *sy_code_user_new(const char *name)
{
	SyCode *c = code_new(SY_CODE_USER);

	c->name = g_strdup(name);
	c->args = g_ptr_array_new_with_free_func(
		(GDestroyNotify)(void (*)(void))sy_code_expr_free);
	return c;
}

void sy_code_user_add(SyCode *user, SyCodeExpr *arg)
{
	g_ptr_array_add(user->args, arg);
}

void sy_code_free(SyCode *c)
{
	if (!c)
		return;
	g_free(c->name);
	sy_code_expr_free(c->init);
	sy_code_expr_free(c->cond);
	sy_code_expr_free(c->inc);
	sy_code_free(c->body);
	sy_code_free(c->else_body);
	if (c->children)
		g_ptr_array_unref(c->children);
	if (c->args)
		g_ptr_array_unref(c->args);
	g_free(c);
}

SyCode *sy_code_copy(const SyCode *c)
{
	SyCode *copy;

	if (!c)
		return NULL;
	copy = g_memdup2(c, sizeof(*c));
	copy->name = g_strdup(c->name);
	copy->init = sy_code_expr_copy(c->init);
	copy->cond = sy_code_expr_copy(c->cond);
	copy->inc = sy_code_expr_copy(c->inc);
	copy->body = sy_code_copy(c->body);
	copy->else_body = sy_code_copy(c->else_body);
	if (c->children) {
		copy->children = g_ptr_array_new_full(c->children->len,
			(GDestroyNotify)(void (*)(void))sy_code_free);
		for (guint i = 0; i < c->children->len; i++)
			g_ptr_array_add(copy->children,
				sy_code_copy(c->children->pdata[i]));
	}
	if (c->args) {
		copy->args = g_ptr_array_new_full(c->args->len,
			(GDestroyNotify)(void (*)(void))sy_code_expr_free);
		for (guint i = 0; i < c->args->len; i++)
			g_ptr_array_add(copy->args,
				sy_code_expr_copy(c->args->pdata[i]));
	}
	return copy;
}

static gboolean list_is_equal(GPtrArray *a, GPtrArray *b, gboolean exprs)
{
	if (!a || !b)
		return a == b;
	if (a->len != b->len)
		return FALSE;
	for (guint i = 0; i < a->len; i++)
		if (exprs ? !sy_code_expr_is_equal(a->pdata[i], b->pdata[i])
			  : !sy_code_is_equal(a->pdata[i], b->pdata[i]))
			return FALSE;
	return TRUE;
}

const char *const sy_code_iterator_prefixes[] = {"c", "t", "p", "sy_c", NULL};

int sy_code_loop_dim(const SyCode *loop)
{
	const char *const *prefixes = sy_code_iterator_prefixes;
	const char *name = loop->kind == SY_CODE_FOR ? loop->name : "";
	const char *digits = name + strlen(name);

	while (digits > name && g_ascii_isdigit(digits[-1]))
		digits--;
	if (!*digits)
		return -1;
	for (guint i = 0; prefixes[i]; i++)
		if (strlen(prefixes[i]) == (gsize)(digits - name) &&
			strncmp(name, prefixes[i], (gsize)(digits - name)) == 0)
			return atoi(digits);
	return -1;
}

const SyCode *sy_code_outer_loop(const SyCode *node, guint n)
{
	int dim;

	while (node &&
		(node->kind == SY_CODE_MARK ||
			(node->kind == SY_CODE_BLOCK &&
				node->children->len == 1)))
		node = node->kind == SY_CODE_MARK ? node->body
						  : node->children->pdata[0];
	dim = node ? sy_code_loop_dim(node) : -1;
	return dim >= 0 && (guint)dim < n ? node : NULL;
}

gboolean sy_code_has_loop(const SyCode *code, int dim)
{
	if (!code)
		return FALSE;
	if (sy_code_loop_dim(code) == dim)
		return TRUE;
	if (code->kind == SY_CODE_BLOCK)
		for (guint i = 0; i < code->children->len; i++)
			if (sy_code_has_loop(code->children->pdata[i], dim))
				return TRUE;
	return sy_code_has_loop(code->body, dim) ||
		sy_code_has_loop(code->else_body, dim);
}

SyCode *sy_code_at_value(const char *iterator, gint64 value, SyCode *body)
{
	SyCodeExpr *cond = sy_code_expr_op2(SY_CODE_OP_LE,
		sy_code_expr_id(iterator), sy_code_expr_int(value));

	return sy_code_for_new(iterator, sy_code_expr_int(value), cond,
		sy_code_expr_int(1), TRUE, body);
}

gboolean sy_code_is_equal(const SyCode *a, const SyCode *b)
{
	if (!a || !b)
		return a == b;
	return a->kind == b->kind && g_strcmp0(a->name, b->name) == 0 &&
		sy_code_expr_is_equal(a->init, b->init) &&
		sy_code_expr_is_equal(a->cond, b->cond) &&
		sy_code_expr_is_equal(a->inc, b->inc) &&
		a->degenerate == b->degenerate && a->trip == b->trip &&
		a->pragma == b->pragma && a->ii == b->ii &&
		a->stmt == b->stmt && sy_code_is_equal(a->body, b->body) &&
		sy_code_is_equal(a->else_body, b->else_body) &&
		list_is_equal(a->children, b->children, FALSE) &&
		list_is_equal(a->args, b->args, TRUE);
}

const char *sy_code_kind_name(SyCodeKind kind)
{
	static const char *const names[] = {
		"block", "for", "if", "mark", "user"};

	return (guint)kind < G_N_ELEMENTS(names) ? names[kind] : NULL;
}
