/* The harness around the kernel: the testbench that runs it where the
 * SCoP was (in the user's main, whose own check decides, or in the
 * SCoP's function, checked against the original SCoP, called by a
 * generated main), and the host that runs it on the FPGA through XRT.
 * Both move the user's arrays into and out of the words the L3 modules
 * read and the drains write. */
#include <string.h>

#include "hls/hls-private.h"

/* The testbench: the SCoP's place in the user's program, where the
 * kernel runs on the serialized images of its arrays, printed from the
 * design's facts (comm/tb-facts.h). */

typedef struct {
	SyHlsGen *hls;
	const SyTbPath *tp;
	int mode; /* 0 serialize, 1 count, 2 read back */
	guint pack; /* elements per image word: the DRAM word's */
} Tb;

/* One box: every element, in row-major order, into or out of words. */
static void tb_user(SyAstPrinter *p, const SyCode *call, gpointer data)
{
	Tb *tb = data;
	const SyTbPath *tp = tb->tp;
	const SyDesignArray *x = tp->path->plain_array;
	SyCodeExpr *const *exprs = (SyCodeExpr *const *)call->args->pdata;
	const SyCodeExpr *written = tb->mode == 2 ? exprs[call->args->len - 1]
						  : NULL;
	g_autofree char *tag = sy_hls_tag(x->ctype);
	GString *inside = g_string_new(NULL), *elem = g_string_new(x->id);
	guint b = x->bits;

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
			"%s sy_x = (%s) ? %s : ", x->ctype, inside->str,
			elem->str);
		sy_hls_print_zero(p->out, x);
		g_string_append(p->out, ";\n");
		sy_hls_line(p,
			"sy_word.range(%u * sy_n + %u, %u * sy_n) = "
			"sy_to_bits_%s(sy_x);",
			b, b - 1, b, tag);
		sy_hls_line(p, "if (++sy_n == %u) {", tb->pack);
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
		sy_hls_line(p, "if (++sy_n == %u)", tb->pack);
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
	const SyDesignPort *dp, int mode, const char *indent)
{
	static const SyAstHooks hooks = {tb_user, FALSE};
	SyAstPrinter pr;
	Tb tb = {hls, tp, mode, tp->pack * dp->serial};
	guint used;

	sy_ast_printer_init(&pr, indent, "    ", "int", &hooks, &tb);
	pr.n_launch = hls->kernel->n_launch;
	sy_ast_print_node(&pr, tp->loops);
	g_string_append(out, pr.out->str);
	used = pr.used;
	sy_ast_printer_clear(&pr);
	return used;
}

/* --hbm: the words of port part j of a path's image, per tile its
 * units' boxes in order: chunk words of each part in turn. */
static gint64 part_chunk(SyHlsGen *hls, guint i, guint parts)
{
	const SyIoPathFacts *f = g_ptr_array_index(hls->io->paths, i);

	return f->units / parts * f->box_words;
}

/* "{&sy_img_A_0, &sy_img_A_1}" */
static void part_list(GString *out, const SyDesignPort *dp, guint parts)
{
	g_string_append_c(out, '{');
	for (guint j = 0; j < parts; j++) {
		g_autofree char *name = sy_design_port_part(dp, j);

		g_string_append_printf(
			out, "%s&sy_img_%s", j ? ", " : "", name);
	}
	g_string_append_c(out, '}');
}

/* A split port's images (--hbm): the port's image dealt out chunk by
 * chunk (in), or sized to their shares (out). */
static void parts_declare(GString *out, const SyDesignPort *dp, guint parts,
	gint64 chunk, const char *in, const char *in2)
{
	g_autofree char *P = sy_design_port_word(dp);
	GString *list = g_string_new(NULL);

	part_list(list, dp, parts);
	g_string_append_printf(out, "%sstd::vector<%s> ", in, P);
	for (guint j = 0; j < parts; j++) {
		g_autofree char *name = sy_design_port_part(dp, j);

		g_string_append_printf(out, "%ssy_img_%s", j ? ", " : "", name);
		if (!dp->in)
			g_string_append_printf(out,
				"(sy_img_%s.size() / %u)", dp->name, parts);
	}
	g_string_append(out, ";\n");
	if (dp->in)
		g_string_append_printf(out,
			"%s{\n%sstd::vector<%s> *sy_part[%u] = %s;\n\n%sfor "
			"(size_t sy_i = 0; sy_i < sy_img_%s.size(); sy_i++)\n"
			"%s    sy_part[sy_i / %" G_GINT64_FORMAT " %% %u]->"
			"push_back(sy_img_%s[sy_i]);\n%s}\n",
			in, in2, P, parts, list->str, in2, dp->name, in2,
			chunk, parts, dp->name, in);
	g_string_free(list, TRUE);
}

