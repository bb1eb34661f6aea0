#include <string.h>

#include "compute/ast-print.h"

static const char *const helper_defs[] = {
	"#define sy_min(x, y) ((x) < (y) ? (x) : (y))\n",
	"#define sy_max(x, y) ((x) > (y) ? (x) : (y))\n",
	"#define sy_floord(n, d) ((n) < 0 ? -((-(n) + (d) - 1) / (d)) : "
	"(n) / (d))\n",
};
static const char *const helper_names[] = {"sy_min", "sy_max", "sy_floord"};

void sy_ast_helpers_define(GString *out, guint used)
{
	for (guint i = 0; i < G_N_ELEMENTS(helper_defs); i++)
		if (used & (1u << i))
			g_string_append(out, helper_defs[i]);
}

void sy_ast_helpers_undef(GString *out, guint used)
{
	for (guint i = 0; i < G_N_ELEMENTS(helper_names); i++)
		if (used & (1u << i))
			g_string_append_printf(
				out, "#undef %s\n", helper_names[i]);
}

void sy_ast_printer_init(SyAstPrinter *p, const char *indent, const char *unit,
	const char *itype, const SyAstHooks *hooks, gpointer data)
{
	p->out = g_string_new(NULL);
	p->indent = g_string_new(indent);
	p->unit = unit;
	p->itype = itype;
	p->used = 0;
	p->hooks = hooks;
	p->data = data;
	p->n_launch = 0;
}

void sy_ast_printer_clear(SyAstPrinter *p)
{
	g_string_free(p->out, TRUE);
	g_string_free(p->indent, TRUE);
	p->out = p->indent = NULL;
}

/* Expressions */

static int op_prec(SyCodeOp op)
{
	switch (op) {
	case SY_CODE_OP_OR:
	case SY_CODE_OP_OR_ELSE: return 4;
	case SY_CODE_OP_AND:
	case SY_CODE_OP_AND_THEN: return 5;
	case SY_CODE_OP_EQ: return 9;
	case SY_CODE_OP_LE:
	case SY_CODE_OP_LT:
	case SY_CODE_OP_GE:
	case SY_CODE_OP_GT: return 10;
	case SY_CODE_OP_ADD:
	case SY_CODE_OP_SUB: return 12;
	case SY_CODE_OP_MUL:
	case SY_CODE_OP_DIV:
	case SY_CODE_OP_PDIV_Q:
	case SY_CODE_OP_PDIV_R:
	case SY_CODE_OP_ZDIV_R: return 13;
	case SY_CODE_OP_MINUS:
	case SY_CODE_OP_ADDRESS_OF: return 14;
	case SY_CODE_OP_COND:
	case SY_CODE_OP_SELECT: return 3;
	default: return 16; /* calls, helpers, accesses, members */
	}
}

static const char *op_symbol(SyCodeOp op)
{
	switch (op) {
	case SY_CODE_OP_OR:
	case SY_CODE_OP_OR_ELSE: return "||";
	case SY_CODE_OP_AND:
	case SY_CODE_OP_AND_THEN: return "&&";
	case SY_CODE_OP_EQ: return "==";
	case SY_CODE_OP_LE: return "<=";
	case SY_CODE_OP_LT: return "<";
	case SY_CODE_OP_GE: return ">=";
	case SY_CODE_OP_GT: return ">";
	case SY_CODE_OP_ADD: return "+";
	case SY_CODE_OP_SUB: return "-";
	case SY_CODE_OP_MUL: return "*";
	case SY_CODE_OP_DIV:
	case SY_CODE_OP_PDIV_Q: return "/";
	case SY_CODE_OP_PDIV_R:
	case SY_CODE_OP_ZDIV_R: return "%";
	default: return NULL;
	}
}

static int expr_prec(const SyCodeExpr *expr)
{
	if (expr->kind != SY_CODE_EXPR_OP)
		return 16;
	return op_prec(expr->op);
}

/* sy_min(a, sy_min(b, c)) for isl's n-ary min and max. */
static void print_nary(SyAstPrinter *gen, GString *out, const SyCodeExpr *expr,
	const char *name, guint from)
{
	if (from == expr->n_args - 1) {
		sy_ast_print_expr(gen, out, expr->args[from], 0);
		return;
	}
	gen->used |= g_str_equal(name, "sy_min") ? SY_AST_USE_MIN
						 : SY_AST_USE_MAX;
	g_string_append_printf(out, "%s(", name);
	sy_ast_print_expr(gen, out, expr->args[from], 0);
	g_string_append(out, ", ");
	print_nary(gen, out, expr, name, from + 1);
	g_string_append_c(out, ')');
}

