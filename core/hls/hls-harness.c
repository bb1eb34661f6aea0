/* The harness around the kernel: the testbench that runs it where the
 * SCoP was (in the user's main, whose own check decides, or in the
 * SCoP's function, checked against the original SCoP, called by a
 * generated main), and the host that runs it on the FPGA through XRT.
 * Both move the user's arrays into and out of the words the L3 modules
 * read and the drains write. */
#include <string.h>

#include "compute/check.h"
#include "compute/codegen.h"
#include "hls/hls-private.h"

/* The testbench: the SCoP's place in the user's program, where the
 * kernel runs on the serialized images of its arrays, printed from the
 * design's facts (comm/tb-facts.h). */

typedef struct {
	SyHlsGen *hls;
	const SyTbPath *tp;
	int mode; /* 0 serialize, 1 count, 2 read back */
} Tb;

/* One box: every element, in row-major order, into or out of words. */
static void tb_user(SyAstPrinter *p, const SyCode *call, gpointer data)
{
	Tb *tb = data;
	const SyTbPath *tp = tb->tp;
	const SyArray *x = tp->path->array;
	SyCodeExpr *const *exprs = (SyCodeExpr *const *)call->args->pdata;
	const SyCodeExpr *written = tb->mode == 2
		? exprs[call->args->len - 1]
		: NULL;
	g_autofree char *tag = sy_hls_tag(sy_hls_ctype(x));
	GString *inside = g_string_new(NULL),
		*elem = g_string_new(sy_names_id(tb->hls->names, x->name));
	guint b = sy_hls_bits(x);

	if (tb->mode == 1) {
		g_string_append_printf(p->out,
			"sy_count += %" G_GINT64_FORMAT ";\n", tp->box_words);
		g_string_free(inside, TRUE);
		g_string_free(elem, TRUE);
		return;
	}
	g_string_append(p->out, "{\n");
	sy_ast_indent_more(p);
	for (guint d = 0; d < x->n_dims; d++) {
		sy_hls_line(p,
			"for (long sy_e%u = 0; sy_e%u < %" G_GINT64_FORMAT
			"; sy_e%u++) {",
			d, d, tp->box[d], d);
		sy_ast_indent_more(p);
		sy_ast_line_start(p);
		g_string_append_printf(p->out, "long sy_a%u = ", d);
		sy_ast_print_expr(p, p->out, exprs[d], SY_AST_PREC_SUM);
		g_string_append_printf(p->out, " + sy_e%u;\n", d);
		g_string_append_printf(inside,
			"%ssy_a%u >= 0 && sy_a%u < %" G_GINT64_FORMAT,
			d ? " && " : "", d, d, x->dims[d]);
		g_string_append_printf(elem, "[sy_a%u]", d);
	}
	if (tb->mode == 0) {
		sy_ast_line_start(p);
		g_string_append_printf(p->out,
			"%s sy_x = (%s) ? %s : ", sy_hls_ctype(x), inside->str,
			elem->str);
		sy_hls_print_zero(p->out, x);
		g_string_append(p->out, ";\n");
		sy_hls_line(p,
			"sy_word.range(%u * sy_n + %u, %u * sy_n) = "
			"sy_to_bits_%s(sy_x);",
			b, b - 1, b, tag);
		sy_hls_line(p, "if (++sy_n == %u) {", tp->pack);
		sy_hls_line(p, "    sy_image.push_back(sy_word);");
		sy_hls_line(p, "    sy_n = 0;");
		sy_hls_line(p, "}");
	} else {
		sy_hls_line(p, "if (sy_n == 0)");
		sy_hls_line(p, "    sy_word = sy_image[sy_at++];");
		/* Only what the SCoP writes there and leaves. */
		g_string_truncate(inside, 0);
		if (written) {
			sy_hls_print_e(p, inside, written, SY_AST_PREC_ANY);
			sy_hls_line(p, "if (%s)", inside->str);
		}
		sy_hls_line(p,
			"%s%s = sy_from_bits_%s(sy_word.range(%u * sy_n + "
			"%u, %u * sy_n));",
			written ? "    " : "", elem->str, tag, b, b - 1, b);
		sy_hls_line(p, "if (++sy_n == %u)", tp->pack);
		sy_hls_line(p, "    sy_n = 0;");
	}
	for (guint d = 0; d < x->n_dims; d++) {
		sy_ast_indent_less(p);
		sy_hls_line(p, "}");
	}
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
	g_string_free(inside, TRUE);
	g_string_free(elem, TRUE);
}

