#include <string.h>

#include <isl/aff.h>
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "base/diag.h"
#include "compute/code-isl.h"
#include "compute/codegen.h"

/* The SCoP's array of var, or NULL. */
static const SyArray *array_of(const SyPeArray *pe, const SyVar *var)
{
	const GPtrArray *arrays = pe->analysis->scop->arrays;

	for (guint i = 0; i < arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(arrays, i);

		if (x->var == var)
			return x;
	}
	return NULL;
}

/* The SCoP's array of var if it is a temporary declared inside the SIMD
 * loop (a copy per lane in the transformed code, the lane's index
 * first), else NULL. */
static const SyArray *lane_private(const SyPeArray *pe, const SyVar *var)
{
	const SyArray *x = pe->lane ? array_of(pe, var) : NULL;

	return x && sy_pe_array_lane_private(pe, x) ? x : NULL;
}

/* Whether stmt reads or writes a lane-private temporary. */
static gboolean uses_lane_private(const SyPeArray *pe, const SyStmt *stmt)
{
	for (guint k = 0; k < stmt->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(stmt->accesses, k);

		if (lane_private(pe, a->array->var))
			return TRUE;
	}
	return FALSE;
}

/* The band member the SCoP's array of var has an element per iteration
 * of (sy_pe_array_expanded_by), or -1. */
static int expanded_by(const SyPeArray *pe, const SyVar *var)
{
	const SyArray *x = pe->expanded ? array_of(pe, var) : NULL;

	return x ? sy_pe_array_expanded_by(pe, x) : -1;
}

/* The band members stmt's expanded arrays are expanded by, as a bit
 * set (expand_for in pe-array.c expands by the first 32 only). */
static guint32 expansions(const SyPeArray *pe, const SyStmt *stmt)
{
	guint32 set = 0;

	for (guint k = 0; k < stmt->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(stmt->accesses, k);
		int t = expanded_by(pe, a->array->var);

		if (t >= 0)
			set |= 1u << t;
	}
	return set;
}

/* The argument of stmt's call that holds band member t's value: after
 * its iterators and its lane (uses_lane_private), one per member of
 * its expansions in order. */
static guint member_arg(const SyPeArray *pe, const SyStmt *stmt, guint t)
{
	guint32 set = expansions(pe, stmt);
	guint at = stmt->n_iters + (uses_lane_private(pe, stmt) ? 1 : 0);

	for (guint m = 0; m < t; m++)
		at += (set >> m) & 1;
	return at;
}

/* Band member t's value at stmt's instances, as an expression of the
 * loop iterators (back: their instance). */
static isl_pw_aff *member_value(const SyPeArray *pe, const SyStmt *stmt,
	guint t, isl_pw_multi_aff *back)
{
	isl_union_map *umap = isl_union_map_intersect_domain(
		isl_union_map_copy(pe->analysis->band->map),
		isl_union_set_from_set(isl_set_copy(stmt->domain)));
	isl_pw_multi_aff *sched = isl_pw_multi_aff_from_map(
		isl_map_from_union_map(umap));
	isl_pw_aff *v = isl_pw_multi_aff_get_pw_aff(sched, (int)t);

	isl_pw_multi_aff_free(sched);
	return isl_pw_aff_pullback_pw_multi_aff(v, isl_pw_multi_aff_copy(back));
}

/* The statement's iterators as expressions of the loop iterators: its
 * arguments, which print_stmt substitutes; then, where it uses a
 * lane-private temporary, its position in its vector (their first
 * index). */
static void stmt_iterators(
	SyCode *call, isl_ast_build *build, isl_pw_multi_aff *back, void *user)
{
	const SyPeArray *pe = user;
	const SyStmt *stmt = sy_scop_stmt_by_name(
		pe->analysis->scop, call->name);
	guint32 set = expansions(pe, stmt);
	isl_pw_aff *lane;

	for (guint k = 0; k < stmt->n_iters; k++)
		sy_code_user_add_isl(call,
			isl_ast_build_expr_from_pw_aff(build,
				isl_pw_multi_aff_get_pw_aff(back, (int)k)));
	if (uses_lane_private(pe, stmt)) {
		lane = isl_union_pw_aff_extract_pw_aff(pe->lane,
			isl_space_add_dims(isl_space_from_domain(
						   isl_set_get_space(
							   stmt->domain)),
				isl_dim_out, 1));
		lane = isl_pw_aff_pullback_pw_multi_aff(
			lane, isl_pw_multi_aff_copy(back));
		sy_code_user_add_isl(
			call, isl_ast_build_expr_from_pw_aff(build, lane));
	}
	for (guint t = 0; t < 32; t++)
		if ((set >> t) & 1)
			sy_code_user_add_isl(call,
				isl_ast_build_expr_from_pw_aff(build,
					member_value(pe, stmt, t, back)));
}

