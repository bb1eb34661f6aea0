#include <string.h>

#include <isl/aff.h>
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "codegen.h"
#include "diag.h"

/* The helpers isl's expressions may need, defined around the generated
 * code only, and only those it uses. */
enum { USE_MIN = 1, USE_MAX = 2, USE_FLOORD = 4 };

static const char *const helper_defs[] = {
	"#define sy_min(x, y) ((x) < (y) ? (x) : (y))\n",
	"#define sy_max(x, y) ((x) > (y) ? (x) : (y))\n",
	"#define sy_floord(n, d) ((n) < 0 ? -((-(n) + (d) - 1) / (d)) : "
	"(n) / (d))\n",
};
static const char *const helper_names[] = {"sy_min", "sy_max", "sy_floord"};

typedef struct {
	const SyPeArray *array;
	GString *out;
	GString *indent; /* of the current line */
	const char *unit; /* one more level */
	const char *itype; /* of the loop iterators */
	guint used; /* USE_*: helpers printed */
} Gen;

/* A statement call of the AST: the statement and its iterators as
 * expressions of the loop iterators. */
typedef struct {
	const SyStmt *stmt;
	isl_ast_expr **iters;
} Call;

static void call_free(void *data)
{
	Call *call = data;

	for (guint k = 0; k < call->stmt->n_iters; k++)
		isl_ast_expr_free(call->iters[k]);
	g_free(call->iters);
	g_free(call);
}

static isl_ast_node *at_domain(
	isl_ast_node *node, isl_ast_build *build, void *user)
{
	const SyScop *scop = user;
	isl_ast_expr *expr = isl_ast_node_user_get_expr(node);
	isl_ast_expr *arg = isl_ast_expr_op_get_arg(expr, 0);
	isl_id *id = isl_ast_expr_id_get_id(arg);
	Call *call = g_new0(Call, 1);
	isl_map *map = isl_map_reverse(
		isl_map_from_union_map(isl_ast_build_get_schedule(build)));
	isl_pw_multi_aff *iters = isl_pw_multi_aff_from_map(map);

	call->stmt = sy_scop_stmt_by_name(scop, isl_id_get_name(id));
	call->iters = g_new0(isl_ast_expr *, call->stmt->n_iters + 1);
	for (guint k = 0; k < call->stmt->n_iters; k++)
		call->iters[k] = isl_ast_build_expr_from_pw_aff(
			build, isl_pw_multi_aff_get_pw_aff(iters, (int)k));
	isl_pw_multi_aff_free(iters);
	isl_id_free(id);
	isl_ast_expr_free(arg);
	isl_ast_expr_free(expr);
	id = isl_id_set_free_user(
		isl_id_alloc(isl_ast_node_get_ctx(node), NULL, call),
		call_free);
	return isl_ast_node_set_annotation(node, id);
}

/* Expressions */

static void gen_expr(Gen *gen, GString *out, isl_ast_expr *expr, int prec);

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
	Gen *gen, GString *out, isl_ast_expr *expr, int pos, int prec)
{
	isl_ast_expr *arg = isl_ast_expr_op_get_arg(expr, pos);

	gen_expr(gen, out, arg, prec);
	isl_ast_expr_free(arg);
}

/* sy_min(a, sy_min(b, c)) for isl's n-ary min and max. */
static void print_nary(
	Gen *gen, GString *out, isl_ast_expr *expr, const char *name, int from)
{
	int n = (int)isl_ast_expr_op_get_n_arg(expr);

	if (from == n - 1) {
		print_arg(gen, out, expr, from, 0);
		return;
	}
	gen->used |= g_str_equal(name, "sy_min") ? USE_MIN : USE_MAX;
	g_string_append_printf(out, "%s(", name);
	print_arg(gen, out, expr, from, 0);
	g_string_append(out, ", ");
	print_nary(gen, out, expr, name, from + 1);
	g_string_append_c(out, ')');
}

static void print_op(Gen *gen, GString *out, isl_ast_expr *expr)
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
		gen->used |= USE_FLOORD;
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

static void gen_expr(Gen *gen, GString *out, isl_ast_expr *expr, int min_prec)
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

/* Statements */

/* The loop iterators a statement is printed with. */
typedef struct {
	const Call *call;
	Gen *gen;
} Subst;

