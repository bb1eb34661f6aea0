/* The modules' common ground: printing the PE's code (built in
 * comm/module-code.c) through its printer, element types and words,
 * and printing helpers. */
#include <string.h>

#include "hls/hls-private.h"
#include "comm/storage.h"

void sy_hls_launch(GString *out, const SyDesignKernel *k, gboolean typed)
{
	for (guint d = 0; d < k->n_launch; d++)
		g_string_append_printf(out, "%ssy_l%u, ", typed ? "int " : "", d);
}

void sy_hls_gen_init(SyHlsGen *hls, const SyDesign *design)
{
	hls->design = design;
	hls->kernel = design->kernel;
	hls->io = design->io;
	hls->out = NULL;
	hls->itype = "int";
}

/* Modules */

/* A statement of the PE, as its printer reads it, found by its index
 * (the code's): its leaf has the statement's iterators first. */
static void print_user(SyAstPrinter *p, const SyCode *stmt, gpointer data)
{
	SyHlsModule *mod = data;
	guint index = (guint)stmt->stmt;
	const SyPeStmt *s = g_ptr_array_index(
		mod->hls->design->pe_facts->stmts, index);
	SyCodeExpr *const *args = (SyCodeExpr *const *)stmt->args->pdata;
	SyHlsCall call = {
		index, args, stmt->args->len - s->n_iters, args + s->n_iters};

	mod->print(p, &call, mod);
}

/* The body of a module's loops, printed at indent. */
void sy_hls_print_code(SyHlsModule *mod, const SyCode *code, const char *indent)
{
	static const SyAstHooks hooks = {print_user, TRUE};
	SyAstPrinter p;

	sy_ast_printer_init(&p, indent, "    ", mod->hls->itype, &hooks, mod);
	p.n_launch = mod->hls->kernel->n_launch;
	sy_ast_print_node(&p, code);
	g_string_append(mod->hls->out, p.out->str);
	sy_ast_printer_clear(&p);
}

/* Types */

/* A zero of x's type: "static_cast<T>(0)", valid C++ for every
 * element type ("signed char()" is not: a functional cast takes a
 * one-word type name). */
void sy_hls_print_zero(GString *out, const SyDesignArray *x)
{
	g_string_append_printf(out, "static_cast<%s>(0)", x->ctype);
}

/* "unsigned int" -> "unsigned_int", for helper names. */
char *sy_hls_tag(const char *type)
{
	return g_strdelimit(g_strdup(type), " ", '_');
}

/* A word of lanes elements of x (the element itself for one lane). */
char *sy_hls_word(const SyDesignArray *x, guint lanes)
{
	if (lanes == 1)
		return g_strdup(x->ctype);
	return g_strdup_printf("ap_uint<%u>", lanes * x->bits);
}

/* Element e (an expression) of a buffer of words of pack elements. */
void sy_hls_print_unpack(GString *out, const SyDesignArray *x, const char *word,
	const char *lane, guint pack)
{
	g_autofree char *tag = sy_hls_tag(x->ctype);
	guint b = x->bits;

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

void sy_hls_bind_storage(
	GString *out, const char *var, guint width, gint64 depth)
{
	const char *impl = sy_memory_impl(sy_memory_kind(width, depth, FALSE));

	if (impl)
		g_string_append_printf(out,
			"#pragma HLS bind_storage variable=%s type=ram_2p "
			"impl=%s\n",
			var, impl);
}

void sy_hls_bind_uram(GString *out, const char *var)
{
	g_string_append_printf(out,
		"#pragma HLS bind_storage variable=%s type=ram_2p impl=%s\n",
		var, sy_memory_impl(SY_MEMORY_URAM));
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
