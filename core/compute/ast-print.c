#include <string.h>

#include <isl/id.h>
#include <isl/val.h>

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
}

void sy_ast_printer_clear(SyAstPrinter *p)
{
	g_string_free(p->out, TRUE);
	g_string_free(p->indent, TRUE);
	p->out = p->indent = NULL;
}

/* Expressions */

static int op_prec(enum isl_ast_expr_op_type op)
{
	switch (op) {
	case isl_ast_expr_op_or:
	case isl_ast_expr_op_or_else: return 4;
	case isl_ast_expr_op_and:
	case isl_ast_expr_op_and_then: return 5;
	case isl_ast_expr_op_eq: return 9;
	case isl_ast_expr_op_le:
	case isl_ast_expr_op_lt:
	case isl_ast_expr_op_ge:
	case isl_ast_expr_op_gt: return 10;
	case isl_ast_expr_op_add:
	case isl_ast_expr_op_sub: return 12;
	case isl_ast_expr_op_mul:
	case isl_ast_expr_op_div:
	case isl_ast_expr_op_pdiv_q:
	case isl_ast_expr_op_pdiv_r:
	case isl_ast_expr_op_zdiv_r: return 13;
	case isl_ast_expr_op_minus: return 14;
	case isl_ast_expr_op_cond:
	case isl_ast_expr_op_select: return 3;
	default: return 16; /* calls, helpers, accesses */
	}
}

static const char *op_symbol(enum isl_ast_expr_op_type op)
{
	switch (op) {
	case isl_ast_expr_op_or:
	case isl_ast_expr_op_or_else: return "||";
	case isl_ast_expr_op_and:
	case isl_ast_expr_op_and_then: return "&&";
	case isl_ast_expr_op_eq: return "==";
	case isl_ast_expr_op_le: return "<=";
	case isl_ast_expr_op_lt: return "<";
	case isl_ast_expr_op_ge: return ">=";
	case isl_ast_expr_op_gt: return ">";
	case isl_ast_expr_op_add: return "+";
	case isl_ast_expr_op_sub: return "-";
	case isl_ast_expr_op_mul: return "*";
	case isl_ast_expr_op_div:
	case isl_ast_expr_op_pdiv_q: return "/";
	case isl_ast_expr_op_pdiv_r:
	case isl_ast_expr_op_zdiv_r: return "%";
	default: return NULL;
	}
}

static int expr_prec(isl_ast_expr *expr)
{
	if (isl_ast_expr_get_type(expr) != isl_ast_expr_op)
		return 16;
	return op_prec(isl_ast_expr_op_get_type(expr));
}

static void print_arg(
	SyAstPrinter *gen, GString *out, isl_ast_expr *expr, int pos, int prec)
{
	isl_ast_expr *arg = isl_ast_expr_op_get_arg(expr, pos);

	sy_ast_print_expr(gen, out, arg, prec);
	isl_ast_expr_free(arg);
}

/* sy_min(a, sy_min(b, c)) for isl's n-ary min and max. */
static void print_nary(SyAstPrinter *gen, GString *out, isl_ast_expr *expr,
	const char *name, int from)
{
	int n = (int)isl_ast_expr_op_get_n_arg(expr);

	if (from == n - 1) {
		print_arg(gen, out, expr, from, 0);
		return;
	}
	gen->used |= g_str_equal(name, "sy_min") ? SY_AST_USE_MIN
						 : SY_AST_USE_MAX;
	g_string_append_printf(out, "%s(", name);
	print_arg(gen, out, expr, from, 0);
	g_string_append(out, ", ");
	print_nary(gen, out, expr, name, from + 1);
	g_string_append_c(out, ')');
}