static gboolean subst_iterator(
	GString *out, const SyExpr *expr, int prec, gpointer user)
{
	Subst *s = user;
	const SyStmt *stmt = s->call->stmt;

	if (expr->kind != SY_EXPR_NAME)
		return FALSE;
	for (guint k = 0; k < stmt->n_iters; k++) {
		if (sy_expr_var(expr) != stmt->iters[k])
			continue;
		gen_expr(s->gen, out, s->call->iters[k], prec);
		return TRUE;
	}
	return FALSE;
}

static void gen_stmt(Gen *gen, const Call *call)
{
	const SyNode *node = call->stmt->node;
	Subst s = {call, gen};

	sy_expr_print_with(gen->out, node->lhs, subst_iterator, &s);
	g_string_append_printf(gen->out, " %s ", sy_punct_spelling(node->op));
	sy_expr_print_with(gen->out, node->rhs, subst_iterator, &s);
	g_string_append(gen->out, ";\n");
}

/* Nodes */

static void line_start(Gen *gen)
{
	g_string_append_len(
		gen->out, gen->indent->str, (gssize)gen->indent->len);
}

static void indent_more(Gen *gen)
{
	g_string_append(gen->indent, gen->unit);
}

static void indent_less(Gen *gen)
{
	g_string_truncate(gen->indent, gen->indent->len - strlen(gen->unit));
}

static void gen_node(Gen *gen, isl_ast_node *node);