/* A split port's results gathered into its image, in the order of
 * its parts' chunks. */
static void parts_join(GString *out, const SyDesignPort *dp, guint parts,
	gint64 chunk, const char *in, const char *in2)
{
	g_autofree char *P = sy_design_port_word(dp);
	GString *list = g_string_new(NULL);

	part_list(list, dp, parts);
	g_string_append_printf(out,
		"%s{\n%sstd::vector<%s> *sy_part[%u] = %s;\n\n%sfor (size_t "
		"sy_i = 0; sy_i < sy_img_%s.size(); sy_i++)\n%s    "
		"sy_img_%s[sy_i] = (*sy_part[sy_i / %" G_GINT64_FORMAT
		" %% %u])[sy_i / %" G_GINT64_FORMAT " * %" G_GINT64_FORMAT
		" + sy_i %% %" G_GINT64_FORMAT "];\n%s}\n",
		in, in2, P, parts, list->str, in2, dp->name, in2, dp->name,
		chunk, parts, chunk * parts, chunk, chunk, in);
	g_string_free(list, TRUE);
}

/* One launch: the arrays serialized into images, the kernel run on
 * them, the results read back; statements at in.  Returns the helper
 * macros its loops use (SY_AST_USE_*). */
static guint tb_launch(
	SyHlsGen *hls, GString *out, const char *in, const char *unit)
{
	const GPtrArray *paths = hls->design->tb->paths;
	/* The kernel's ports: the paths' in their order. */
	const GPtrArray *ports = hls->kernel->ports;
	g_autofree char *in2 = g_strconcat(in, unit, NULL);
	GString *call = g_string_new(NULL), *fpga = g_string_new(NULL);
	g_autoptr(GPtrArray) args = sy_design_kernel_arguments(hls->kernel);
	guint used = 0;

	for (guint i = 0; i < paths->len; i++) {
		const SyTbPath *tp = g_ptr_array_index(paths, i);
		const SyDesignPort *dp = g_ptr_array_index(ports, i);
		const char *port = dp->name;
		g_autofree char *P = sy_design_port_word(dp);
		guint parts = sy_design_port_parts(dp);

		for (guint j = 0; j < parts; j++) {
			g_autofree char *name = sy_design_port_part(dp, j);

			g_string_append_printf(call, "%ssy_img_%s.data()",
				call->len ? ", " : "", name);
			g_string_append_printf(fpga, "%ssy_img_%s",
				fpga->len ? ", " : "", name);
		}
		g_string_append_printf(out,
			"%sstd::vector<%s> sy_img_%s;\n%s{\n%s"
			"std::vector<%s> &sy_image = sy_img_%s;\n",
			in, P, port, in, in2, P, port);
		if (tp->path->in) {
			g_string_append_printf(out,
				"%s%s sy_word = 0;\n%sint sy_n = 0;\n\n", in2,
				P, in2);
			used |= tb_loops(hls, out, tp, dp, 0, in2);
		} else {
			g_string_append_printf(
				out, "%slong sy_count = 0;\n\n", in2);
			used |= tb_loops(hls, out, tp, dp, 1, in2);
			/* sy_count: FIFO words, serial to a DRAM word. */
			if (dp->serial > 1)
				g_string_append_printf(out,
					"%ssy_image.resize(sy_count / %u);\n",
					in2, dp->serial);
			else
				g_string_append_printf(out,
					"%ssy_image.resize(sy_count);\n", in2);
		}
		/* The m_axi depth co-simulation uses must be the image's
		 * size (a launch's at most): checked on every run. */
		g_string_append_printf(out,
			"%sif (sy_image.size() %s %" G_GINT64_FORMAT ") {\n%s"
			"    fprintf(stderr, \"Systole: the image of port %s "
			"holds %%zu words, its m_axi depth is %" G_GINT64_FORMAT
			"\\n\", sy_image.size());\n%s    exit(1);\n%s}\n",
			in2, hls->kernel->n_launch ? ">" : "!=",
			dp->words, in2, port, dp->words, in2, in2);
		g_string_append_printf(out, "%s}\n", in);
		if (parts > 1)
			parts_declare(out, dp, parts,
				part_chunk(hls, i, parts), in, in2);
	}
	for (guint i = 0; i < args->len; i++) {
		const char *name =
			((SyDesignArray *)g_ptr_array_index(args, i))->id;

		g_string_append_printf(call, ", %s", name);
		g_string_append_printf(fpga, ", %s", name);
	}
	for (guint d = 0; d < hls->kernel->n_launch; d++) {
		g_string_append_printf(call, ", sy_l%u", d);
		g_string_append_printf(fpga, ", sy_l%u", d);
	}
	/* On the FPGA (host.cpp, make check), the same images go through
	 * XRT; in C simulation, straight to the kernel's function. */
	g_string_append_printf(out,
		"#ifdef SYSTOLE_XRT\n%ssystole_run_fpga(%s);\n"
		"#else\n%skernel0(%s);\n#endif\n",
		in, fpga->str, in, call->str);
	for (guint i = 0; i < paths->len; i++) {
		const SyTbPath *tp = g_ptr_array_index(paths, i);
		const SyDesignPort *dp = g_ptr_array_index(ports, i);
		const char *port = dp->name;
		g_autofree char *P = sy_design_port_word(dp);

		if (tp->path->in)
			continue;
		if (sy_design_port_parts(dp) > 1)
			parts_join(out, dp, sy_design_port_parts(dp),
				part_chunk(hls, i, sy_design_port_parts(dp)),
				in, in2);
		g_string_append_printf(out,
			"%s{\n%sstd::vector<%s> &sy_image = "
			"sy_img_%s;\n%s%s"
			" sy_word = 0;\n%sint sy_n = 0;\n%slong sy_at = "
			"0;\n\n",
			in, in2, P, port, in2, P, in2, in2);
		used |= tb_loops(hls, out, tp, dp, 2, in2);
		g_string_append_printf(out, "%s}\n", in);
	}
	g_string_free(call, TRUE);
	g_string_free(fpga, TRUE);
	return used;
}