static isl_ast_node *at_domain(
	isl_ast_node *node, isl_ast_build *build, void *pe)
{
	return sy_code_annotate(node, build, stmt_iterators, pe);
}

/* Statements */

/* The loop iterators a statement is printed with. */
typedef struct {
	const SyPeArray *pe;
	const SyStmt *stmt;
	const SyCode *call;
	SyAstPrinter *gen;
} Subst;

static gboolean subst_iterator(
	GString *out, const SyExpr *expr, int prec, gpointer user);

/* An access to a temporary with copies (an element per iteration of a
 * band member, x[k - min], then per lane, x[lane]) before its own
 * subscripts; FALSE for another variable. */
static gboolean print_copy(GString *out, const SyExpr *expr, Subst *s)
{
	const SyVar *var = sy_expr_var(expr);
	int t = expanded_by(s->pe, var);
	gboolean lane = lane_private(s->pe, var) != NULL;
	gint64 min;

	if (t < 0 && !lane)
		return FALSE;
	g_string_append(out, var->name);
	if (t >= 0) {
		min = s->pe->analysis->band->members[t].min;
		g_string_append_c(out, '[');
		sy_ast_print_expr(s->gen, out,
			s->call->args->pdata[member_arg(
				s->pe, s->stmt, (guint)t)],
			min ? SY_AST_PREC_SUM : SY_AST_PREC_ANY);
		if (min)
			g_string_append_printf(out, " %c %" G_GINT64_FORMAT,
				min > 0 ? '-' : '+', ABS(min));
		g_string_append_c(out, ']');
	}
	if (lane) {
		g_string_append_c(out, '[');
		sy_ast_print_expr(s->gen, out,
			s->call->args->pdata[s->stmt->n_iters],
			SY_AST_PREC_ANY);
		g_string_append_c(out, ']');
	}
	for (guint i = 0; expr->kind == SY_EXPR_INDEX && i < expr->n_args; i++) {
		g_string_append_c(out, '[');
		sy_expr_print_with(out, expr->args[i], subst_iterator, s);
		g_string_append_c(out, ']');
	}
	return TRUE;
}

static gboolean subst_iterator(
	GString *out, const SyExpr *expr, int prec, gpointer user)
{
	Subst *s = user;
	const SyStmt *stmt = s->stmt;

	if (expr->kind != SY_EXPR_NAME && expr->kind != SY_EXPR_INDEX)
		return FALSE;
	if (print_copy(out, expr, s))
		return TRUE;
	if (expr->kind != SY_EXPR_NAME)
		return FALSE;
	for (guint k = 0; k < stmt->n_iters; k++) {
		if (sy_expr_var(expr) != stmt->iters[k])
			continue;
		sy_ast_print_expr(s->gen, out, s->call->args->pdata[k], prec);
		return TRUE;
	}
	return FALSE;
}

static void print_stmt(SyAstPrinter *p, const SyCode *call, gpointer pe)
{
	const SyPeArray *array = pe;
	Subst s = {array,
		sy_scop_stmt_by_name(array->analysis->scop, call->name), call,
		p};
	const SyNode *node = s.stmt->node;

	sy_expr_print_with(p->out, node->lhs, subst_iterator, &s);
	g_string_append_printf(p->out, " %s ", sy_punct_spelling(node->op));
	sy_expr_print_with(p->out, node->rhs, subst_iterator, &s);
	g_string_append(p->out, ";\n");
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
	const char *const *prefixes = sy_code_iterator_prefixes;
	guint i = 0;

	/* The last is reserved for Systole: identifiers starting with
	 * sy_. */
	while (prefixes[i + 1] && !prefix_is_free(prog, prefixes[i]))
		i++;
	return prefixes[i];
}

isl_id_list *sy_codegen_iterators(const SyProgram *prog, isl_ctx *ctx, guint n)
{
	const char *prefix = iterator_prefix(prog);
	isl_id_list *list = isl_id_list_alloc(ctx, (int)n);

	for (guint i = 0; i < n; i++) {
		g_autofree char *name = g_strdup_printf("%s%u", prefix, i);

		list = isl_id_list_add(list, isl_id_alloc(ctx, name, NULL));
	}
	return list;
}

/* Enough names for the deepest schedule: three bands of the band's
 * loops, the loops below, latency and SIMD. */
static isl_id_list *iterator_names(const SyPeArray *array)
{
	const SyAnalysis *a = array->analysis;
	guint depth = 0;

	for (guint i = 0; i < a->scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(a->scop->stmts, i);

		depth = MAX(depth, stmt->n_iters);
	}
	return sy_codegen_iterators(
		a->prog, a->ctx, 3 * a->band->n_members + 2 * depth + 2);
}

