/* The harness around the kernel: the testbench that runs it where the
 * SCoP was (in the user's main, whose own check decides, or in the
 * SCoP's function, checked against the original SCoP, called by a
 * generated main), and the host that runs it on the FPGA through XRT.
 * Both move the user's arrays into and out of the words the L3 modules
 * read and the drains write. */
#include <string.h>

#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/constraint.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>

#include "compute/code-isl.h"
#include "compute/codegen.h"
#include "hls/hls-private.h"

/* The testbench: the SCoP's place in the user's program, where the
 * kernel runs on the serialized images of its arrays */

typedef struct {
	SyHlsGen *hls;
	const SyHlsPath *hp;
	isl_multi_pw_aff *offset; /* on U[tile, unit in chain order] */
	/* Reading back: the elements of a box written back, on U with the
	 * element as parameters sy_a0, sy_a1, ...; NULL otherwise. */
	isl_set *written;
	int mode; /* 0 serialize, 1 count, 2 read back */
} Tb;

/* The parameter space of the elements' coordinates sy_a0, sy_a1, ... */
static isl_space *tb_element_params(isl_ctx *ctx, guint n)
{
	isl_space *space = isl_space_params_alloc(ctx, n);

	for (guint d = 0; d < n; d++) {
		g_autofree char *name = g_strdup_printf("sy_a%u", d);

		space = isl_space_set_dim_id(
			space, isl_dim_param, d, isl_id_alloc(ctx, name, NULL));
	}
	return space;
}

/* U -> element as a set on U whose parameters sy_a0, ... are the
 * element: the testbench's loops over a box hold them in variables. */
static isl_set *tb_elements_as_params(isl_map *map)
{
	isl_size n = isl_map_dim(map, isl_dim_out);

	for (int d = 0; d < n; d++) {
		g_autofree char *name = g_strdup_printf("sy_a%d", d);

		map = isl_map_set_dim_id(map, isl_dim_out, d,
			isl_id_alloc(isl_map_get_ctx(map), name, NULL));
	}
	map = isl_map_move_dims(map, isl_dim_param, 0, isl_dim_out, 0, n);
	return isl_map_domain(map);
}

/* The elements of the box at each U: offset <= a < offset + size. */
static isl_map *tb_box_elements(
	const SyHlsBox *box, isl_multi_pw_aff *offset /* take */)
{
	isl_map *at = isl_map_from_multi_pw_aff(offset);
	isl_space *space = isl_space_range(isl_map_get_space(at));
	isl_local_space *ls = isl_local_space_from_space(
		isl_space_map_from_set(space));
	isl_map *spread = isl_map_universe(isl_local_space_get_space(ls));

	for (guint d = 0; d < sy_isl_size(isl_map_dim(at, isl_dim_out)); d++) {
		isl_constraint *c = isl_constraint_alloc_inequality(
			isl_local_space_copy(ls));

		c = isl_constraint_set_coefficient_si(c, isl_dim_out, d, 1);
		c = isl_constraint_set_coefficient_si(c, isl_dim_in, d, -1);
		spread = isl_map_add_constraint(spread, c);
		c = isl_constraint_alloc_inequality(isl_local_space_copy(ls));
		c = isl_constraint_set_coefficient_si(c, isl_dim_out, d, -1);
		c = isl_constraint_set_coefficient_si(c, isl_dim_in, d, 1);
		c = isl_constraint_set_constant_si(c, box->size[d] - 1);
		spread = isl_map_add_constraint(spread, c);
	}
	isl_local_space_free(ls);
	return isl_map_apply_range(at, spread);
}

/* What reading back writes into the kernel's array: only the copy-out
 * set of each box (U -> element through perm, taken), so that elements
 * the SCoP does not write, and values it overwrites elsewhere, are
 * never touched.  The condition is simplified where the loops over the
 * box run (never beyond it: the array's bounds stay in it). */
static isl_set *tb_written(SyHlsGen *hls, const SyHlsPath *hp,
	isl_multi_aff *perm, isl_set *set, isl_multi_pw_aff *offset)
{
	isl_map *out = isl_map_apply_range(isl_map_from_multi_aff(perm),
		sy_hls_model_copy_out(hls->m, hp));
	isl_set *written = tb_elements_as_params(
		isl_map_intersect_domain(out, isl_set_copy(set)));

	if (!offset)
		return written;
	return isl_set_gist(written,
		tb_elements_as_params(tb_box_elements(
			&hp->box, isl_multi_pw_aff_copy(offset))));
}