/* f(a, b), A[i][j], s.m: never in the code Systole builds (statements
 * print their own), but code read back may hold them. */
static void print_postfix(
	SyAstPrinter *gen, GString *out, const SyCodeExpr *expr)
{
	sy_ast_print_expr(gen, out, expr->args[0], SY_AST_PREC_ATOM);
	if (expr->op == SY_CODE_OP_MEMBER) {
		g_string_append_c(out, '.');
		sy_ast_print_expr(gen, out, expr->args[1], SY_AST_PREC_ATOM);
		return;
	}
	if (expr->op == SY_CODE_OP_CALL)
		g_string_append_c(out, '(');
	for (guint k = 1; k < expr->n_args; k++) {
		if (expr->op == SY_CODE_OP_ACCESS)
			g_string_append_c(out, '[');
		else if (k > 1)
			g_string_append(out, ", ");
		sy_ast_print_expr(gen, out, expr->args[k], 0);
		if (expr->op == SY_CODE_OP_ACCESS)
			g_string_append_c(out, ']');
	}
	if (expr->op == SY_CODE_OP_CALL)
		g_string_append_c(out, ')');
}

/* -x or &x; "- -x", never the decrement "--x". */
static void print_unary(SyAstPrinter *gen, GString *out, const SyCodeExpr *expr)
{
	gsize at = out->len;
	char sign = expr->op == SY_CODE_OP_MINUS ? '-' : '&';

	g_string_append_c(out, sign);
	sy_ast_print_expr(gen, out, expr->args[0], op_prec(expr->op));
	if (out->len > at + 1 && out->str[at + 1] == sign)
		g_string_insert_c(out, (gssize)at + 1, ' ');
}

static void print_op(SyAstPrinter *gen, GString *out, const SyCodeExpr *expr)
{
	const char *symbol = op_symbol(expr->op);
	int prec = op_prec(expr->op);

	if (symbol) {
		/* Left-associative: the right operand needs a higher level. */
		sy_ast_print_expr(gen, out, expr->args[0], prec);
		g_string_append_printf(out, " %s ", symbol);
		sy_ast_print_expr(gen, out, expr->args[1], prec + 1);
		return;
	}
	switch (expr->op) {
	case SY_CODE_OP_MINUS:
	case SY_CODE_OP_ADDRESS_OF: print_unary(gen, out, expr); return;
	case SY_CODE_OP_MIN: print_nary(gen, out, expr, "sy_min", 0); return;
	case SY_CODE_OP_MAX: print_nary(gen, out, expr, "sy_max", 0); return;
	case SY_CODE_OP_FDIV_Q:
		gen->used |= SY_AST_USE_FLOORD;
		g_string_append(out, "sy_floord(");
		sy_ast_print_expr(gen, out, expr->args[0], 0);
		g_string_append(out, ", ");
		sy_ast_print_expr(gen, out, expr->args[1], 0);
		g_string_append_c(out, ')');
		return;
	case SY_CODE_OP_COND:
	case SY_CODE_OP_SELECT:
		sy_ast_print_expr(gen, out, expr->args[0], prec + 1);
		g_string_append(out, " ? ");
		sy_ast_print_expr(gen, out, expr->args[1], prec);
		g_string_append(out, " : ");
		sy_ast_print_expr(gen, out, expr->args[2], prec);
		return;
	default: print_postfix(gen, out, expr); return;
	}
}

void sy_ast_print_expr(
	SyAstPrinter *gen, GString *out, const SyCodeExpr *expr, int min_prec)
{
	gboolean paren;

	if (!expr)
		return;
	paren = expr_prec(expr) < min_prec;
	if (paren)
		g_string_append_c(out, '(');
	switch (expr->kind) {
	case SY_CODE_EXPR_ID: g_string_append(out, expr->name); break;
	case SY_CODE_EXPR_INT:
		g_string_append_printf(out, "%" G_GINT64_FORMAT, expr->value);
		break;
	case SY_CODE_EXPR_OP: print_op(gen, out, expr); break;
	}
	if (paren)
		g_string_append_c(out, ')');
}

/* Nodes */

