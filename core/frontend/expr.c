#include "base/diag.h"
#include "frontend/expr.h"

SyExpr *sy_expr_new(SyExprKind kind, const SyToken *first)
{
	SyExpr *expr = g_new0(SyExpr, 1);

	expr->kind = kind;
	expr->loc = first->loc;
	expr->span = first->span;
	expr->macro = first->macro;
	return expr;
}

void sy_expr_add_arg(SyExpr *expr, SyExpr *arg)
{
	expr->args = g_renew(SyExpr *, expr->args, expr->n_args + 1);
	expr->args[expr->n_args++] = arg;
}

/* Extends the underlined span to the end of last, if on the same line of
 * the same file (a span never crosses lines). */
static void extend_span(SyExpr *expr, const SyLoc *loc, guint len)
{
	if (loc->src != expr->loc.src || loc->line != expr->loc.line ||
		loc->offset < expr->loc.offset)
		return;
	if (loc->offset + len - expr->loc.offset > expr->span)
		expr->span = (guint)(loc->offset + len - expr->loc.offset);
}

void sy_expr_set_end(SyExpr *expr, const SyToken *last)
{
	extend_span(expr, &last->loc, last->span);
}

void sy_expr_join_span(SyExpr *expr, const SyExpr *last)
{
	extend_span(expr, &last->loc, last->span);
}

SyExpr *sy_expr_copy(const SyExpr *expr)
{
	SyExpr *copy = g_memdup2(expr, sizeof *expr);

	copy->name = g_strdup(expr->name);
	copy->args = g_new(SyExpr *, expr->n_args);
	for (guint i = 0; i < expr->n_args; i++)
		copy->args[i] = sy_expr_copy(expr->args[i]);
	return copy;
}

void sy_expr_free(SyExpr *expr)
{
	if (!expr)
		return;
	for (guint i = 0; i < expr->n_args; i++)
		sy_expr_free(expr->args[i]);
	g_free(expr->args);
	g_free(expr->name);
	g_free(expr);
}

static gboolean eval_fail(const SyExpr *expr, GError **error, SyInputError code,
	const char *hint, const char *what)
{
	sy_input_error_set(
		error, code, &expr->loc, expr->span, hint, "%s", what);
	return FALSE;
}

static gboolean overflow(const SyExpr *expr, GError **error)
{
	return eval_fail(expr, error, SY_INPUT_ERROR_SEMANTIC,
		"integer constant expressions are computed in 64-bit signed "
		"integers",
		"integer overflow");
}

static gboolean not_constant(const SyExpr *expr, GError **error)
{
	return eval_fail(expr, error, SY_INPUT_ERROR_NOT_CONSTANT,
		"integer constant expressions are made of numbers, object-like "
		"macros and C's integer operators",
		"not an integer constant expression");
}

static gboolean eval_binary(
	const SyExpr *expr, gint64 a, gint64 b, gint64 *v, GError **error)
{
	switch (expr->op) {
	case SY_P_PLUS:
		if (__builtin_add_overflow(a, b, v))
			return overflow(expr, error);
		return TRUE;
	case SY_P_MINUS:
		if (__builtin_sub_overflow(a, b, v))
			return overflow(expr, error);
		return TRUE;
	case SY_P_STAR:
		if (__builtin_mul_overflow(a, b, v))
			return overflow(expr, error);
		return TRUE;
	case SY_P_SLASH:
	case SY_P_PERCENT:
		if (b == 0)
			return eval_fail(expr, error, SY_INPUT_ERROR_SEMANTIC,
				"the divisor evaluates to zero",
				"division by zero");
		if (a == G_MININT64 && b == -1)
			return overflow(expr, error);
		*v = expr->op == SY_P_SLASH ? a / b : a % b;
		return TRUE;
	case SY_P_SHL:
	case SY_P_SHR:
		if (b < 0 || b > 62 || a < 0)
			return eval_fail(expr, error, SY_INPUT_ERROR_SEMANTIC,
				"shift non-negative values by 0 to 62 bits",
				"shift out of range or of a negative value");
		if (expr->op == SY_P_SHL && a > (G_MAXINT64 >> b))
			return overflow(expr, error);
		*v = expr->op == SY_P_SHL ? a << b : a >> b;
		return TRUE;
	case SY_P_LT: *v = a < b; return TRUE;
	case SY_P_LE: *v = a <= b; return TRUE;
	case SY_P_GT: *v = a > b; return TRUE;
	case SY_P_GE: *v = a >= b; return TRUE;
	case SY_P_EQ: *v = a == b; return TRUE;
	case SY_P_NE: *v = a != b; return TRUE;
	case SY_P_AMP: *v = a & b; return TRUE;
	case SY_P_PIPE: *v = a | b; return TRUE;
	case SY_P_CARET: *v = a ^ b; return TRUE;
	default: return not_constant(expr, error);
	}
}

