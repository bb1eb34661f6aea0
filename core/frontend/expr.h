/* C expressions as parsed: the right-hand sides of statements, loop bounds,
 * conditions and subscripts, before anyone decides whether they are affine.
 */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "frontend/token.h"

G_BEGIN_DECLS

typedef enum {
	SY_EXPR_INT, /* value */
	SY_EXPR_FLOAT, /* name: the literal as written */
	SY_EXPR_NAME, /* name */
	SY_EXPR_INDEX, /* name[args[0]][args[1]]... */
	SY_EXPR_CALL, /* name(args...) */
	SY_EXPR_UNARY, /* op args[0]; postfix for x++ and x-- */
	SY_EXPR_BINARY, /* args[0] op args[1] */
	SY_EXPR_COND, /* args[0] ? args[1] : args[2] */
	SY_EXPR_CAST, /* (name) args[0] */
} SyExprKind;

typedef struct _SyExpr SyExpr;

struct _SyExpr {
	SyExprKind kind;
	SyPunct op;
	gboolean postfix;
	SyLoc loc; /* first token */
	guint span; /* bytes up to the end of the last token, same line */
	gint64 value;
	char *name;
	/* the macro the first token came from, if any */
	__isl_keep const char *macro;
	__isl_keep gconstpointer ref; /* what a name refers to (parser) */
	guint n_args;
	SyExpr **args;
};

__isl_give SyExpr *sy_expr_new(
	SyExprKind kind, __isl_keep const SyToken *first);
void sy_expr_add_arg(__isl_keep SyExpr *expr, __isl_take SyExpr *arg);
void sy_expr_set_end(__isl_keep SyExpr *expr, __isl_keep const SyToken *last);
void sy_expr_join_span(__isl_keep SyExpr *expr, __isl_keep const SyExpr *last);
__isl_give SyExpr *sy_expr_copy(__isl_keep const SyExpr *expr);
void sy_expr_free(__isl_take SyExpr *expr);

/* Integer constant evaluation with C semantics (truncating division);
 * overflow and division by zero are errors. */
gboolean sy_expr_eval_int(
	__isl_keep const SyExpr *expr, gint64 *value, GError **error);

/* C's precedence of a binary operator, higher binds tighter (13 for
 * '*' down to 4 for '||'), 0 if op is not one. */
int sy_punct_binary_prec(SyPunct op);

/* The expression printed as C with only the parentheses it needs. */
__isl_give char *sy_expr_to_string(__isl_keep const SyExpr *expr);
void sy_expr_print(__isl_keep GString *out, __isl_keep const SyExpr *expr);

/* Printing with a hook: subst may print a sub-expression its own way
 * (returning TRUE), as code generation does for loop iterators; prec is
 * the precedence its context needs (parenthesize anything looser). */
typedef gboolean (*SyExprSubst)(__isl_keep GString *out,
	__isl_keep const SyExpr *expr, int prec, gpointer user);
void sy_expr_print_with(__isl_keep GString *out, __isl_keep const SyExpr *expr,
	SyExprSubst subst, gpointer user);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyExpr, sy_expr_free)

G_END_DECLS