void sy_ast_line_start(SyAstPrinter *gen)
{
	g_string_append_len(
		gen->out, gen->indent->str, (gssize)gen->indent->len);
}

void sy_ast_indent_more(SyAstPrinter *gen)
{
	g_string_append(gen->indent, gen->unit);
}

void sy_ast_indent_less(SyAstPrinter *gen)
{
	g_string_truncate(gen->indent, gen->indent->len - strlen(gen->unit));
}

/* Whether a node prints as several statements: a block, maybe under
 * marks (which print as comments). */
static gboolean needs_braces(const SyCode *node)
{
	while (node && node->kind == SY_CODE_MARK)
		node = node->body;
	return node && node->kind == SY_CODE_BLOCK;
}

/* A loop's pragma, first in its body. */
static void print_pragma(SyAstPrinter *gen, const SyCode *loop)
{
	if (loop->pragma == SY_CODE_PRAGMA_NONE)
		return;
	sy_ast_line_start(gen);
	if (loop->pragma == SY_CODE_PRAGMA_UNROLL)
		g_string_append(gen->out, "#pragma HLS UNROLL\n");
	else
		g_string_append_printf(
			gen->out, "#pragma HLS PIPELINE II=%u\n", loop->ii);
}

/* A body: braces for several statements, or for a loop whose body
 * starts with its pragma (or, in that style, any loop). */
static void gen_body(SyAstPrinter *gen, const SyCode *body, const SyCode *loop)
{
	gboolean loop_braces = loop &&
		(gen->hooks->loop_braces ||
			loop->pragma != SY_CODE_PRAGMA_NONE);

	if (needs_braces(body) || loop_braces) {
		g_string_append(gen->out, " {\n");
		sy_ast_indent_more(gen);
		if (loop)
			print_pragma(gen, loop);
		sy_ast_print_node(gen, body);
		sy_ast_indent_less(gen);
		sy_ast_line_start(gen);
		g_string_append(gen->out, "}\n");
		return;
	}
	g_string_append_c(gen->out, '\n');
	sy_ast_indent_more(gen);
	sy_ast_print_node(gen, body);
	sy_ast_indent_less(gen);
}

static gboolean is_one(const SyCodeExpr *expr)
{
	return expr && expr->kind == SY_CODE_EXPR_INT && expr->value == 1;
}

/* A loop of one iteration becomes a block that names its value. */
/* The body of a host's tile loop at the launch's tile, where the loop
 * runs it ("t3 >= 1 && t3 <= 7": a module that moves data on some
 * tiles only). */
static void gen_launch_guard(SyAstPrinter *gen, const SyCode *node)
{
	sy_ast_line_start(gen);
	g_string_append_printf(gen->out, "if (%s %s ", node->name,
		node->degenerate ? "==" : ">=");
	sy_ast_print_expr(gen, gen->out, node->init, SY_AST_PREC_SUM);
	/* The loop's test as the right operand of && (which binds at 5). */
	if (!node->degenerate) {
		g_string_append(gen->out, " && ");
		sy_ast_print_expr(gen, gen->out, node->cond, 6);
	}
	g_string_append_c(gen->out, ')');
	gen_body(gen, node->body, node);
}

/* A loop that runs once: at init, or at the launch's tile (the host's
 * tile loop of dimension launch, -1 for none) where the loop has it. */
static void gen_degenerate(SyAstPrinter *gen, const SyCode *node, int launch)
{
	g_string_append(gen->out, "{\n");
	sy_ast_indent_more(gen);
	sy_ast_line_start(gen);
	g_string_append_printf(
		gen->out, "const %s %s = ", gen->itype, node->name);
	if (launch < 0) {
		sy_ast_print_expr(gen, gen->out, node->init, 0);
		g_string_append(gen->out, ";\n\n");
		sy_ast_print_node(gen, node->body);
	} else {
		g_string_append_printf(gen->out, "sy_l%d;\n\n", launch);
		gen_launch_guard(gen, node);
	}
	sy_ast_indent_less(gen);
	sy_ast_line_start(gen);
	g_string_append(gen->out, "}\n");
}