/* A path's loops over its boxes (see SyTbPath), each box serialized,
 * counted or read back.  Returns the helper macros they use
 * (SY_AST_USE_*). */
static guint tb_loops(SyHlsGen *hls, GString *out, const SyTbPath *tp,
	int mode, const char *indent)
{
	static const SyAstHooks hooks = {tb_user, FALSE};
	SyAstPrinter pr;
	Tb tb = {hls, tp, mode};
	guint used;

	sy_ast_printer_init(&pr, indent, "    ", "int", &hooks, &tb);
	sy_ast_print_node(&pr, tp->loops);
	g_string_append(out, pr.out->str);
	used = pr.used;
	sy_ast_printer_clear(&pr);
	return used;
}

/* The systolic version of the SCoP: its arrays serialized into images,
 * the kernel run on them, the results read back; statements at in. */
static void tb_block(
	SyHlsGen *hls, GString *text, const char *in, const char *unit)
{
	const GPtrArray *paths = hls->design->tb->paths;
	g_autofree char *in2 = g_strconcat(in, unit, NULL);
	GString *call = g_string_new(NULL), *fpga = g_string_new(NULL);
	GString *out = g_string_new(NULL);
	g_autoptr(GPtrArray) args = sy_hls_arguments(hls->scop);
	guint used = 0;

	for (guint i = 0; i < paths->len; i++) {
		const SyTbPath *tp = g_ptr_array_index(paths, i);
		const char *port = tp->port, *P = tp->path->prefix;

		g_string_append_printf(call, "%ssy_img_%s.data()",
			call->len ? ", " : "", port);
		g_string_append_printf(
			fpga, "%ssy_img_%s", fpga->len ? ", " : "", port);
		g_string_append_printf(out,
			"%sstd::vector<%s_word> sy_img_%s;\n%s{\n%s"
			"std::vector<%s_word> &sy_image = sy_img_%s;\n",
			in, P, port, in, in2, P, port);
		if (tp->path->in) {
			g_string_append_printf(out,
				"%s%s_word sy_word = 0;\n%sint sy_n = 0;\n\n",
				in2, P, in2);
			used |= tb_loops(hls, out, tp, 0, in2);
		} else {
			g_string_append_printf(
				out, "%slong sy_count = 0;\n\n", in2);
			used |= tb_loops(hls, out, tp, 1, in2);
			g_string_append_printf(
				out, "%ssy_image.resize(sy_count);\n", in2);
		}
		/* The m_axi depth co-simulation uses must be the image's
		 * size: checked on every run. */
		g_string_append_printf(out,
			"%sif (sy_image.size() != %" G_GINT64_FORMAT ") {\n%s"
			"    fprintf(stderr, \"Systole: the image of port %s "
			"holds %%zu words, its m_axi depth is %" G_GINT64_FORMAT
			"\\n\", sy_image.size());\n%s    exit(1);\n%s}\n",
			in2, tp->port_words, in2, port, tp->port_words, in2,
			in2);
		g_string_append_printf(out, "%s}\n", in);
	}
	for (guint i = 0; i < args->len; i++) {
		const char *name = sy_names_id(hls->names,
			((SyArray *)g_ptr_array_index(args, i))->name);

		g_string_append_printf(call, ", %s", name);
		g_string_append_printf(fpga, ", %s", name);
	}
	/* On the FPGA (host.cpp, make check), the same images go through
	 * XRT; in C simulation, straight to the kernel's function. */
	g_string_append_printf(out,
		"#ifdef SYSTOLE_XRT\n%ssystole_run_fpga(%s);\n"
		"#else\n%skernel0(%s);\n#endif\n",
		in, fpga->str, in, call->str);
	for (guint i = 0; i < paths->len; i++) {
		const SyTbPath *tp = g_ptr_array_index(paths, i);
		const char *port = tp->port, *P = tp->path->prefix;

		if (tp->path->in)
			continue;
		g_string_append_printf(out,
			"%s{\n%sstd::vector<%s_word> &sy_image = "
			"sy_img_%s;\n%s%s"
			"_word sy_word = 0;\n%sint sy_n = 0;\n%slong sy_at = "
			"0;\n\n",
			in, in2, P, port, in2, P, in2, in2);
		used |= tb_loops(hls, out, tp, 2, in2);
		g_string_append_printf(out, "%s}\n", in);
	}
	g_string_append_printf(out,
		"#ifdef SYSTOLE_HLS_STREAM_H\n%sif (hls::sim::warnings()) {\n"
		"%s    printf(\"Systole: the C simulation read an empty "
		"stream or left data in one\\n\");\n%s    exit(1);\n%s}\n"
		"#endif\n",
		in, in, in, in);
	/* The helpers the loops use, defined around them only. */
	sy_ast_helpers_define(text, used);
	g_string_append(text, out->str);
	sy_ast_helpers_undef(text, used);
	g_string_free(out, TRUE);
	g_string_free(call, TRUE);
	g_string_free(fpga, TRUE);
}