gboolean sy_expr_eval_int(const SyExpr *expr, gint64 *value, GError **error)
{
	gint64 a, b;

	switch (expr->kind) {
	case SY_EXPR_INT: *value = expr->value; return TRUE;
	case SY_EXPR_CAST: return sy_expr_eval_int(expr->args[0], value, error);
	case SY_EXPR_UNARY:
		if (!sy_expr_eval_int(expr->args[0], &a, error))
			return FALSE;
		switch (expr->postfix ? SY_P_NONE : expr->op) {
		case SY_P_MINUS:
			if (a == G_MININT64)
				return overflow(expr, error);
			*value = -a;
			return TRUE;
		case SY_P_PLUS: *value = a; return TRUE;
		case SY_P_NOT: *value = !a; return TRUE;
		case SY_P_TILDE: *value = ~a; return TRUE;
		default: break;
		}
		break;
	case SY_EXPR_BINARY:
		if (!sy_expr_eval_int(expr->args[0], &a, error))
			return FALSE;
		/* && and || do not evaluate their right operand needlessly. */
		if (expr->op == SY_P_ANDAND && !a) {
			*value = 0;
			return TRUE;
		}
		if (expr->op == SY_P_OROR && a) {
			*value = 1;
			return TRUE;
		}
		if (!sy_expr_eval_int(expr->args[1], &b, error))
			return FALSE;
		if (expr->op == SY_P_ANDAND || expr->op == SY_P_OROR) {
			*value = b != 0;
			return TRUE;
		}
		return eval_binary(expr, a, b, value, error);
	case SY_EXPR_COND:
		if (!sy_expr_eval_int(expr->args[0], &a, error))
			return FALSE;
		return sy_expr_eval_int(expr->args[a ? 1 : 2], value, error);
	default: break;
	}
	return not_constant(expr, error);
}

int sy_punct_binary_prec(SyPunct op)
{
	switch (op) {
	case SY_P_STAR:
	case SY_P_SLASH:
	case SY_P_PERCENT: return 13;
	case SY_P_PLUS:
	case SY_P_MINUS: return 12;
	case SY_P_SHL:
	case SY_P_SHR: return 11;
	case SY_P_LT:
	case SY_P_LE:
	case SY_P_GT:
	case SY_P_GE: return 10;
	case SY_P_EQ:
	case SY_P_NE: return 9;
	case SY_P_AMP: return 8;
	case SY_P_CARET: return 7;
	case SY_P_PIPE: return 6;
	case SY_P_ANDAND: return 5;
	case SY_P_OROR: return 4;
	default: return 0;
	}
}

static int expr_prec(const SyExpr *expr)
{
	switch (expr->kind) {
	case SY_EXPR_UNARY: return expr->postfix ? 15 : 14;
	case SY_EXPR_CAST: return 14;
	case SY_EXPR_BINARY: return sy_punct_binary_prec(expr->op);
	case SY_EXPR_COND: return 3;
	default: return 16;
	}
}

typedef struct {
	SyExprSubst subst;
	gpointer user;
} Printer;

static void print_expr(GString *out, const SyExpr *expr, const Printer *pr);

static void print_prec(
	GString *out, const SyExpr *expr, int min_prec, const Printer *pr)
{
	gboolean paren = expr_prec(expr) < min_prec;

	if (pr->subst && pr->subst(out, expr, min_prec, pr->user))
		return;
	if (paren)
		g_string_append_c(out, '(');
	print_expr(out, expr, pr);
	if (paren)
		g_string_append_c(out, ')');
}

void sy_expr_print(GString *out, const SyExpr *expr)
{
	Printer pr = {NULL, NULL};

	print_prec(out, expr, 0, &pr);
}

void sy_expr_print_with(
	GString *out, const SyExpr *expr, SyExprSubst subst, gpointer user)
{
	Printer pr = {subst, user};

	print_prec(out, expr, 0, &pr);
}

static void print_expr(GString *out, const SyExpr *expr, const Printer *pr)
{
	int prec = expr_prec(expr);

	switch (expr->kind) {
	case SY_EXPR_INT:
		g_string_append_printf(out, "%" G_GINT64_FORMAT, expr->value);
		break;
	case SY_EXPR_FLOAT:
	case SY_EXPR_NAME: g_string_append(out, expr->name); break;
	case SY_EXPR_INDEX:
		g_string_append(out, expr->name);
		for (guint i = 0; i < expr->n_args; i++) {
			g_string_append_c(out, '[');
			print_prec(out, expr->args[i], 0, pr);
			g_string_append_c(out, ']');
		}
		break;
	case SY_EXPR_CALL:
		g_string_append_printf(out, "%s(", expr->name);
		for (guint i = 0; i < expr->n_args; i++) {
			if (i)
				g_string_append(out, ", ");
			print_prec(out, expr->args[i], 0, pr);
		}
		g_string_append_c(out, ')');
		break;
	case SY_EXPR_UNARY:
		if (expr->postfix) {
			print_prec(out, expr->args[0], prec, pr);
			g_string_append(out, sy_punct_spelling(expr->op));
			break;
		}
		g_string_append(out, sy_punct_spelling(expr->op));
		/* Keep "- -x" from printing as the decrement "--x". */
		if (expr->args[0]->kind == SY_EXPR_UNARY &&
			!expr->args[0]->postfix &&
			(expr->op == SY_P_MINUS || expr->op == SY_P_PLUS))
			g_string_append_c(out, ' ');
		print_prec(out, expr->args[0], prec, pr);
		break;
	case SY_EXPR_BINARY:
		/* Left-associative: the right operand needs a higher level. */
		print_prec(out, expr->args[0], prec, pr);
		g_string_append_printf(
			out, " %s ", sy_punct_spelling(expr->op));
		print_prec(out, expr->args[1], prec + 1, pr);
		break;
	case SY_EXPR_COND:
		print_prec(out, expr->args[0], prec + 1, pr);
		g_string_append(out, " ? ");
		print_prec(out, expr->args[1], prec, pr);
		g_string_append(out, " : ");
		print_prec(out, expr->args[2], prec, pr);
		break;
	case SY_EXPR_CAST:
		g_string_append_printf(out, "(%s)", expr->name);
		print_prec(out, expr->args[0], prec, pr);
		break;
	}
}

char *sy_expr_to_string(const SyExpr *expr)
{
	GString *out = g_string_new(NULL);

	sy_expr_print(out, expr);
	return g_string_free(out, FALSE);
}