static void print_op(SyAstPrinter *gen, GString *out, isl_ast_expr *expr)
{
	enum isl_ast_expr_op_type op = isl_ast_expr_op_get_type(expr);
	const char *symbol = op_symbol(op);
	int prec = op_prec(op);

	if (symbol) {
		/* Left-associative: the right operand needs a higher level. */
		print_arg(gen, out, expr, 0, prec);
		g_string_append_printf(out, " %s ", symbol);
		print_arg(gen, out, expr, 1, prec + 1);
		return;
	}
	switch (op) {
	case isl_ast_expr_op_minus: {
		gsize at = out->len;

		g_string_append_c(out, '-');
		print_arg(gen, out, expr, 0, prec);
		/* "- -x", never the decrement "--x". */
		if (out->str[at + 1] == '-')
			g_string_insert_c(out, (gssize)at + 1, ' ');
		return;
	}
	case isl_ast_expr_op_min:
		print_nary(gen, out, expr, "sy_min", 0);
		return;
	case isl_ast_expr_op_max:
		print_nary(gen, out, expr, "sy_max", 0);
		return;
	case isl_ast_expr_op_fdiv_q:
		gen->used |= SY_AST_USE_FLOORD;
		g_string_append(out, "sy_floord(");
		print_arg(gen, out, expr, 0, 0);
		g_string_append(out, ", ");
		print_arg(gen, out, expr, 1, 0);
		g_string_append_c(out, ')');
		return;
	case isl_ast_expr_op_cond:
	case isl_ast_expr_op_select:
		print_arg(gen, out, expr, 0, prec + 1);
		g_string_append(out, " ? ");
		print_arg(gen, out, expr, 1, prec);
		g_string_append(out, " : ");
		print_arg(gen, out, expr, 2, prec);
		return;
	default:
		/* Calls, accesses and address-of only come from user nodes,
		 * which are printed from the statements instead. */
		g_assert_not_reached();
	}
}