/* The systolic version as the one version of a Systole check. */
static char *tb_version(GString *out, guint i, const char *indent,
	const char *unit, gpointer data)
{
	SyHlsGen *hls = data;
	g_autofree char *in = g_strconcat(indent, unit, NULL);

	(void)i;
	g_string_append_printf(out, "%s{\n", indent);
	tb_block(hls, out, in, unit);
	g_string_append_printf(out, "%s}\n", indent);
	return sy_config_to_sa_sizes(hls->array->config, hls->array->choices);
}

/* The SCoP's use of a variable, NULL if it does not use it. */
static const SyArray *tb_array_of(const SyScop *scop, const SyVar *var)
{
	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);

		if (x->var == var)
			return x;
	}
	return NULL;
}

/* A parameter the generated main passes as a null pointer: a pointer,
 * or an array without sizes, that the SCoP does not use. */
static gboolean tb_passes_null(const SyScop *scop, const SyVar *v)
{
	gboolean sized = v->kind != SY_VAR_POINTER;

	for (guint d = 0; d < v->n_dims; d++)
		sized = sized && v->dims[d] > 0;
	return !sized && !tb_array_of(scop, v);
}

/* The generated main must be able to call the SCoP's function: every
 * parameter a scalar, an array of known sizes, or passed null.  (The
 * SCoP itself only uses arrays of known sizes.) */
static gboolean tb_callable(const SyScop *scop, GError **error)
{
	const SyProgram *prog = scop->prog;
	const char *hint = "put the SCoP in main(), where your own check "
			   "decides, or give";

	if (!prog->params_known)
		return sy_hls_refuse(error,
			"the testbench calls %s() from a generated main, but "
			"its parameters could not be read; %s %s() "
			"parameters of scalar and array types",
			prog->function, hint, prog->function);
	for (guint i = 0; i < prog->params->len; i++) {
		const SyVar *v = g_ptr_array_index(prog->params, i);

		if (v->kind == SY_VAR_POINTER && tb_array_of(scop, v))
			return sy_hls_refuse(error,
				"the testbench calls %s() from a generated "
				"main, but cannot size the memory its pointer "
				"'%s' points to; %s '%s' array sizes",
				prog->function, v->name, hint, v->name);
	}
	return TRUE;
}

/* Every element of an array (or a scalar), filled with small multiples
 * of 1/8 (integers: -8 to 7): sums and products of them are exact in
 * floating point whatever the order of a reduction, so the check's
 * tolerance only has to absorb what the kernel itself rounds.  Arrays
 * the SCoP writes get a value of their own per element instead, so that
 * a write the SCoP does not make, even of another element's value,
 * shows in the comparison. */