/* The host's tile loops around tb_launch at in, each launch at *at
 * (owned, NULL with one launch). */
static void tb_launch_loops(const SyDesignKernel *k, GString *out,
	const char *in, const char *unit, char **at)
{
	GString *indent;

	*at = NULL;
	if (!k->n_launch)
		return;
	indent = g_string_new(in);
	for (guint d = 0; d < k->n_launch; d++) {
		g_string_append_printf(out,
			"%sfor (int sy_l%u = 0; sy_l%u < %" G_GINT64_FORMAT
			"; sy_l%u++)%s\n",
			indent->str, d, d, k->launch[d], d,
			d + 1 == k->n_launch ? " {" : "");
		g_string_append(indent, unit);
	}
	*at = g_string_free(indent, FALSE);
}

/* The systolic version of the SCoP: the kernel's launches (one, or one
 * per tile of the host's loops), then the C simulation's check of its
 * streams; statements at in. */
static void tb_block(
	SyHlsGen *hls, GString *text, const char *in, const char *unit)
{
	const SyDesignKernel *k = hls->kernel;
	GString *out = g_string_new(NULL);
	g_autofree char *at = NULL;
	guint used;

	tb_launch_loops(k, out, in, unit, &at);
	used = tb_launch(hls, out, at ? at : in, unit);
	if (at)
		g_string_append_printf(out, "%.*s}\n",
			(int)(strlen(at) - strlen(unit)), at);
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
}

/* The systolic version of the SCoP in its block at indent. */
static void tb_version(SyHlsGen *hls, GString *out)
{
	const SyDesignTestbench *tb = &hls->kernel->testbench;
	g_autofree char *in = g_strconcat(tb->indent, tb->unit, NULL);

	g_string_append_printf(out, "%s{\n", tb->indent);
	tb_block(hls, out, in, tb->unit);
	g_string_append_printf(out, "%s}\n", tb->indent);
}

/* Every element of an array (or a scalar), filled with small multiples
 * of 1/8 (integers: -8 to 7): sums and products of them are exact in
 * floating point whatever the order of a reduction, so the check's
 * tolerance only has to absorb what the kernel itself rounds.  Arrays
 * the SCoP writes get a value of their own per element instead, so that
 * a write the SCoP does not make, even of another element's value,
 * shows in the comparison. */