void sy_ast_print_expr(
	SyAstPrinter *gen, GString *out, isl_ast_expr *expr, int min_prec)
{
	gboolean paren = expr_prec(expr) < min_prec;
	isl_id *id;
	isl_val *v;
	char *str;

	if (paren)
		g_string_append_c(out, '(');
	switch (isl_ast_expr_get_type(expr)) {
	case isl_ast_expr_id:
		id = isl_ast_expr_id_get_id(expr);
		g_string_append(out, isl_id_get_name(id));
		isl_id_free(id);
		break;
	case isl_ast_expr_int:
		v = isl_ast_expr_int_get_val(expr);
		str = isl_val_to_str(v);
		g_string_append(out, str);
		free(str);
		isl_val_free(v);
		break;
	default: print_op(gen, out, expr); break;
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

static void print_sub(SyAstPrinter *gen, isl_ast_expr *expr)
{
	sy_ast_print_expr(gen, gen->out, expr, 0);
	isl_ast_expr_free(expr);
}

/* Whether a node prints as several statements: a block, maybe under
 * marks (which print as comments). */
static gboolean needs_braces(isl_ast_node *node)
{
	isl_ast_node *child;
	gboolean block;

	if (isl_ast_node_get_type(node) != isl_ast_node_mark)
		return isl_ast_node_get_type(node) == isl_ast_node_block;
	child = isl_ast_node_mark_get_node(node);
	block = needs_braces(child);
	isl_ast_node_free(child);
	return block;
}

/* A body: braces for several statements, or for a loop whose hook
 * prints lines (pragmas) first in it. */
static void gen_body(SyAstPrinter *gen, isl_ast_node *body, isl_ast_node *loop)
{
	if (needs_braces(body) || (loop && gen->hooks->in_for)) {
		g_string_append(gen->out, " {\n");
		sy_ast_indent_more(gen);
		if (loop && gen->hooks->in_for)
			gen->hooks->in_for(gen, loop, gen->data);
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

static gboolean is_one(isl_ast_expr *expr)
{
	isl_val *v = isl_ast_expr_get_type(expr) == isl_ast_expr_int
		? isl_ast_expr_int_get_val(expr)
		: NULL;
	gboolean one = v && isl_val_is_one(v);

	isl_val_free(v);
	isl_ast_expr_free(expr);
	return one;
}

/* A loop of one iteration becomes a block that names its value. */
static void gen_degenerate(SyAstPrinter *gen, isl_ast_node *node, isl_id *iter)
{
	g_string_append(gen->out, "{\n");
	sy_ast_indent_more(gen);
	sy_ast_line_start(gen);
	g_string_append_printf(
		gen->out, "const %s %s = ", gen->itype, isl_id_get_name(iter));
	print_sub(gen, isl_ast_node_for_get_init(node));
	g_string_append(gen->out, ";\n\n");
	node = isl_ast_node_for_get_body(node);
	sy_ast_print_node(gen, node);
	isl_ast_node_free(node);
	sy_ast_indent_less(gen);
	sy_ast_line_start(gen);
	g_string_append(gen->out, "}\n");
}

static void gen_for(SyAstPrinter *gen, isl_ast_node *node)
{
	isl_ast_expr *it = isl_ast_node_for_get_iterator(node);
	isl_id *iter = isl_ast_expr_id_get_id(it);
	const char *name = isl_id_get_name(iter);
	isl_ast_node *body;
	isl_ast_expr *inc;

	isl_ast_expr_free(it);
	if (gen->hooks->before_for && !isl_ast_node_for_is_degenerate(node))
		gen->hooks->before_for(gen, node, gen->data);
	sy_ast_line_start(gen);
	if (isl_ast_node_for_is_degenerate(node)) {
		gen_degenerate(gen, node, iter);
		isl_id_free(iter);
		return;
	}
	g_string_append_printf(gen->out, "for (%s %s = ", gen->itype, name);
	print_sub(gen, isl_ast_node_for_get_init(node));
	g_string_append(gen->out, "; ");
	print_sub(gen, isl_ast_node_for_get_cond(node));
	inc = isl_ast_node_for_get_inc(node);
	if (is_one(isl_ast_expr_copy(inc))) {
		g_string_append_printf(gen->out, "; %s++)", name);
		isl_ast_expr_free(inc);
	} else {
		g_string_append_printf(gen->out, "; %s += ", name);
		print_sub(gen, inc);
		g_string_append_c(gen->out, ')');
	}
	isl_id_free(iter);
	body = isl_ast_node_for_get_body(node);
	gen_body(gen, body, node);
	isl_ast_node_free(body);
}

static void gen_if(SyAstPrinter *gen, isl_ast_node *node, gboolean chained)
{
	isl_ast_node *branch = isl_ast_node_if_get_then_node(node);

	if (!chained)
		sy_ast_line_start(gen);
	g_string_append(gen->out, "if (");
	print_sub(gen, isl_ast_node_if_get_cond(node));
	g_string_append_c(gen->out, ')');
	gen_body(gen, branch, NULL);
	isl_ast_node_free(branch);
	if (!isl_ast_node_if_has_else_node(node))
		return;
	branch = isl_ast_node_if_get_else_node(node);
	sy_ast_line_start(gen);
	g_string_append(gen->out, "else");
	if (isl_ast_node_get_type(branch) == isl_ast_node_if) {
		g_string_append_c(gen->out, ' ');
		gen_if(gen, branch, TRUE);
	} else {
		gen_body(gen, branch, NULL);
	}
	isl_ast_node_free(branch);
}

static void gen_block(SyAstPrinter *gen, isl_ast_node *node)
{
	isl_ast_node_list *list = isl_ast_node_block_get_children(node);
	int n = (int)isl_ast_node_list_n_ast_node(list);

	for (int i = 0; i < n; i++) {
		isl_ast_node *child = isl_ast_node_list_get_ast_node(list, i);

		sy_ast_print_node(gen, child);
		isl_ast_node_free(child);
	}
	isl_ast_node_list_free(list);
}

/* Marks name the role of the band below: a comment for the reader. */
static void gen_mark(SyAstPrinter *gen, isl_ast_node *node)
{
	isl_id *id = isl_ast_node_mark_get_id(node);
	isl_ast_node *child = isl_ast_node_mark_get_node(node);

	sy_ast_line_start(gen);
	g_string_append_printf(gen->out, "/* %s */\n", isl_id_get_name(id));
	sy_ast_print_node(gen, child);
	isl_ast_node_free(child);
	isl_id_free(id);
}

static void gen_user(SyAstPrinter *gen, isl_ast_node *node)
{
	sy_ast_line_start(gen);
	gen->hooks->user(gen, node, gen->data);
}

void sy_ast_print_node(SyAstPrinter *gen, isl_ast_node *node)
{
	switch (isl_ast_node_get_type(node)) {
	case isl_ast_node_for: gen_for(gen, node); break;
	case isl_ast_node_if: gen_if(gen, node, FALSE); break;
	case isl_ast_node_block: gen_block(gen, node); break;
	case isl_ast_node_mark: gen_mark(gen, node); break;
	case isl_ast_node_user: gen_user(gen, node); break;
	default: break;
	}
}