static void tb_fill(GString *out, const char *name, const SyVar *v,
	gboolean scalar, gboolean written)
{
	const char *t = v->base_type;
	g_autofree char *n = g_strdup_printf("sizeof %s / sizeof(%s)", name, t);
	g_autofree char *value = NULL;

	if (written && !scalar)
		value = g_strdup_printf("(%s)sy_distinct(sy_k, %s)%s", t, n,
			v->integer ? "" : " / 8");
	else
		value = v->integer ? g_strdup_printf("(%s)sy_next()", t)
				   : g_strdup_printf("(%s)sy_next() / 8", t);
	if (scalar) {
		g_string_append_printf(out, "    %s = %s;\n", name, value);
		return;
	}
	g_string_append_printf(out,
		"    for (unsigned long sy_k = 0; sy_k < %s; sy_k++)\n"
		"        ((%s *)%s)[sy_k] = %s;\n",
		n, t, name, value);
}

/* A main that fills the function's inputs and calls it: the check in
 * its SCoP decides. */
static void tb_main(const SyScop *scop, const SyNames *names, GString *out)
{
	const SyProgram *prog = scop->prog;
	GString *call = g_string_new(NULL);

	g_string_append_printf(out,
		"#undef main\n\n"
		"/* Systole: %s() from deterministic inputs.  Its SCoP runs "
		"the original loop\n * nest, then the systolic array, and "
		"compares their results. */\n"
		"static unsigned sy_seed = 1u;\n\n"
		"static int sy_next(void)\n{\n"
		"    sy_seed = sy_seed * 1103515245u + 12345u;\n"
		"    return (int)((sy_seed >> 16) %% 16u) - 8;\n}\n\n"
		"/* Element k of n, each its own: -n + 1, -n + 3, ..., n - 1. "
		"*/\nstatic long sy_distinct(unsigned long k, unsigned long "
		"n)\n{\n    return 2 * (long)k + 1 - (long)n;\n}\n\n"
		"int main(void)\n{\n",
		prog->function);
	for (guint i = 0; i < prog->params->len; i++) {
		const SyVar *v = g_ptr_array_index(prog->params, i);
		gboolean null = tb_passes_null(scop, v);
		g_autofree char *name = g_strdup_printf("sy_arg_%s", v->name);

		g_string_append_printf(
			call, "%s%s", i ? ", " : "", null ? "0" : name);
		if (null)
			continue;
		g_string_append_printf(out, "    %s%s %s",
			v->n_dims ? "static " : "", v->base_type, name);
		for (guint d = 0; d < v->n_dims; d++)
			g_string_append_printf(
				out, "[%" G_GINT64_FORMAT "]", v->dims[d]);
		g_string_append(out, ";\n");
	}
	g_string_append_c(out, '\n');
	for (guint i = 0; i < prog->params->len; i++) {
		const SyVar *v = g_ptr_array_index(prog->params, i);
		g_autofree char *name = g_strdup_printf("sy_arg_%s", v->name);

		if (!tb_passes_null(scop, v))
			tb_fill(out, name, v, v->n_dims == 0,
				tb_array_of(scop, v) &&
					tb_array_of(scop, v)->written);
	}
	/* The globals the SCoP uses start from known values too. */
	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);

		if (x->var->global)
			tb_fill(out, sy_names_id(names, x->name), x->var,
				x->n_dims == 0, x->written);
	}
	g_string_append_printf(out,
		"\n    %s(%s);\n    printf(\"PASS\\n\");\n    return 0;\n}\n",
		sy_names_id(names, prog->function), call->str);
	g_string_free(call, TRUE);
}

/* C's keywords C++ spells otherwise, then -D NAME=VALUE as the
 * analysis read it: #defines before the kernel's text (after the
 * project's own headers, which user macros must not reach).  A value is one line (the command line refuses others); one
 * that ends in a backslash is followed by an empty line, which is all it
 * can continue. */