/* The type of the loop iterators: the user's, if the SCoP's loops agree
 * on an integer type, else int. */
const char *sy_codegen_iterator_type(const SyScop *scop)
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
static void gen_locals(SyAstPrinter *gen, const SyPeArray *pe)
{
	const SyScop *scop = pe->analysis->scop;
	gboolean any = FALSE;
	int t;

	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *array = g_ptr_array_index(scop->arrays, i);

		if (!array->local)
			continue;
		sy_ast_line_start(gen);
		g_string_append_printf(
			gen->out, "%s %s", array->var->type, array->name);
		t = sy_pe_array_expanded_by(pe, array);
		if (t >= 0)
			g_string_append_printf(gen->out,
				"[%" G_GINT64_FORMAT "]",
				pe->analysis->band->members[t].max -
					pe->analysis->band->members[t].min + 1);
		if (sy_pe_array_lane_private(pe, array))
			g_string_append_printf(gen->out,
				"[%" G_GINT64_FORMAT "]",
				pe->config->simd_factor);
		for (guint d = 0; d < array->n_dims; d++)
			g_string_append_printf(gen->out,
				"[%" G_GINT64_FORMAT "]", array->dims[d]);
		g_string_append(gen->out, ";\n");
		any = TRUE;
	}
	if (any)
		g_string_append_c(gen->out, '\n');
}

SyCode *sy_codegen_code(const SyPeArray *array)
{
	const SyAnalysis *a = array->analysis;
	isl_ast_build *build = isl_ast_build_alloc(a->ctx);
	isl_ast_node *tree;
	SyCode *code;

	build = isl_ast_build_set_iterators(build, iterator_names(array));
	build = isl_ast_build_set_at_each_domain(
		build, at_domain, (void *)array);
	tree = isl_ast_build_node_from_schedule(
		build, isl_schedule_copy(array->schedule));
	isl_ast_build_free(build);
	code = sy_code_from_isl(tree, NULL, NULL);
	isl_ast_node_free(tree);
	return code;
}

/* The block, with the helpers it uses defined before it and undefined
 * after it, each line indented by indent. */
char *sy_codegen_print(const SyPeArray *array, const SyCode *code,
	const char *indent, const char *unit)
{
	static const SyAstHooks hooks = {print_stmt, FALSE};
	const SyScop *scop = array->analysis->scop;
	SyAstPrinter gen;
	GString *text = g_string_new(NULL);

	sy_ast_printer_init(&gen, indent, unit, sy_codegen_iterator_type(scop),
		&hooks, (gpointer)array);
	sy_ast_indent_more(&gen);
	gen_locals(&gen, array);
	sy_ast_print_node(&gen, code);
	sy_ast_helpers_define(text, gen.used);
	g_string_append_printf(
		text, "%s{\n%s%s}\n", indent, gen.out->str, indent);
	sy_ast_helpers_undef(text, gen.used);
	sy_ast_printer_clear(&gen);
	return g_string_free(text, FALSE);
}

static char *gen_block_text(
	const SyPeArray *array, const char *indent, const char *unit)
{
	SyCode *code = sy_codegen_code(array);
	char *text = sy_codegen_print(array, code, indent, unit);

	sy_code_free(code);
	return text;
}

char *sy_codegen_block(
	const SyPeArray *array, const char *indent, const char *unit)
{
	return gen_block_text(array, indent, unit);
}

char *sy_codegen_loops(
	const SyPeArray *array, const char *indent, const char *unit)
{
	isl_ctx *ctx = array->analysis->ctx;
	GError *error = NULL;
	char *text;

	sy_isl_stage_begin(ctx);
	text = gen_block_text(array, indent, unit);
	if (sy_isl_stage_check(ctx, sy_analysis_path(array->analysis),
		    "the loop nest", &error))
		return text;
	g_free(text);
	text = g_strdup_printf("%s/* %s */\n", indent, error->message);
	g_error_free(error);
	return text;
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
	sy_isl_stage_begin(array->analysis->ctx);
	block = gen_block_text(array, t.indent, t.unit);
	if (!sy_isl_stage_check(array->analysis->ctx,
		    sy_analysis_path(array->analysis), "the loop nest",
		    error)) {
		g_free(t.indent);
		return NULL;
	}
	out = g_string_new_len(t.src->text, (gssize)t.begin);
	g_string_append_printf(out, "%s/* Systole: %s */\n", t.indent, sizes);
	g_string_append(out, block);
	g_string_append_len(
		out, t.src->text + t.end, (gssize)(t.src->len - t.end));
	g_free(t.indent);
	return g_string_free(out, FALSE);
}
