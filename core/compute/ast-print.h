/* C from code (code.h): loops, guards, blocks and marks printed the way
 * a person would write them, with the expressions isl builds (min, max,
 * floor division through small helper macros), and a loop's pragmas
 * (HLS PIPELINE, UNROLL) first in its body.  What a statement prints is
 * up to the caller's hook: the transformed loop nest prints the
 * kernel's statements, the HLS backend its modules' bodies. */
#pragma once

#include <glib.h>

#include "compute/code.h"

G_BEGIN_DECLS

typedef struct _SyAstPrinter SyAstPrinter;

typedef struct {
	/* Prints a statement at the start of a line (required). */
	void (*user)(
		SyAstPrinter *p, __isl_keep const SyCode *stmt, gpointer data);
	/* Every loop's body in braces (the HLS modules': where pragmas
	 * go), not only those of several statements. */
	gboolean loop_braces;
} SyAstHooks;

struct _SyAstPrinter {
	GString *out;
	GString *indent; /* of the current line */
	const char *unit; /* one more level */
	const char *itype; /* of the loop iterators */
	guint used; /* helper macros printed (SY_AST_USE_*) */
	const SyAstHooks *hooks;
	gpointer data;
	/* Loops over schedule dimensions below n_launch (the host's tile
	 * loops, sy_code_loop_dim) run once, at the launch's tile sy_l<d>
	 * (kernel0's argument): 0 for none, as init sets it. */
	guint n_launch;
};

enum { SY_AST_USE_MIN = 1, SY_AST_USE_MAX = 2, SY_AST_USE_FLOORD = 4 };

/* out and indent are the printer's own, freed by sy_ast_printer_clear;
 * hooks and data are kept. */
void sy_ast_printer_init(__isl_keep SyAstPrinter *p,
	__isl_keep const char *indent, __isl_keep const char *unit,
	__isl_keep const char *itype, __isl_keep const SyAstHooks *hooks,
	__isl_keep gpointer data);
void sy_ast_printer_clear(__isl_keep SyAstPrinter *p);

/* Prints nothing for NULL (code isl failed to build). */
void sy_ast_print_node(
	__isl_keep SyAstPrinter *p, __isl_keep const SyCode *code);

/* C's precedence levels an expression is printed at: anywhere (a whole
 * expression: an initialiser, a subscript, inside parentheses), the
 * test of ?:, the left operand of + or -, their right operand or the
 * left operand of *, an operand that binds tightest. */
enum {
	SY_AST_PREC_ANY = 0,
	SY_AST_PREC_TEST = 4,
	SY_AST_PREC_SUM = 12,
	SY_AST_PREC_PRODUCT = 13,
	SY_AST_PREC_ATOM = 16,
};

/* An expression where C's precedence prec is needed, parenthesised if
 * it binds less tightly; nothing for NULL. */
void sy_ast_print_expr(__isl_keep SyAstPrinter *p, __isl_keep GString *out,
	__isl_keep const SyCodeExpr *expr, int prec);

void sy_ast_line_start(__isl_keep SyAstPrinter *p);
void sy_ast_indent_more(__isl_keep SyAstPrinter *p);
void sy_ast_indent_less(__isl_keep SyAstPrinter *p);

/* The #define lines of the helpers used, and the #undef lines. */
void sy_ast_helpers_define(__isl_keep GString *out, guint used);
void sy_ast_helpers_undef(__isl_keep GString *out, guint used);

G_END_DECLS