static void tb_defines(const SyHlsGen *hls, GString *out)
{
	GString *keywords = g_string_new(NULL);

	/* The kernel's C compiled as C++. */
	sy_names_c_keywords(hls->names, keywords);
	if (keywords->len)
		g_string_append_printf(out,
			"/* Systole: C's keywords as C++ spells them. */\n%s\n",
			keywords->str);
	g_string_free(keywords, TRUE);
	if (!hls->defines || !hls->defines[0])
		return;
	g_string_append(out,
		"/* Systole: the kernel was analysed with these "
		"-D options. */\n");
	for (guint i = 0; hls->defines[i]; i++) {
		const char *d = hls->defines[i], *eq = strchr(d, '=');
		gsize name = strspn(d,
			"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklm"
			"nopqrstuvwxyz0123456789_");
		g_autofree char *id = g_strndup(d, name);
		const char *value = eq ? eq + 1 : "1";
		gsize line = strcspn(value, "\n");

		g_string_append_printf(out, "#define %s%.*s %.*s\n",
			sy_names_id(hls->names, id),
			(int)((eq ? (gsize)(eq - d) : strlen(d)) - name),
			d + name, (int)line, value);
		if (line && value[line - 1] == '\\')
			g_string_append_c(out, '\n');
	}
	g_string_append_c(out, '\n');
}

char *sy_hls_emit_testbench(SyHlsGen *hls, GError **error)
{
	const SyProgram *prog = hls->array->analysis->prog;
	gboolean in_main = g_strcmp0(prog->function, "main") == 0;
	g_autofree char *sizes = NULL, *text = NULL;
	g_autoptr(SySource) src = NULL;
	SyScopText t;
	GString *out;
	gsize at[4], len;

	if (!in_main && !tb_callable(hls->scop, error))
		return NULL;
	if (!sy_codegen_scop_text(prog, &t, error))
		return NULL;
	/* The kernel's text with the names it has in the project. */
	at[0] = t.begin, at[1] = t.body, at[2] = t.body_end, at[3] = t.end;
	text = sy_names_rewrite(hls->names, t.src, at, 4, &len);
	src = sy_source_new_from_data(t.src->path, text, (gssize)len, error);
	if (!src) {
		g_free(t.indent);
		return NULL;
	}
	t.src = src;
	t.begin = at[0], t.body = at[1], t.body_end = at[2], t.end = at[3];
	sizes = sy_config_to_sa_sizes(hls->array->config, hls->array->choices);
	out = g_string_new(NULL);
	g_string_append_printf(out,
		"/* Systole: the kernel's SCoP runs on the systolic array "
		"(systole_kernel.cpp)%s. */\n"
		"#include <stdio.h>\n#include <stdlib.h>\n"
		"#include <vector>\n\n#include \"systole_kernel.h\"\n\n",
		in_main ? "" : ", checked against the original SCoP");
	tb_defines(hls, out);
	if (in_main) {
		g_autofree char *in = g_strconcat(t.indent, t.unit, NULL);

		g_string_append_len(out, t.src->text, (gssize)t.begin);
		g_string_append_printf(out, "%s/* Systole: %s */\n%s{\n",
			t.indent, sizes, t.indent);
		tb_block(hls, out, in, t.unit);
		g_string_append_printf(out, "%s}\n", t.indent);
	} else {
		/* The user's main, if any, steps aside for the generated
		 * one. */
		g_string_append(out, "#define main systole_user_main\n");
		g_string_append_len(out, t.src->text, (gssize)t.begin);
		sy_check_block(hls->scop, hls->names, &t, 1, tb_version, hls,
			TRUE, out);
	}
	g_string_append_len(
		out, t.src->text + t.end, (gssize)(t.src->len - t.end));
	if (!in_main)
		tb_main(hls->scop, hls->names, out);
	g_free(t.indent);
	return g_string_free(out, FALSE);
}