static void gen_for(SyAstPrinter *gen, const SyCode *node)
{
	const char *name = node->name;
	int dim = sy_code_loop_dim(node);

	sy_ast_line_start(gen);
	if (dim >= 0 && (guint)dim < gen->n_launch) {
		gen_degenerate(gen, node, dim);
		return;
	}
	if (node->degenerate) {
		gen_degenerate(gen, node, -1);
		return;
	}
	g_string_append_printf(gen->out, "for (%s %s = ", gen->itype, name);
	sy_ast_print_expr(gen, gen->out, node->init, 0);
	g_string_append(gen->out, "; ");
	sy_ast_print_expr(gen, gen->out, node->cond, 0);
	if (is_one(node->inc)) {
		g_string_append_printf(gen->out, "; %s++)", name);
	} else {
		g_string_append_printf(gen->out, "; %s += ", name);
		sy_ast_print_expr(gen, gen->out, node->inc, 0);
		g_string_append_c(gen->out, ')');
	}
	gen_body(gen, node->body, node);
}

static void gen_if(SyAstPrinter *gen, const SyCode *node, gboolean chained)
{
	const SyCode *branch = node->else_body;

	if (!chained)
		sy_ast_line_start(gen);
	g_string_append(gen->out, "if (");
	sy_ast_print_expr(gen, gen->out, node->cond, 0);
	g_string_append_c(gen->out, ')');
	gen_body(gen, node->body, NULL);
	if (!branch)
		return;
	sy_ast_line_start(gen);
	g_string_append(gen->out, "else");
	if (branch->kind == SY_CODE_IF) {
		g_string_append_c(gen->out, ' ');
		gen_if(gen, branch, TRUE);
	} else {
		gen_body(gen, branch, NULL);
	}
}

/* Marks name the role of the band below: a comment for the reader. */
static void gen_mark(SyAstPrinter *gen, const SyCode *node)
{
	sy_ast_line_start(gen);
	g_string_append_printf(gen->out, "/* %s */\n", node->name);
	sy_ast_print_node(gen, node->body);
}

/* The host's tile loop node is, or NULL. */
static const SyCode *launch_loop(const SyAstPrinter *gen, const SyCode *node)
{
	return sy_code_outer_loop(node, gen->n_launch);
}

/* A statement isl put beside a host's tile loop belongs to one of its
 * tiles: the first of the next such loop (it runs before that tile's
 * part), else the last of the one before.  Printed under a test of the
 * launch's tile; FALSE where it needs none. */
static gboolean gen_launch_side(SyAstPrinter *gen, const SyCode *block, guint i)
{
	const SyCode *loop = NULL;
	gboolean next = TRUE;
	const SyCodeExpr *cond;

	for (guint j = i + 1; !loop && j < block->children->len; j++)
		loop = launch_loop(gen, block->children->pdata[j]);
	for (guint j = i; !loop && j-- > 0;) {
		loop = launch_loop(gen, block->children->pdata[j]);
		next = FALSE;
	}
	if (!loop)
		return FALSE;
	sy_ast_line_start(gen);
	g_string_append_printf(
		gen->out, "if (sy_l%d == ", sy_code_loop_dim(loop));
	cond = loop->cond;
	if (next || loop->degenerate) {
		sy_ast_print_expr(gen, gen->out, loop->init, SY_AST_PREC_SUM);
	} else {
		/* The loops isl builds, "c2 <= E" or "c2 < E": the design
		 * has no others (kernel-facts.c refuses them). */
		sy_ast_print_expr(gen, gen->out, cond->args[1],
			cond->op == SY_CODE_OP_LE ? SY_AST_PREC_SUM
						  : SY_AST_PREC_PRODUCT);
		if (cond->op == SY_CODE_OP_LT)
			g_string_append(gen->out, " - 1");
	}
	g_string_append_c(gen->out, ')');
	gen_body(gen, block->children->pdata[i], NULL);
	return TRUE;
}

void sy_ast_print_node(SyAstPrinter *gen, const SyCode *node)
{
	if (!node)
		return;
	switch (node->kind) {
	case SY_CODE_FOR: gen_for(gen, node); break;
	case SY_CODE_IF: gen_if(gen, node, FALSE); break;
	case SY_CODE_BLOCK:
		for (guint i = 0; i < node->children->len; i++)
			if (!gen->n_launch ||
				launch_loop(gen, node->children->pdata[i]) ||
				!gen_launch_side(gen, node, i))
				sy_ast_print_node(
					gen, node->children->pdata[i]);
		break;
	case SY_CODE_MARK: gen_mark(gen, node); break;
	case SY_CODE_USER:
		sy_ast_line_start(gen);
		gen->hooks->user(gen, node, gen->data);
		break;
	}
}