static void tb_fill(GString *out, const char *name, const char *t,
	gboolean integer, gboolean scalar, gboolean written)
{
	g_autofree char *n = g_strdup_printf("sizeof %s / sizeof(%s)", name, t);
	g_autofree char *value = NULL;

	if (written && !scalar)
		value = g_strdup_printf("(%s)sy_distinct(sy_k, %s)%s", t, n,
			integer ? "" : " / 8");
	else
		value = integer ? g_strdup_printf("(%s)sy_next()", t)
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
static void tb_main(const SyDesignKernel *k, GString *out)
{
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
		k->function);
	for (guint i = 0; i < k->params->len; i++) {
		const SyDesignParam *v = g_ptr_array_index(k->params, i);
		g_autofree char *name = g_strdup_printf("sy_arg_%s", v->name);

		g_string_append_printf(call, "%s%s", i ? ", " : "",
			v->passes_null ? "0" : name);
		if (v->passes_null)
			continue;
		g_string_append_printf(out, "    %s%s %s",
			v->n_dims ? "static " : "", v->ctype, name);
		for (guint d = 0; d < v->n_dims; d++)
			g_string_append_printf(
				out, "[%" G_GINT64_FORMAT "]", v->dims[d]);
		g_string_append(out, ";\n");
	}
	g_string_append_c(out, '\n');
	for (guint i = 0; i < k->params->len; i++) {
		const SyDesignParam *v = g_ptr_array_index(k->params, i);
		g_autofree char *name = g_strdup_printf("sy_arg_%s", v->name);

		if (!v->passes_null)
			tb_fill(out, name, v->ctype, v->integer, v->n_dims == 0,
				v->written);
	}
	/* The globals the SCoP uses start from known values too. */
	for (guint i = 0; i < k->arrays->len; i++) {
		const SyDesignArray *x = g_ptr_array_index(k->arrays, i);

		if (x->global)
			tb_fill(out, x->id, x->ctype, x->integer,
				x->n_dims == 0, x->written);
	}
	g_string_append_printf(out,
		"\n    %s(%s);\n    printf(\"PASS\\n\");\n    return 0;\n}\n",
		k->function_id, call->str);
	g_string_free(call, TRUE);
}

/* C's keywords C++ spells otherwise, then -D NAME=VALUE as the
 * analysis read it: #defines before the kernel's text (after the
 * project's own headers, which user macros must not reach).  A value
 * that ends in a backslash is followed by an empty line, which is all
 * it can continue. */
static void tb_defines(const SyDesignKernel *k, GString *out)
{
	/* The kernel's C compiled as C++. */
	if (*k->keywords)
		g_string_append_printf(out,
			"/* Systole: C's keywords as C++ spells them. */\n%s\n",
			k->keywords);
	if (!k->defines->len)
		return;
	g_string_append(out,
		"/* Systole: the kernel was analysed with these "
		"-D options. */\n");
	for (guint i = 0; i < k->defines->len; i++) {
		const SyDesignDefine *d = g_ptr_array_index(k->defines, i);
		gsize line = strlen(d->value);

		g_string_append_printf(
			out, "#define %s%s %s\n", d->id, d->params, d->value);
		if (line && d->value[line - 1] == '\\')
			g_string_append_c(out, '\n');
	}
	g_string_append_c(out, '\n');
}

char *sy_hls_emit_testbench(SyHlsGen *hls)
{
	const SyDesignKernel *k = hls->kernel;
	const SyDesignTestbench *tb = &k->testbench;
	GString *out = g_string_new(NULL);

	g_string_append_printf(out,
		"/* Systole: the kernel's SCoP runs on the systolic array "
		"(systole_kernel.cpp)%s. */\n"
		"#include <stdio.h>\n#include <stdlib.h>\n"
		"#include <vector>\n\n#include \"systole_kernel.h\"\n\n",
		tb->in_main ? "" : ", checked against the original SCoP");
	tb_defines(k, out);
	/* The user's main, if any, steps aside for the generated one. */
	if (!tb->in_main)
		g_string_append(out, "#define main systole_user_main\n");
	g_string_append(out, tb->before);
	if (tb->in_main)
		g_string_append_printf(out, "%s/* Systole: %s */\n", tb->indent,
			k->grid->sizes);
	tb_version(hls, out);
	g_string_append(out, tb->after);
	if (!tb->in_main)
		tb_main(k, out);
	return g_string_free(out, FALSE);
}