static void print_sub(Gen *gen, isl_ast_expr *expr)
{
	gen_expr(gen, gen->out, expr, 0);
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

static void gen_body(Gen *gen, isl_ast_node *body)
{
	if (needs_braces(body)) {
		g_string_append(gen->out, " {\n");
		indent_more(gen);
		gen_node(gen, body);
		indent_less(gen);
		line_start(gen);
		g_string_append(gen->out, "}\n");
		return;
	}
	g_string_append_c(gen->out, '\n');
	indent_more(gen);
	gen_node(gen, body);
	indent_less(gen);
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
static void gen_degenerate(Gen *gen, isl_ast_node *node, isl_id *iter)
{
	g_string_append(gen->out, "{\n");
	indent_more(gen);
	line_start(gen);
	g_string_append_printf(
		gen->out, "const %s %s = ", gen->itype, isl_id_get_name(iter));
	print_sub(gen, isl_ast_node_for_get_init(node));
	g_string_append(gen->out, ";\n\n");
	node = isl_ast_node_for_get_body(node);
	gen_node(gen, node);
	isl_ast_node_free(node);
	indent_less(gen);
	line_start(gen);
	g_string_append(gen->out, "}\n");
}

static void gen_for(Gen *gen, isl_ast_node *node)
{
	isl_ast_expr *it = isl_ast_node_for_get_iterator(node);
	isl_id *iter = isl_ast_expr_id_get_id(it);
	const char *name = isl_id_get_name(iter);
	isl_ast_node *body;
	isl_ast_expr *inc;

	isl_ast_expr_free(it);
	line_start(gen);
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
	gen_body(gen, body);
	isl_ast_node_free(body);
}

static void gen_if(Gen *gen, isl_ast_node *node, gboolean chained)
{
	isl_ast_node *branch = isl_ast_node_if_get_then_node(node);

	if (!chained)
		line_start(gen);
	g_string_append(gen->out, "if (");
	print_sub(gen, isl_ast_node_if_get_cond(node));
	g_string_append_c(gen->out, ')');
	gen_body(gen, branch);
	isl_ast_node_free(branch);
	if (!isl_ast_node_if_has_else_node(node))
		return;
	branch = isl_ast_node_if_get_else_node(node);
	line_start(gen);
	g_string_append(gen->out, "else");
	if (isl_ast_node_get_type(branch) == isl_ast_node_if) {
		g_string_append_c(gen->out, ' ');
		gen_if(gen, branch, TRUE);
	} else {
		gen_body(gen, branch);
	}
	isl_ast_node_free(branch);
}

static void gen_block(Gen *gen, isl_ast_node *node)
{
	isl_ast_node_list *list = isl_ast_node_block_get_children(node);
	int n = (int)isl_ast_node_list_n_ast_node(list);

	for (int i = 0; i < n; i++) {
		isl_ast_node *child = isl_ast_node_list_get_ast_node(list, i);

		gen_node(gen, child);
		isl_ast_node_free(child);
	}
	isl_ast_node_list_free(list);
}

/* Marks name the role of the band below: a comment for the reader. */
static void gen_mark(Gen *gen, isl_ast_node *node)
{
	isl_id *id = isl_ast_node_mark_get_id(node);
	isl_ast_node *child = isl_ast_node_mark_get_node(node);

	line_start(gen);
	g_string_append_printf(gen->out, "/* %s */\n", isl_id_get_name(id));
	gen_node(gen, child);
	isl_ast_node_free(child);
	isl_id_free(id);
}

static void gen_user(Gen *gen, isl_ast_node *node)
{
	isl_id *id = isl_ast_node_get_annotation(node);

	line_start(gen);
	gen_stmt(gen, isl_id_get_user(id));
	isl_id_free(id);
}

static void gen_node(Gen *gen, isl_ast_node *node)
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

/* The program */

/* A name the program does not use: prefix followed by digits. */
static gboolean prefix_is_free(const SyProgram *prog, const char *prefix)
{
	gsize n = strlen(prefix);

	for (guint i = 0; i < prog->vars->len; i++) {
		const SyVar *var = g_ptr_array_index(prog->vars, i);
		const char *rest = var->name + n;

		if (strncmp(var->name, prefix, n) != 0 || !*rest)
			continue;
		while (g_ascii_isdigit(*rest))
			rest++;
		if (!*rest)
			return FALSE;
	}
	return TRUE;
}

static const char *iterator_prefix(const SyProgram *prog)
{
	static const char *const prefixes[] = {"c", "t", "p", "sy_c"};

	for (guint i = 0; i < G_N_ELEMENTS(prefixes) - 1; i++)
		if (prefix_is_free(prog, prefixes[i]))
			return prefixes[i];
	/* Reserved for Systole: identifiers starting with sy_. */
	return prefixes[G_N_ELEMENTS(prefixes) - 1];
}

/* Enough names for the deepest schedule: three bands of the band's
 * loops, the loops below, latency and SIMD. */
static isl_id_list *iterator_names(const SyPeArray *array)
{
	const SyAnalysis *a = array->analysis;
	const char *prefix = iterator_prefix(a->prog);
	isl_ctx *ctx = a->ctx;
	guint depth = 0, n;
	isl_id_list *list;

	for (guint i = 0; i < a->scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(a->scop->stmts, i);

		depth = MAX(depth, stmt->n_iters);
	}
	n = 3 * a->band->n_members + 2 * depth + 2;
	list = isl_id_list_alloc(ctx, (int)n);
	for (guint i = 0; i < n; i++) {
		char name[32];

		g_snprintf(name, sizeof name, "%s%u", prefix, i);
		list = isl_id_list_add(list, isl_id_alloc(ctx, name, NULL));
	}
	return list;
}

/* The type of the loop iterators: the user's, if the SCoP's loops agree
 * on an integer type, else int. */
static const char *iterator_type(const SyScop *scop)
{
	const char *type = NULL;

	for (guint i = 0; i < scop->loops->len; i++) {
		const SyLoop *loop = g_ptr_array_index(scop->loops, i);
		const SyVar *iter = loop->iters[loop->depth];

		if (!iter->integer || (type && strcmp(type, iter->type) != 0))
			return "int";
		type = iter->type;
	}
	return type ? type : "int";
}

/* The SCoP's own variables, declared once at the top: their lifetimes
 * in the transformed code no longer follow the source's blocks. */
static void gen_locals(Gen *gen)
{
	const SyScop *scop = gen->array->analysis->scop;
	gboolean any = FALSE;

	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *array = g_ptr_array_index(scop->arrays, i);

		if (!array->local)
			continue;
		line_start(gen);
		g_string_append_printf(
			gen->out, "%s %s", array->var->type, array->name);
		for (guint d = 0; d < array->n_dims; d++)
			g_string_append_printf(gen->out,
				"[%" G_GINT64_FORMAT "]", array->dims[d]);
		g_string_append(gen->out, ";\n");
		any = TRUE;
	}
	if (any)
		g_string_append_c(gen->out, '\n');
}

static isl_ast_node *build_ast(const SyPeArray *array)
{
	const SyAnalysis *a = array->analysis;
	isl_ast_build *build = isl_ast_build_alloc(a->ctx);
	isl_ast_node *tree;

	build = isl_ast_build_set_iterators(build, iterator_names(array));
	build = isl_ast_build_set_at_each_domain(
		build, at_domain, (void *)a->scop);
	tree = isl_ast_build_node_from_schedule(
		build, isl_schedule_copy(array->schedule));
	isl_ast_build_free(build);
	return tree;
}

/* The block, with the helpers it uses defined before it and undefined
 * after it, each line indented by indent. */
static char *gen_block_text(
	const SyPeArray *array, const char *indent, const char *unit)
{
	Gen gen = {array, g_string_new(NULL), g_string_new(indent), unit,
		iterator_type(array->analysis->scop), 0};
	GString *text = g_string_new(NULL);
	isl_ast_node *tree = build_ast(array);

	indent_more(&gen);
	gen_locals(&gen);
	gen_node(&gen, tree);
	isl_ast_node_free(tree);
	for (guint i = 0; i < G_N_ELEMENTS(helper_defs); i++)
		if (gen.used & (1u << i))
			g_string_append(text, helper_defs[i]);
	g_string_append_printf(
		text, "%s{\n%s%s}\n", indent, gen.out->str, indent);
	for (guint i = 0; i < G_N_ELEMENTS(helper_names); i++)
		if (gen.used & (1u << i))
			g_string_append_printf(
				text, "#undef %s\n", helper_names[i]);
	g_string_free(gen.out, TRUE);
	g_string_free(gen.indent, TRUE);
	return g_string_free(text, FALSE);
}

char *sy_codegen_loops(
	const SyPeArray *array, const char *indent, const char *unit)
{
	return gen_block_text(array, indent, unit);
}

/* The indentation of the SCoP's first line of code, and one level of
 * the file's style (a tab if it indents with tabs). */
static char *scop_indent(const SyProgram *prog, const char **unit)
{
	const SySource *src = prog->begin.src;
	guint line = prog->begin.line + 1;
	const char *text = NULL;
	gsize len = 0, n = 0;

	for (; line < prog->end.line; line++) {
		text = sy_source_line(src, line, &len);
		n = 0;
		while (n < len && (text[n] == ' ' || text[n] == '\t'))
			n++;
		if (n < len)
			break;
	}
	*unit = n && text[0] == '\t' ? "\t" : "    ";
	return g_strndup(text ? text : "", n);
}

static gsize line_end(const SySource *src, guint line)
{
	gsize len;
	const char *text = sy_source_line(src, line, &len);
	gsize off = (gsize)(text - src->text) + len;

	if (off < src->len && src->text[off] == '\r')
		off++;
	if (off < src->len && src->text[off] == '\n')
		off++;
	return off;
}

gboolean sy_codegen_scop_text(
	const SyProgram *prog, SyScopText *text, GError **error)
{
	const SySource *src = prog->begin.src;

	if (src != prog->pp->main || prog->end.src != src) {
		sy_input_error_set(error, SY_INPUT_ERROR_UNSUPPORTED,
			&prog->begin, 1,
			"move the SCoP into the file given on the command line",
			"code generation needs the SCoP in %s, not in an "
			"included file",
			prog->pp->main->path);
		return FALSE;
	}
	text->src = src;
	text->begin = prog->begin.offset - (prog->begin.col - 1);
	text->body = line_end(src, prog->begin.line);
	text->body_end = prog->end.offset - (prog->end.col - 1);
	text->end = line_end(src, prog->end.line);
	text->indent = scop_indent(prog, &text->unit);
	return TRUE;
}

char *sy_codegen_file(const SyPeArray *array, GError **error)
{
	SyScopText t;
	g_autofree char *sizes = NULL;
	g_autofree char *block = NULL;
	GString *out;

	if (!sy_codegen_scop_text(array->analysis->prog, &t, error))
		return NULL;
	sizes = sy_config_to_sa_sizes(array->config, array->choices);
	block = gen_block_text(array, t.indent, t.unit);
	out = g_string_new_len(t.src->text, (gssize)t.begin);
	g_string_append_printf(out, "%s/* Systole: %s */\n", t.indent, sizes);
	g_string_append(out, block);
	g_string_append_len(
		out, t.src->text + t.end, (gssize)(t.src->len - t.end));
	g_free(t.indent);
	return g_string_free(out, FALSE);
}
