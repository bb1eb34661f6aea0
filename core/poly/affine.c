#include <string.h>

#include <isl/local_space.h>
#include <isl/space.h>
#include <isl/val.h>

#include "base/diag.h"
#include "poly/affine.h"

static const char *use_name(const SyAffineEnv *env)
{
	return env->use == SY_AFFINE_SUBSCRIPT ? "subscript"
					       : "loop bound or condition";
}

static const char *use_hint(const SyAffineEnv *env)
{
	return env->use == SY_AFFINE_SUBSCRIPT
		? "subscripts must be affine in the loop iterators, with "
		  "integer constants: A[i + 1][2 * j - 1]"
		: "bounds and conditions must be affine in the enclosing "
		  "iterators, with integer constants: i + 1, 2 * j - N, "
		  "min(i, N), floord(i, 4)";
}

static void *fail(const SyAffineEnv *env, const SyExpr *at, GError **error,
	const char *format, ...) G_GNUC_PRINTF(4, 5);

static void *fail(const SyAffineEnv *env, const SyExpr *at, GError **error,
	const char *format, ...)
{
	va_list args;
	g_autofree char *what = NULL;

	va_start(args, format);
	what = g_strdup_vprintf(format, args);
	va_end(args);
	sy_input_error_set(error, SY_INPUT_ERROR_UNSUPPORTED, &at->loc,
		at->span, use_hint(env), "%s", what);
	return NULL;
}

static isl_local_space *local_space(const SyAffineEnv *env)
{
	return isl_local_space_from_space(isl_space_copy(env->space));
}

static isl_pw_aff *constant(const SyAffineEnv *env, gint64 value)
{
	isl_ctx *ctx = isl_space_get_ctx(env->space);
	isl_set *universe = isl_set_universe(isl_space_copy(env->space));

	return isl_pw_aff_val_on_domain(
		universe, isl_val_int_from_si(ctx, value));
}

static isl_pw_aff *name_to_aff(
	const SyAffineEnv *env, const SyExpr *e, GError **error)
{
	const SyVar *var = sy_expr_var(e);

	for (guint i = 0; i < env->n_iters; i++)
		if (env->iters[i] == var)
			return isl_pw_aff_var_on_domain(
				local_space(env), isl_dim_set, i);
	if (var && var->kind == SY_VAR_ITERATOR)
		return fail(env, e, error,
			"iterator '%s' is not defined "
			"here",
			e->name);
	return fail(env, e, error,
		"'%s' is a variable: a %s may use only "
		"loop iterators and constants (make '%s' a #define, or pass "
		"-D %s=VALUE)",
		e->name, use_name(env), e->name, e->name);
}

/* The divisor of / % floord ceild: a positive integer constant. */
static gboolean divisor(
	const SyAffineEnv *env, const SyExpr *e, gint64 *value, GError **error)
{
	GError *err = NULL;

	if (!sy_expr_eval_int(e, value, &err) || *value <= 0) {
		g_clear_error(&err);
		fail(env, e, error,
			"division by something other than a "
			"positive integer constant in a %s",
			use_name(env));
		return FALSE;
	}
	return TRUE;
}

static isl_pw_aff *div_by(
	const SyAffineEnv *env, isl_pw_aff *a, gint64 d, SyPunct op)
{
	isl_pw_aff *c = constant(env, d);

	switch (op) {
	case SY_P_SLASH: return isl_pw_aff_tdiv_q(a, c);
	case SY_P_PERCENT: return isl_pw_aff_tdiv_r(a, c);
	case SY_P_LT: /* floord */
		return isl_pw_aff_floor(isl_pw_aff_div(a, c));
	default: /* ceild */ return isl_pw_aff_ceil(isl_pw_aff_div(a, c));
	}
}

static isl_pw_aff *call_to_aff(
	const SyAffineEnv *env, const SyExpr *e, GError **error)
{
	gboolean is_min = strcmp(e->name, "min") == 0;
	gboolean is_max = strcmp(e->name, "max") == 0;
	gboolean is_floord = strcmp(e->name, "floord") == 0;
	gboolean is_ceild = strcmp(e->name, "ceild") == 0;
	isl_pw_aff *acc;
	gint64 d;

	if ((is_min || is_max) && e->n_args >= 2) {
		acc = sy_affine_from_expr(env, e->args[0], error);
		for (guint i = 1; acc && i < e->n_args; i++) {
			isl_pw_aff *b = sy_affine_from_expr(
				env, e->args[i], error);

			if (!b)
				return isl_pw_aff_free(acc);
			acc = is_min ? isl_pw_aff_min(acc, b)
				     : isl_pw_aff_max(acc, b);
		}
		return acc;
	}
	if ((is_floord || is_ceild) && e->n_args == 2) {
		if (!divisor(env, e->args[1], &d, error))
			return NULL;
		acc = sy_affine_from_expr(env, e->args[0], error);
		return acc ? div_by(env, acc, d, is_floord ? SY_P_LT : SY_P_GT)
			   : NULL;
	}
	if (is_min || is_max || is_floord || is_ceild)
		return fail(env, e, error, "'%s' takes %s arguments", e->name,
			is_min || is_max ? "two or more" : "two");
	return fail(env, e, error,
		"call to '%s' in a %s: calls may appear "
		"only in the values a statement computes",
		e->name, use_name(env));
}