/* A box's arguments: its offset per dimension, then (reading back) the
 * condition that its element is written back, NULL where every element
 * is. */
static void tb_args(
	SyCode *call, isl_ast_build *build, isl_pw_multi_aff *at, void *user)
{
	Tb *tb = user;
	guint n = tb->offset
		? sy_isl_size(isl_multi_pw_aff_dim(tb->offset, isl_dim_out))
		: 0;

	for (guint d = 0; d < n; d++)
		sy_code_user_add_isl(call,
			isl_ast_build_expr_from_pw_aff(build,
				isl_pw_aff_pullback_pw_multi_aff(
					isl_multi_pw_aff_get_at(
						tb->offset, (int)d),
					isl_pw_multi_aff_copy(at))));
	if (tb->written) {
		isl_set *here = isl_set_from_union_set(
			isl_union_map_range(isl_ast_build_get_schedule(build)));
		isl_set *cond = isl_set_preimage_pw_multi_aff(
			isl_set_copy(tb->written), isl_pw_multi_aff_copy(at));

		if (isl_set_is_subset(here, cond) == isl_bool_true) {
			isl_set_free(cond);
			sy_code_user_add(call, NULL);
		} else {
			sy_code_user_add_isl(
				call, isl_ast_build_expr_from_set(build, cond));
		}
		isl_set_free(here);
	}
}

static isl_ast_node *tb_at_domain(
	isl_ast_node *node, isl_ast_build *build, void *tb)
{
	return sy_code_annotate(node, build, tb_args, tb);
}

