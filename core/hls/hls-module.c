/* The modules' common ground: printing a module's code (built in
 * comm/module-code.c) through its printer, element types and words,
 * the kernel's interface, and printing helpers. */
#include <string.h>

#include "hls/hls-private.h"

void sy_hls_gen_init(SyHlsGen *hls, const SyDesign *design, const SyHlsModel *m)
{
	hls->design = design;
	hls->kernel = design->kernel;
	hls->m = m;
	hls->array = m->array;
	hls->scop = m->array->analysis->scop;
	hls->out = NULL;
	hls->itype = "int";
	hls->simplified = sy_module_code_cache_new();
}

void sy_hls_gen_clear(SyHlsGen *hls)
{
	g_hash_table_unref(hls->simplified);
}

/* Modules */

/* A statement of a module, as its printer reads it, found by its index
 * (the code's): the PE's have the statement's iterators first.  The I/O
 * modules' printers still read the SCoP's statement. */
static void print_user(SyAstPrinter *p, const SyCode *stmt, gpointer data)
{
	SyHlsModule *mod = data;
	guint index = (guint)stmt->stmt;
	const SyPeStmt *s = mod->path
		? NULL
		: g_ptr_array_index(mod->hls->design->pe_facts->stmts, index);
	guint n_iters = s ? s->n_iters : 0;
	SyCodeExpr *const *args = (SyCodeExpr *const *)stmt->args->pdata;
	SyHlsCall call = {index,
		mod->path ? g_ptr_array_index(mod->hls->scop->stmts, index)
			  : NULL,
		mod->path ? NULL : args, stmt->args->len - n_iters,
		args + n_iters};

	mod->print(p, &call, mod);
}

/* The body of a module's loops, printed at indent. */
void sy_hls_print_code(
	SyHlsModule *mod, const SyCode *code, const char *indent)
{
	static const SyAstHooks hooks = {print_user, TRUE};
	SyAstPrinter p;

	sy_ast_printer_init(&p, indent, "    ", mod->hls->itype, &hooks, mod);
	sy_ast_print_node(&p, code);
	g_string_append(mod->hls->out, p.out->str);
	sy_ast_printer_clear(&p);
}

const SyCode *sy_hls_module_code(
	const SyHlsGen *hls, const SyIoPath *path, guint level)
{
	const SyDesign *design = hls->design;

	if (!path)
		return design->pe->code;
	for (guint i = 0; i < design->modules->len; i++) {
		const SyModule *mod = g_ptr_array_index(design->modules, i);

		if (mod->path == path && mod->level == level && mod->code)
			return mod->code;
	}
	return NULL;
}

void sy_hls_module_init(SyHlsModule *mod, SyHlsGen *hls, const SyHlsPath *path)
{
	mod->hls = hls;
	mod->path = path;
}

/* Types */

const char *sy_hls_ctype(const SyArray *x)
{
	return x->var->base_type;
}

guint sy_hls_bits(const SyArray *x)
{
	guint b = sy_type_bits(sy_hls_ctype(x));

	return b ? b : 32;
}

/* A zero of x's type: "static_cast<T>(0)", valid C++ for every
 * element type ("signed char()" is not: a functional cast takes a
 * one-word type name). */
void sy_hls_print_zero(GString *out, const SyArray *x)
{
	g_string_append_printf(out, "static_cast<%s>(0)", sy_hls_ctype(x));
}

/* "unsigned int" -> "unsigned_int", for helper names. */
char *sy_hls_tag(const char *type)
{
	return g_strdelimit(g_strdup(type), " ", '_');
}

/* A word's type: lanes of a path's elements (the element itself for one
 * lane). */
char *sy_hls_word_type(const SyHlsPath *hp, guint lanes)
{
	if (lanes == 1)
		return g_strdup(sy_hls_ctype(hp->path->array));
	return g_strdup_printf(
		"ap_uint<%u>", lanes * sy_hls_bits(hp->path->array));
}

/* Element e (an expression) of a buffer of words of pack elements. */
void sy_hls_print_unpack(GString *out, const SyArray *x, const char *word,
	const char *lane, guint pack)
{
	g_autofree char *tag = sy_hls_tag(sy_hls_ctype(x));
	guint b = sy_hls_bits(x);

	if (pack == 1 && !lane) {
		g_string_append_printf(out, "sy_from_bits_%s(%s)", tag, word);
		return;
	}
	g_string_append_printf(out,
		"sy_from_bits_%s(%s.range(%u * (%s) + %u, %u * (%s)))", tag,
		word, b, lane, b - 1, b, lane);
}

/* Printing helpers */

void sy_hls_print_e(
	SyAstPrinter *p, GString *out, const SyCodeExpr *e, int prec)
{
	sy_ast_print_expr(p, out, e, prec);
}

/* A string of an expression. */
char *sy_hls_expr_text(SyAstPrinter *p, const SyCodeExpr *e)
{
	GString *s = g_string_new(NULL);

	sy_ast_print_expr(p, s, e, SY_AST_PREC_ATOM);
	return g_string_free(s, FALSE);
}

void sy_hls_line(SyAstPrinter *p, const char *format, ...)
{
	va_list args;

	sy_ast_line_start(p);
	va_start(args, format);
	g_string_append_vprintf(p->out, format, args);
	va_end(args);
	g_string_append_c(p->out, '\n');
}

/* "if (cond) " for a condition, nothing when it always holds. */
gboolean sy_hls_open_guard(SyAstPrinter *p, const SyCodeExpr *cond)
{
	if (!cond)
		return FALSE;
	sy_ast_line_start(p);
	g_string_append(p->out, "if (");
	sy_hls_print_e(p, p->out, cond, SY_AST_PREC_ANY);
	g_string_append(p->out, ") {\n");
	sy_ast_indent_more(p);
	return TRUE;
}

void sy_hls_close_guard(SyAstPrinter *p, gboolean open)
{
	if (!open)
		return;
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
}

/* The kernel's interface, which the top function, the PE and the
 * testbench and host all name the same way (here, below them all, so
 * that each of those files depends on this one and not on another). */

/* Scalars the kernel only reads: arguments of the kernel and PEs. */
GPtrArray *sy_hls_arguments(const SyScop *scop)
{
	GPtrArray *args = g_ptr_array_new();

	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);

		if (!x->n_dims && !x->written && !x->local)
			g_ptr_array_add(args, (gpointer)x);
	}
	return args;
}

static gboolean has_in(const SyHlsModel *m, const char *prefix)
{
	for (guint i = 0; i < m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->paths, i);

		if (hp->path->in && g_str_equal(hp->path->prefix, prefix))
			return TRUE;
	}
	return FALSE;
}

gboolean sy_hls_port_is_stem(const SyHlsModel *m, const SyHlsPath *hp)
{
	return hp->path->in || !has_in(m, hp->path->prefix);
}

/* The DRAM port of a path: its stem, "_out" for results of an array
 * that also comes in under that stem. */
char *sy_hls_port(const SyHlsModel *m, const SyHlsPath *hp)
{
	return sy_hls_port_is_stem(m, hp)
		? g_strdup(hp->path->prefix)
		: g_strconcat(hp->path->prefix, "_out", NULL);
}