static isl_pw_aff *binary_to_aff(
	const SyAffineEnv *env, const SyExpr *e, GError **error)
{
	isl_pw_aff *a, *b;
	gint64 d;

	switch (e->op) {
	case SY_P_PLUS:
	case SY_P_MINUS:
	case SY_P_STAR: break;
	case SY_P_SLASH:
	case SY_P_PERCENT:
		if (!divisor(env, e->args[1], &d, error))
			return NULL;
		a = sy_affine_from_expr(env, e->args[0], error);
		return a ? div_by(env, a, d, e->op) : NULL;
	default:
		return fail(env, e, error, "operator '%s' in a %s",
			sy_punct_spelling(e->op), use_name(env));
	}
	a = sy_affine_from_expr(env, e->args[0], error);
	if (!a)
		return NULL;
	b = sy_affine_from_expr(env, e->args[1], error);
	if (!b)
		return isl_pw_aff_free(a);
	if (e->op == SY_P_PLUS)
		return isl_pw_aff_add(a, b);
	if (e->op == SY_P_MINUS)
		return isl_pw_aff_sub(a, b);
	if (isl_pw_aff_is_cst(a) != isl_bool_true &&
		isl_pw_aff_is_cst(b) != isl_bool_true) {
		isl_pw_aff_free(a);
		isl_pw_aff_free(b);
		return fail(env, e, error,
			"non-affine %s: product of two "
			"expressions that both depend on loop iterators",
			use_name(env));
	}
	return isl_pw_aff_mul(a, b);
}

isl_pw_aff *sy_affine_from_expr(
	const SyAffineEnv *env, const SyExpr *e, GError **error)
{
	isl_pw_aff *a;

	switch (e->kind) {
	case SY_EXPR_INT: return constant(env, e->value);
	case SY_EXPR_FLOAT:
		return fail(env, e, error, "floating-point constant in a %s",
			use_name(env));
	case SY_EXPR_NAME: return name_to_aff(env, e, error);
	case SY_EXPR_INDEX:
		if (env->use == SY_AFFINE_SUBSCRIPT)
			return fail(env, e, error,
				"indirect subscript: "
				"the element '%s[...]' is data, not an affine "
				"function of the iterators",
				e->name);
		return fail(env, e, error,
			"array element '%s[...]' in a loop "
			"bound or condition: control flow may not depend on "
			"data",
			e->name);
	case SY_EXPR_CALL: return call_to_aff(env, e, error);
	case SY_EXPR_CAST:
		if (!strstr(e->name, "int") && !strstr(e->name, "long") &&
			!strstr(e->name, "short") && !strstr(e->name, "char") &&
			!strstr(e->name, "unsigned") &&
			!strstr(e->name, "size_t"))
			return fail(env, e, error, "cast to '%s' in a %s",
				e->name, use_name(env));
		return sy_affine_from_expr(env, e->args[0], error);
	case SY_EXPR_UNARY:
		if (e->op == SY_P_MINUS || e->op == SY_P_PLUS) {
			a = sy_affine_from_expr(env, e->args[0], error);
			return a && e->op == SY_P_MINUS ? isl_pw_aff_neg(a) : a;
		}
		return fail(env, e, error, "operator '%s' in a %s",
			sy_punct_spelling(e->op), use_name(env));
	case SY_EXPR_BINARY: return binary_to_aff(env, e, error);
	case SY_EXPR_COND: {
		isl_set *cond = sy_affine_cond(env, e->args[0], error);
		isl_pw_aff *then, *other;

		if (!cond)
			return NULL;
		then = sy_affine_from_expr(env, e->args[1], error);
		other = then ? sy_affine_from_expr(env, e->args[2], error)
			     : NULL;
		if (!other) {
			isl_set_free(cond);
			isl_pw_aff_free(then);
			return NULL;
		}
		return isl_pw_aff_cond(
			isl_set_indicator_function(cond), then, other);
	}
	}
	return NULL;
}

static isl_set *compare(isl_pw_aff *a, isl_pw_aff *b, SyPunct op)
{
	switch (op) {
	case SY_P_LT: return isl_pw_aff_lt_set(a, b);
	case SY_P_LE: return isl_pw_aff_le_set(a, b);
	case SY_P_GT: return isl_pw_aff_gt_set(a, b);
	case SY_P_GE: return isl_pw_aff_ge_set(a, b);
	case SY_P_EQ: return isl_pw_aff_eq_set(a, b);
	default: return isl_pw_aff_ne_set(a, b);
	}
}

isl_set *sy_affine_cond(const SyAffineEnv *env, const SyExpr *e, GError **error)
{
	isl_set *a, *b;
	isl_pw_aff *pa, *pb;

	if (e->kind == SY_EXPR_UNARY && e->op == SY_P_NOT) {
		a = sy_affine_cond(env, e->args[0], error);
		return a ? isl_set_complement(a) : NULL;
	}
	if (e->kind == SY_EXPR_BINARY &&
		(e->op == SY_P_ANDAND || e->op == SY_P_OROR)) {
		a = sy_affine_cond(env, e->args[0], error);
		if (!a)
			return NULL;
		b = sy_affine_cond(env, e->args[1], error);
		if (!b)
			return isl_set_free(a);
		return e->op == SY_P_ANDAND ? isl_set_intersect(a, b)
					    : isl_set_union(a, b);
	}
	if (e->kind == SY_EXPR_BINARY &&
		(e->op == SY_P_LT || e->op == SY_P_LE || e->op == SY_P_GT ||
			e->op == SY_P_GE || e->op == SY_P_EQ ||
			e->op == SY_P_NE)) {
		pa = sy_affine_from_expr(env, e->args[0], error);
		if (!pa)
			return NULL;
		pb = sy_affine_from_expr(env, e->args[1], error);
		if (!pb) {
			isl_pw_aff_free(pa);
			return NULL;
		}
		return compare(pa, pb, e->op);
	}
	/* A plain value is true when it is not zero, as in C. */
	pa = sy_affine_from_expr(env, e, error);
	return pa ? isl_pw_aff_non_zero_set(pa) : NULL;
}