char *sy_hls_fpga_params(SyHlsGen *hls)
{
	GString *out = g_string_new(NULL);
	g_autoptr(GPtrArray) args = sy_hls_arguments(hls->scop);
	const SyHlsModel *m = hls->m;

	for (guint i = 0; i < m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->paths, i);
		g_autofree char *port = sy_hls_port(m, hp);

		g_string_append_printf(out, "%sstd::vector<%s_word> &%s",
			i ? ", " : "", hp->path->prefix, port);
	}
	for (guint i = 0; i < args->len; i++) {
		const SyArray *x = g_ptr_array_index(args, i);

		g_string_append_printf(out, ", %s %s", sy_hls_ctype(x),
			sy_names_id(hls->names, x->name));
	}
	return g_string_free(out, FALSE);
}

/* The host: the kernel on the FPGA through XRT's native API. */
char *sy_hls_emit_host(SyHlsGen *hls)
{
	GString *out = g_string_new(NULL), *run = g_string_new(NULL);
	g_autoptr(GPtrArray) args = sy_hls_arguments(hls->scop);
	const SyHlsModel *m = hls->m;

	g_autofree char *params = sy_hls_fpga_params(hls);

	g_string_append_printf(out,
		"/* Generated by Systole: kernel0 on the FPGA through XRT's "
		"native API.  SYSTOLE_XCLBIN names\n * the xclbin (default "
		"build/kernel0.hw.xclbin). */\n#include <algorithm>\n"
		"#include <cstdlib>\n#include <vector>\n\n#include "
		"<xrt/xrt_bo.h>\n#include <xrt/xrt_device.h>\n#include "
		"<xrt/xrt_kernel.h>\n\n#include \"systole_kernel.h\"\n\n"
		"void systole_run_fpga(%s",
		params);
	for (guint i = 0; i < m->paths->len; i++) {
		g_autofree char *port = sy_hls_port(
			m, g_ptr_array_index(m->paths, i));

		g_string_append_printf(run, "%ssy_bo_%s", i ? ", " : "", port);
	}
	for (guint i = 0; i < args->len; i++)
		g_string_append_printf(run, ", %s",
			sy_names_id(hls->names,
				((SyArray *)g_ptr_array_index(args, i))->name));
	/* Its own names are Systole's: the ports and scalars are the
	 * user's. */
	g_string_append(out,
		")\n{\n    const char *sy_xclbin = "
		"std::getenv(\"SYSTOLE_XCLBIN\");\n"
		"    xrt::device sy_device(0);\n    xrt::uuid sy_uuid = "
		"sy_device.load_xclbin(sy_xclbin ? sy_xclbin : "
		"\"build/kernel0.hw.xclbin\");\n    xrt::kernel "
		"sy_kernel(sy_device, sy_uuid, \"kernel0\");\n\n");
	for (guint i = 0; i < m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->paths, i);
		g_autofree char *port = sy_hls_port(m, hp);

		g_string_append_printf(out,
			"    xrt::bo sy_bo_%s(sy_device, std::max<size_t>(1, "
			"%s.size()) * sizeof(%s_word), "
			"sy_kernel.group_id(%u));\n",
			port, port, hp->path->prefix, i);
		if (hp->path->in)
			g_string_append_printf(out,
				"    sy_bo_%s.write(%s.data());\n    "
				"sy_bo_%s.sync(XCL_BO_SYNC_BO_TO_DEVICE);\n",
				port, port, port);
	}
	g_string_append_printf(out,
		"\n    xrt::run sy_run = sy_kernel(%s);\n\n    "
		"sy_run.wait();\n",
		run->str);
	for (guint i = 0; i < m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->paths, i);
		g_autofree char *port = sy_hls_port(m, hp);

		if (!hp->path->in)
			g_string_append_printf(out,
				"    sy_bo_%s.sync(XCL_BO_SYNC_BO_FROM_DEVICE);"
				"\n    sy_bo_%s.read(%s.data());\n",
				port, port, port);
	}
	g_string_append(out, "}\n");
	g_string_free(run, TRUE);
	return g_string_free(out, FALSE);
}