char *sy_hls_fpga_params(const SyDesignKernel *k)
{
	GString *out = g_string_new(NULL);
	g_autoptr(GPtrArray) args = sy_design_kernel_arguments(k);

	for (guint i = 0; i < k->ports->len; i++) {
		const SyDesignPort *port = g_ptr_array_index(k->ports, i);
		g_autofree char *word = sy_design_port_word(port);

		for (guint j = 0; j < sy_design_port_parts(port); j++) {
			g_autofree char *name = sy_design_port_part(port, j);

			g_string_append_printf(out, "%sstd::vector<%s> &%s",
				out->len ? ", " : "", word, name);
		}
	}
	for (guint i = 0; i < args->len; i++) {
		const SyDesignArray *x = g_ptr_array_index(args, i);

		g_string_append_printf(out, ", %s %s", x->ctype, x->id);
	}
	for (guint d = 0; d < k->n_launch; d++)
		g_string_append_printf(out, ", int sy_l%u", d);
	return g_string_free(out, FALSE);
}

/* The host: the kernel on the FPGA through XRT's native API. */
char *sy_hls_emit_host(const SyDesignKernel *k)
{
	GString *out = g_string_new(NULL), *run = g_string_new(NULL);
	g_autoptr(GPtrArray) args = sy_design_kernel_arguments(k);
	g_autofree char *params = sy_hls_fpga_params(k);

	g_string_append_printf(out,
		"/* Generated by Systole: kernel0 on the FPGA through XRT's "
		"native API.  SYSTOLE_XCLBIN names\n * the xclbin (default "
		"build/kernel0.hw.xclbin). */\n#include <algorithm>\n"
		"#include <cstdlib>\n#include <vector>\n\n#include "
		"<xrt/xrt_bo.h>\n#include <xrt/xrt_device.h>\n#include "
		"<xrt/xrt_kernel.h>\n\n#include \"systole_kernel.h\"\n\n"
		"void systole_run_fpga(%s",
		params);
	for (guint i = 0; i < k->ports->len; i++) {
		const SyDesignPort *port = g_ptr_array_index(k->ports, i);

		for (guint j = 0; j < sy_design_port_parts(port); j++) {
			g_autofree char *name = sy_design_port_part(port, j);

			g_string_append_printf(run, "%ssy_bo_%s",
				run->len ? ", " : "", name);
		}
	}
	for (guint i = 0; i < args->len; i++)
		g_string_append_printf(run, ", %s",
			((SyDesignArray *)g_ptr_array_index(args, i))->id);
	for (guint d = 0; d < k->n_launch; d++)
		g_string_append_printf(run, ", sy_l%u", d);
	/* Its own names are Systole's: the ports and scalars are the
	 * user's. */
	g_string_append(out,
		")\n{\n    const char *sy_xclbin = "
		"std::getenv(\"SYSTOLE_XCLBIN\");\n"
		"    xrt::device sy_device(0);\n    xrt::uuid sy_uuid = "
		"sy_device.load_xclbin(sy_xclbin ? sy_xclbin : "
		"\"build/kernel0.hw.xclbin\");\n    xrt::kernel "
		"sy_kernel(sy_device, sy_uuid, \"kernel0\");\n\n");
	for (guint i = 0, arg = 0; i < k->ports->len; i++) {
		const SyDesignPort *port = g_ptr_array_index(k->ports, i);
		g_autofree char *word = sy_design_port_word(port);

		/* --hbm: each part its own buffer, on its own argument. */
		for (guint j = 0; j < sy_design_port_parts(port); j++) {
			g_autofree char *name = sy_design_port_part(port, j);

			g_string_append_printf(out,
				"    xrt::bo sy_bo_%s(sy_device, "
				"std::max<size_t>(1, %s.size()) * sizeof(%s), "
				"sy_kernel.group_id(%u));\n",
				name, name, word, arg++);
			if (port->in)
				g_string_append_printf(out,
					"    sy_bo_%s.write(%s.data());\n    "
					"sy_bo_%s.sync(XCL_BO_SYNC_BO_TO_"
					"DEVICE);\n",
					name, name, name);
		}
	}
	g_string_append_printf(out,
		"\n    xrt::run sy_run = sy_kernel(%s);\n\n    "
		"sy_run.wait();\n",
		run->str);
	for (guint i = 0; i < k->ports->len; i++) {
		const SyDesignPort *port = g_ptr_array_index(k->ports, i);

		for (guint j = 0; !port->in && j < sy_design_port_parts(port);
			j++) {
			g_autofree char *name = sy_design_port_part(port, j);

			g_string_append_printf(out,
				"    sy_bo_%s.sync(XCL_BO_SYNC_BO_FROM_DEVICE);"
				"\n    sy_bo_%s.read(%s.data());\n",
				name, name, name);
		}
	}
	g_string_append(out, "}\n");
	g_string_free(run, TRUE);
	return g_string_free(out, FALSE);
}