/* One box: every element, in row-major order, into or out of words. */
static void tb_user(SyAstPrinter *p, const SyCode *call, gpointer data)
{
	Tb *tb = data;
	const SyHlsPath *hp = tb->hp;
	const SyArray *x = hp->path->array;
	SyCodeExpr *const *exprs = (SyCodeExpr *const *)call->args->pdata;
	const SyCodeExpr *written = tb->written ? exprs[call->args->len - 1]
						: NULL;
	g_autofree char *tag = sy_hls_tag(sy_hls_ctype(x));
	GString *inside = g_string_new(NULL),
		*elem = g_string_new(sy_names_id(tb->hls->names, x->name));
	guint b = sy_hls_bits(x);

	if (tb->mode == 1) {
		g_string_append_printf(p->out,
			"sy_count += %" G_GINT64_FORMAT ";\n",
			sy_hls_box_words(hp));
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
			d, d, hp->box.size[d], d);
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
		sy_hls_line(p, "if (++sy_n == %u) {", hp->pack);
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
		sy_hls_line(p, "if (++sy_n == %u)", hp->pack);
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

/* Loops over a path's tiles and units, in the order its L3 module moves
 * their boxes: lines in row-major order, or chains and then their PEs.
 * Returns the helper macros they use (SY_AST_USE_*). */
static guint tb_loops(SyHlsGen *hls, GString *out, const SyHlsPath *hp,
	int mode, const char *indent)
{
	static const SyAstHooks hooks = {tb_user, FALSE};
	const SyPeArray *array = hls->array;
	const SyIoPath *p = hp->path;
	isl_ctx *ctx = hls->scop->ctx;
	guint n_tile = hls->m->n_tile, n_unit = 0;
	guint order[3];
	isl_set *units, *set;
	isl_space *space;
	isl_multi_aff *perm;
	isl_local_space *ls;
	isl_map *sched;
	isl_ast_build *build;
	isl_ast_node *tree;
	SyCode *code;
	SyAstPrinter pr;
	Tb tb = {hls, hp, NULL, NULL, mode};
	guint used;

	/* Chain order: interior chains run along the first space loop,
	 * which is innermost here. */
	for (guint k = 0; k < array->n_space; k++)
		if (p->exterior ? !p->direction[k] : k > 0)
			order[n_unit++] = k;
	if (!p->exterior)
		order[n_unit++] = 0;
	units = isl_set_universe(isl_space_set_alloc(ctx, 0, n_unit));
	for (guint v = 0; v < n_unit; v++) {
		isl_constraint *c;

		ls = isl_local_space_from_space(isl_set_get_space(units));
		c = isl_constraint_alloc_inequality(isl_local_space_copy(ls));
		c = isl_constraint_set_coefficient_si(c, isl_dim_set, v, 1);
		units = isl_set_add_constraint(units, c);
		c = isl_constraint_alloc_inequality(ls);
		c = isl_constraint_set_coefficient_si(c, isl_dim_set, v, -1);
		c = isl_constraint_set_constant_si(c, array->pe[order[v]] - 1);
		units = isl_set_add_constraint(units, c);
	}
	set = isl_set_set_tuple_name(
		isl_set_flat_product(isl_set_copy(hp->tiles), units), "U");
	/* U[tile, unit in chain order] -> [tile, unit in PE order] */
	space = isl_space_map_from_domain_and_range(isl_set_get_space(set),
		isl_space_set_alloc(ctx, 0, n_tile + n_unit));
	perm = isl_multi_aff_zero(isl_space_copy(space));
	ls = isl_local_space_from_space(isl_space_domain(space));
	for (guint d = 0; d < n_tile; d++)
		perm = isl_multi_aff_set_aff(perm, (int)d,
			isl_aff_var_on_domain(
				isl_local_space_copy(ls), isl_dim_set, d));
	{
		/* The box's unit coordinates are the kept PE dimensions in
		 * PE order; find each one's place in chain order. */
		guint u = 0;

		for (guint k = 0; k < array->n_space; k++) {
			if (p->exterior && p->direction[k])
				continue;
			for (guint v = 0; v < n_unit; v++)
				if (order[v] == k)
					perm = isl_multi_aff_set_aff(perm,
						(int)(n_tile + u),
						isl_aff_var_on_domain(
							isl_local_space_copy(
								ls),
							isl_dim_set,
							n_tile + v));
			u++;
		}
	}
	isl_local_space_free(ls);
	if (hp->box.offset)
		tb.offset = isl_multi_pw_aff_pullback_multi_aff(
			isl_multi_pw_aff_copy(hp->box.offset),
			isl_multi_aff_copy(perm));
	if (mode == 2)
		tb.written = tb_written(
			hls, hp, isl_multi_aff_copy(perm), set, tb.offset);
	isl_multi_aff_free(perm);
	sched = isl_map_intersect_domain(
		isl_map_identity(
			isl_space_map_from_set(isl_set_get_space(set))),
		set);
	build = isl_ast_build_from_context(isl_set_universe(
		tb_element_params(ctx, mode == 2 ? p->array->n_dims : 0)));
	build = isl_ast_build_set_iterators(build,
		sy_codegen_iterators(
			hls->array->analysis->prog, ctx, n_tile + n_unit + 1));
	build = isl_ast_build_set_at_each_domain(build, tb_at_domain, &tb);
	tree = isl_ast_build_node_from_schedule_map(
		build, isl_union_map_from_map(sched));
	isl_ast_build_free(build);
	code = sy_code_from_isl(tree, NULL, NULL);
	isl_ast_node_free(tree);
	sy_ast_printer_init(&pr, indent, "    ", "int", &hooks, &tb);
	sy_ast_print_node(&pr, code);
	g_string_append(out, pr.out->str);
	used = pr.used;
	sy_ast_printer_clear(&pr);
	sy_code_free(code);
	isl_multi_pw_aff_free(tb.offset);
	isl_set_free(tb.written);
	return used;
}

/* The systolic version of the SCoP: its arrays serialized into images,
 * the kernel run on them, the results read back; statements at in. */
static void tb_block(
	SyHlsGen *hls, GString *text, const char *in, const char *unit)
{
	const SyHlsModel *m = hls->m;
	g_autofree char *in2 = g_strconcat(in, unit, NULL);
	GString *call = g_string_new(NULL), *fpga = g_string_new(NULL);
	GString *out = g_string_new(NULL);
	g_autoptr(GPtrArray) args = sy_hls_arguments(hls->scop);
	guint used = 0;

	for (guint i = 0; i < m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->paths, i);
		g_autofree char *port = sy_hls_port(m, hp);
		const char *P = hp->path->prefix;
		gint64 words;

		g_string_append_printf(call, "%ssy_img_%s.data()",
			call->len ? ", " : "", port);
		g_string_append_printf(
			fpga, "%ssy_img_%s", fpga->len ? ", " : "", port);
		g_string_append_printf(out,
			"%sstd::vector<%s_word> sy_img_%s;\n%s{\n%s"
			"std::vector<%s_word> &sy_image = sy_img_%s;\n",
			in, P, port, in, in2, P, port);
		if (hp->path->in) {
			g_string_append_printf(out,
				"%s%s_word sy_word = 0;\n%sint sy_n = 0;\n\n",
				in2, P, in2);
			used |= tb_loops(hls, out, hp, 0, in2);
		} else {
			g_string_append_printf(
				out, "%slong sy_count = 0;\n\n", in2);
			used |= tb_loops(hls, out, hp, 1, in2);
			g_string_append_printf(
				out, "%ssy_image.resize(sy_count);\n", in2);
		}
		/* The m_axi depth co-simulation uses must be the image's
		 * size: checked on every run. */
		words = sy_hls_port_words(hls, hp);
		g_string_append_printf(out,
			"%sif (sy_image.size() != %" G_GINT64_FORMAT ") {\n%s"
			"    fprintf(stderr, \"Systole: the image of port %s "
			"holds %%zu words, its m_axi depth is %" G_GINT64_FORMAT
			"\\n\", sy_image.size());\n%s    exit(1);\n%s}\n",
			in2, words, in2, port, words, in2, in2);
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
	for (guint i = 0; i < m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->paths, i);
		g_autofree char *port = sy_hls_port(m, hp);
		const char *P = hp->path->prefix;

		if (hp->path->in)
			continue;
		g_string_append_printf(out,
			"%s{\n%sstd::vector<%s_word> &sy_image = "
			"sy_img_%s;\n%s%s"
			"_word sy_word = 0;\n%sint sy_n = 0;\n%slong sy_at = "
			"0;\n\n",
			in, in2, P, port, in2, P, in2, in2);
		used |= tb_loops(hls, out, hp, 2, in2);
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
			k->sizes);
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

		g_string_append_printf(out, "%sstd::vector<%s_word> &%s",
			i ? ", " : "", port->stem, port->name);
	}
	for (guint i = 0; i < args->len; i++) {
		const SyDesignArray *x = g_ptr_array_index(args, i);

		g_string_append_printf(out, ", %s %s", x->ctype, x->id);
	}
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
	for (guint i = 0; i < k->ports->len; i++)
		g_string_append_printf(run, "%ssy_bo_%s", i ? ", " : "",
			((SyDesignPort *)g_ptr_array_index(k->ports, i))->name);
	for (guint i = 0; i < args->len; i++)
		g_string_append_printf(run, ", %s",
			((SyDesignArray *)g_ptr_array_index(args, i))->id);
	/* Its own names are Systole's: the ports and scalars are the
	 * user's. */
	g_string_append(out,
		")\n{\n    const char *sy_xclbin = "
		"std::getenv(\"SYSTOLE_XCLBIN\");\n"
		"    xrt::device sy_device(0);\n    xrt::uuid sy_uuid = "
		"sy_device.load_xclbin(sy_xclbin ? sy_xclbin : "
		"\"build/kernel0.hw.xclbin\");\n    xrt::kernel "
		"sy_kernel(sy_device, sy_uuid, \"kernel0\");\n\n");
	for (guint i = 0; i < k->ports->len; i++) {
		const SyDesignPort *port = g_ptr_array_index(k->ports, i);
		const char *name = port->name;

		g_string_append_printf(out,
			"    xrt::bo sy_bo_%s(sy_device, std::max<size_t>(1, "
			"%s.size()) * sizeof(%s_word), "
			"sy_kernel.group_id(%u));\n",
			name, name, port->stem, i);
		if (port->in)
			g_string_append_printf(out,
				"    sy_bo_%s.write(%s.data());\n    "
				"sy_bo_%s.sync(XCL_BO_SYNC_BO_TO_DEVICE);\n",
				name, name, name);
	}
	g_string_append_printf(out,
		"\n    xrt::run sy_run = sy_kernel(%s);\n\n    "
		"sy_run.wait();\n",
		run->str);
	for (guint i = 0; i < k->ports->len; i++) {
		const SyDesignPort *port = g_ptr_array_index(k->ports, i);

		if (!port->in)
			g_string_append_printf(out,
				"    sy_bo_%s.sync(XCL_BO_SYNC_BO_FROM_DEVICE);"
				"\n    sy_bo_%s.read(%s.data());\n",
				port->name, port->name, port->name);
	}
	g_string_append(out, "}\n");
	g_string_free(run, TRUE);
	return g_string_free(out, FALSE);
}
