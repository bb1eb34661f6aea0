/* The PE: per statement instance its reads (from the previous PE's
 * FIFO, a local buffer, or a FIFO from outside), the statement on
 * temporaries, its write (to the local buffer, the next PE, the drain),
 * under the guards that keep padding from computing; and PE_wrapper. */
#include <string.h>

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>

#include "compute/codegen.h"
#include "hls/hls-private.h"

/* Reads and writes in a PE */

/* The stem of x's FIFOs into the PE: its way in's, or for a chain
 * without one, its way out's. */
static const char *fifo_prefix(SyHlsGen *hls, const SyArray *x)
{
	const SyHlsPath *in = sy_hls_model_path(hls->m, x, TRUE);
	const SyHlsPath *out = sy_hls_model_path(hls->m, x, FALSE);

	return in ? in->path->prefix : out ? out->path->prefix : NULL;
}

/* Statement text with reads replaced by their temporaries. */
typedef struct {
	SyAstPrinter *p;
	const SyHlsCall *call;
	const SyHlsGen *hls;
} Subst;

static gboolean subst_read(
	GString *out, const SyExpr *expr, int prec, gpointer user)
{
	Subst *s = user;
	const SyStmt *stmt = s->call->stmt;

	for (guint k = 1; k < stmt->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(stmt->accesses, k);

		/* Arguments keep their names: they are the PE's too. */
		if (a->expr == expr && !a->write && !sy_access_is_argument(a)) {
			g_string_append_printf(out, "sy_r%u", k);
			return TRUE;
		}
	}
	if (expr->kind != SY_EXPR_NAME)
		return FALSE;
	for (guint k = 0; k < stmt->n_iters; k++)
		if (sy_expr_var(expr) == stmt->iters[k]) {
			sy_ast_print_expr(s->p, out, s->call->iters[k], prec);
			return TRUE;
		}
	/* An argument, under its name in generated code. */
	g_string_append(out, sy_names_id(s->hls->names, expr->name));
	return TRUE;
}

/* The value a statement computes: its right-hand side, combined with
 * the old value for compound assignments. */
static void print_value(
	SyAstPrinter *p, const SyHlsCall *call, const SyHlsGen *hls)
{
	const SyNode *node = call->stmt->node;
	Subst s = {p, call, hls};
	const char *op = sy_punct_spelling(node->op);

	if (node->op != SY_P_ASSIGN)
		g_string_append_printf(
			p->out, "sy_r1 %.*s (", (int)strlen(op) - 1, op);
	sy_expr_print_with(p->out, node->rhs, subst_read, &s);
	if (node->op != SY_P_ASSIGN)
		g_string_append_c(p->out, ')');
}

/* local_X[e0][e1] from the next n index expressions. */
static void print_element(SyAstPrinter *p, GString *out, const char *name,
	const SyArray *x, const SyHlsCall *call, guint *at)
{
	g_string_append(out, name);
	if (!x->n_dims)
		g_string_append(out, "[0]");
	for (guint d = 0; d < x->n_dims; d++) {
		g_string_append_c(out, '[');
		sy_hls_print_e(p, out, call->exprs[(*at)++], SY_AST_PREC_ANY);
		g_string_append_c(out, ']');
	}
}

/* The register that keeps a vector (or the value all lanes share) from
 * lane 0 to the last: one per access of the SCoP, so that statements
 * reading the same array have their own. */
static char *lane_register(const SyHlsPath *hp, const SyAccess *a)
{
	return g_strdup_printf("sy_w_%s_%u", hp->path->prefix, a->index);
}

/* Reads that stream through the PE: taken from the upstream FIFO and,
 * for inputs, passed on downstream, a SIMD vector at a time. */
static void print_stream_read(SyAstPrinter *p, SyHlsGen *hls, const SyAccess *a,
	guint k, const char *lane)
{
	const SyHlsPath *hp = sy_hls_model_path(hls->m, a->array, TRUE);
	const char *prefix = hp->path->prefix;
	gboolean forward = hp->path->role == SY_PATH_READ;
	g_autofree char *word = lane_register(hp, a);

	if (hp->once && lane) {
		sy_hls_line(p, "if (%s == 0) {", lane);
		sy_hls_line(p, "    %s = fifo_%s_in.read();", word, prefix);
		if (forward)
			sy_hls_line(
				p, "    fifo_%s_out.write(%s);", prefix, word);
		sy_hls_line(p, "}");
		sy_hls_line(
			p, "%s sy_r%u = %s;", sy_hls_ctype(a->array), k, word);
		return;
	}
	if (hp->lanes == 1 || !lane) {
		sy_hls_line(p, "%s sy_r%u = fifo_%s_in.read();",
			sy_hls_ctype(a->array), k, prefix);
		if (forward)
			sy_hls_line(p, "fifo_%s_out.write(sy_r%u);", prefix, k);
		return;
	}
	sy_hls_line(p, "if (%s == 0)", lane);
	sy_hls_line(p, "    %s = fifo_%s_in.read();", word, prefix);
	sy_ast_line_start(p);
	g_string_append_printf(
		p->out, "%s sy_r%u = ", sy_hls_ctype(a->array), k);
	sy_hls_print_unpack(p->out, a->array, word, lane, hp->lanes);
	g_string_append(p->out, ";\n");
	if (forward) {
		sy_hls_line(p, "if (%s == %u)", lane, hp->lanes - 1);
		sy_hls_line(p, "    fifo_%s_out.write(%s);", prefix, word);
	}
}

/* The way in of a PE's own input when it comes a vector of lanes at a
 * time, or NULL. */
static const SyHlsPath *vector_fifo(SyHlsGen *hls, const SyAccess *a)
{
	const SyHlsPath *in = sy_hls_model_path(hls->m, a->array, TRUE);

	return !a->write && in && !in->path->exterior &&
			(in->lanes > 1 || in->once)
		? in
		: NULL;
}

/* A PE's own input, a vector at a time: the word taken at lane 0 (where
 * cond, the copy-in set, holds: for every lane or none), each lane
 * unpacked from it. */
static void print_vector_read(SyAstPrinter *p, const SyAccess *a, guint k,
	const char *lane, const SyCodeExpr *cond, const SyHlsPath *in)
{
	const char *P = in->path->prefix;
	g_autofree char *word = lane_register(in, a);

	sy_ast_line_start(p);
	g_string_append_printf(p->out, "if (%s == 0", lane);
	if (cond) {
		g_string_append(p->out, " && (");
		sy_hls_print_e(p, p->out, cond, SY_AST_PREC_ANY);
		g_string_append_c(p->out, ')');
	}
	g_string_append(p->out, ")\n");
	sy_hls_line(p, "    %s = fifo_%s_in.read();", word, P);
	sy_ast_line_start(p);
	g_string_append_printf(
		p->out, "%s sy_r%u = ", sy_hls_ctype(a->array), k);
	if (cond) {
		g_string_append_c(p->out, '(');
		sy_hls_print_e(p, p->out, cond, SY_AST_PREC_ANY);
		g_string_append(p->out, ") ? ");
	}
	if (in->once)
		g_string_append(p->out, word);
	else
		sy_hls_print_unpack(p->out, a->array, word, lane, in->lanes);
	if (cond) {
		g_string_append(p->out, " : ");
		sy_hls_print_zero(p->out, a->array);
	}
	g_string_append(p->out, ";\n");
}

/* The read of a statement that takes from the previous PE the element
 * it writes to the next (C[i][j] in C[i][j] = C[i][j] + ...), or 0:
 * where the statement does not run (padding, a triangle's far side),
 * that value passes on unchanged. */
static guint passed_on(SyHlsGen *hls, const SyStmt *stmt)
{
	const SyAccess *w = g_ptr_array_index(stmt->accesses, 0);

	for (guint k = 1; k < stmt->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(stmt->accesses, k);

		if (a->array == w->array &&
			sy_module_code_source(hls->m, a) == SY_PE_SOURCE_EXT &&
			isl_multi_pw_aff_plain_is_equal(
				a->subscripts, w->subscripts) == isl_bool_true)
			return k;
	}
	return 0;
}

static void print_pe_stmt(
	SyAstPrinter *p, const SyHlsCall *call, SyHlsModule *mod)
{
	SyHlsGen *hls = mod->hls;
	const SyStmt *stmt = call->stmt;
	const SyAccess *w = g_ptr_array_index(stmt->accesses, 0);
	SyPeSource wsrc = sy_module_code_source(hls->m, w);
	g_autofree char *lane = NULL;
	guint at = 1;
	gboolean open;

	g_string_append(p->out, "{\n");
	sy_ast_indent_more(p);
	if (hls->m->lanes_dim >= 0)
		lane = sy_hls_expr_text(p, call->exprs[at++]);
	for (guint k = 1; k < stmt->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(stmt->accesses, k);

		if (sy_module_code_source(hls->m, a) == SY_PE_SOURCE_EXT)
			print_stream_read(p, hls, a, k, lane);
	}
	if (wsrc == SY_PE_SOURCE_EXT && passed_on(hls, stmt))
		sy_hls_line(p, "%s sy_v = sy_r%u;", sy_hls_ctype(w->array),
			passed_on(hls, stmt));
	else {
		sy_ast_line_start(p);
		g_string_append_printf(
			p->out, "%s sy_v = ", sy_hls_ctype(w->array));
		sy_hls_print_zero(p->out, w->array);
		g_string_append(p->out, ";\n");
	}
	open = sy_hls_open_guard(p, call->exprs[0]);
	for (guint k = 1; k < stmt->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(stmt->accesses, k);
		const char *in = fifo_prefix(hls, a->array);
		g_autofree char *name = g_strconcat("local_",
			sy_names_id(hls->names, a->array->name), NULL);
		SyPeSource src = sy_module_code_source(hls->m, a);
		GString *elem;

		if (src == SY_PE_SOURCE_ARG || src == SY_PE_SOURCE_EXT)
			continue;
		if (src == SY_PE_SOURCE_FIFO && vector_fifo(hls, a)) {
			print_vector_read(p, a, k, lane, call->exprs[at++],
				vector_fifo(hls, a));
			continue;
		}
		sy_ast_line_start(p);
		g_string_append_printf(
			p->out, "%s sy_r%u = ", sy_hls_ctype(a->array), k);
		if (src == SY_PE_SOURCE_FIFO) {
			const SyCodeExpr *cond = call->exprs[at++];

			if (cond) {
				sy_hls_print_e(
					p, p->out, cond, SY_AST_PREC_TEST);
				g_string_append(p->out, " ? ");
			}
			g_string_append_printf(p->out, "fifo_%s_in.read()", in);
			if (cond) {
				g_string_append(p->out, " : ");
				sy_hls_print_zero(p->out, a->array);
			}
			g_string_append(p->out, ";\n");
			continue;
		}
		elem = g_string_new(NULL);
		print_element(p, elem, name, a->array, call, &at);
		if (sy_module_code_uses_fifo(hls->m, a)) {
			const SyCodeExpr *cond = call->exprs[at++];

			if (cond) {
				g_string_append_c(p->out, '(');
				sy_hls_print_e(
					p, p->out, cond, SY_AST_PREC_ANY);
				g_string_append_printf(
					p->out, ") ? fifo_%s_in.read() : ", in);
			} else {
				g_string_append_printf(p->out,
					"fifo_%s_in.read(); /* %s */", in,
					elem->str);
				g_string_truncate(elem, 0);
			}
		}
		g_string_append(p->out, elem->str);
		if (elem->len || !sy_module_code_uses_fifo(hls->m, a))
			g_string_append(p->out, ";");
		g_string_append_c(p->out, '\n');
		g_string_free(elem, TRUE);
	}
	sy_ast_line_start(p);
	g_string_append(p->out, "sy_v = ");
	print_value(p, call, hls);
	g_string_append(p->out, ";\n");
	if (wsrc == SY_PE_SOURCE_LOCAL) {
		const SyHlsPath *out = sy_hls_model_path(
			hls->m, w->array, FALSE);
		g_autofree char *name = g_strconcat("local_",
			sy_names_id(hls->names, w->array->name), NULL);
		gboolean guarded;

		sy_ast_line_start(p);
		print_element(p, p->out, name, w->array, call, &at);
		g_string_append(p->out, " = sy_v;\n");
		/* A temporary passed on has only its way in. */
		if (sy_module_code_uses_fifo(hls->m, w)) {
			guarded = sy_hls_open_guard(p, call->exprs[at++]);
			sy_hls_line(p, "fifo_%s_out.write(sy_v);",
				out ? out->path->prefix
				    : fifo_prefix(hls, w->array));
			sy_hls_close_guard(p, guarded);
		}
	}
	sy_hls_close_guard(p, open);
	if (wsrc == SY_PE_SOURCE_EXT) {
		const SyHlsPath *out = sy_hls_model_path(
			hls->m, w->array, FALSE);

		sy_hls_line(p, "fifo_%s_out.write(sy_v);", out->path->prefix);
	}
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
}

/* The PE's streams, in path order: "fifo_A_in, fifo_A_out, ..." with
 * their types when typed. */
char *sy_hls_pe_streams(SyHlsGen *hls, gboolean typed)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < hls->m->pe_paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(hls->m->pe_paths, i);
		const SyIoPath *p = hp->path;
		g_autofree char *word = sy_hls_word_type(hp, hp->lanes);

		for (guint way = 0; way < 2; way++) {
			gboolean in = way == 0;

			/* Inputs come in; those that move between PEs
			 * (and results that do) also go out; chains
			 * without a way in still come in. */
			if (in ? !p->in && !sy_hls_model_headless(hls->m, hp)
			       : p->in &&
						!(p->exterior &&
							(p->role == SY_PATH_READ ||
								p->role ==
									SY_PATH_PASS)))
				continue;
			if (typed)
				g_string_append_printf(s,
					", hls::stream<%s> &fifo_%s_%s", word,
					p->prefix, in ? "in" : "out");
			else
				g_string_append_printf(s, ", fifo_%s_%s",
					p->prefix, in ? "in" : "out");
		}
	}
	return g_string_free(s, FALSE);
}

/* Pipelining with SIMD lanes */

/* Whether two of points (a statement's schedule points, taken) differ
 * only in the SIMD lane: then one pipelined iteration of the PE uses
 * the FIFO more than once. */
static gboolean lanes_share(const SyHlsModel *m, isl_set *points)
{
	isl_map *same = isl_map_universe(
		isl_space_map_from_set(isl_set_get_space(points)));
	isl_bool empty;

	for (guint d = 0; d < m->n_dims; d++)
		same = (gint64)d == m->lanes_dim
			? isl_map_order_lt(same, isl_dim_in, d, isl_dim_out, d)
			: isl_map_equate(same, isl_dim_in, d, isl_dim_out, d);
	same = isl_map_intersect_domain(same, isl_set_copy(points));
	same = isl_map_intersect_range(same, points);
	empty = isl_map_is_empty(same);
	isl_map_free(same);
	return empty == isl_bool_false;
}

/* The schedule points of statement h where access a uses a FIFO of the
 * PE an element at a time, or NULL. */
static isl_set *fifo_points(
	SyHlsGen *hls, const SyHlsStmt *h, const SyAccess *a)
{
	SyPeSource src = sy_module_code_source(hls->m, a);
	const SyHlsPath *hp = sy_hls_model_path(hls->m, a->array, !a->write);
	isl_set *set;

	if (src == SY_PE_SOURCE_ARG ||
		(src == SY_PE_SOURCE_FIFO && vector_fifo(hls, a)))
		return NULL;
	/* Inputs passed PE to PE move a vector of lanes at a time. */
	if (src == SY_PE_SOURCE_EXT)
		return hp && (hp->lanes > 1 || hp->once)
			? NULL
			: isl_set_copy(h->points);
	set = sy_module_code_fifo_set(hls->m, a);
	return set
		? isl_set_apply(set,
			  isl_map_from_multi_aff(isl_multi_aff_copy(h->sched)))
		: NULL;
}

char *sy_hls_pe_lanes_warning(SyHlsGen *hls)
{
	const SyPeArray *array = hls->array;
	const SyConfig *cfg = array->config;
	const SySimdChoice *sc;
	g_autoptr(GPtrArray) names = g_ptr_array_new();
	GString *out;

	if (hls->m->lanes_dim < 0)
		return NULL;
	for (guint i = 0; i < hls->scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(hls->scop->stmts, i);
		const SyHlsStmt *h = sy_hls_model_stmt(hls->m, stmt->name);

		for (guint k = 0; k < stmt->accesses->len; k++) {
			const SyAccess *a = g_ptr_array_index(
				stmt->accesses, k);
			isl_set *points;

			if (g_ptr_array_find_with_equal_func(
				    names, a->array->name, g_str_equal, NULL))
				continue;
			points = fifo_points(hls, h, a);
			if (points && lanes_share(hls->m, points))
				g_ptr_array_add(names, a->array->name);
		}
	}
	if (names->len == 0)
		return NULL;
	sc = g_ptr_array_index(array->choices->simd, cfg->simd);
	out = g_string_new(NULL);
	g_string_append_printf(out, "SIMD on '%s' moves ", sc->loop.name);
	for (guint i = 0; i < names->len; i++)
		g_string_append_printf(out, "%s%s",
			i == 0                        ? ""
				: i + 1 == names->len ? " and "
						      : ", ",
			(const char *)g_ptr_array_index(names, i));
	g_string_append_printf(out,
		" through the PE's FIFOs an element per lane, so its "
		"pipeline starts an iteration every %" G_GINT64_FORMAT
		" cycles, not every cycle",
		cfg->simd_factor);
	for (guint i = 0; i < sc->layout->len; i++) {
		const char *hint = g_ptr_array_index(sc->layout, i);

		for (guint k = 0; k < names->len; k++) {
			const char *x = g_ptr_array_index(names, k);

			if (g_str_has_prefix(hint, x) && hint[strlen(x)] == '[')
				g_string_append_printf(out, "; %s", hint);
		}
	}
	return g_string_free(out, FALSE);
}

/* Whether the SIMD lanes of a PE access different elements along
 * dimension d of its buffer of x: the unrolled lanes then need that
 * dimension partitioned, one bank per lane. */
static gboolean lane_indexed(
	SyHlsGen *hls, const SyArray *x, const SyHlsBox *box, guint d)
{
	const SyScop *scop = hls->scop;
	guint lanes = (guint)hls->m->lanes_dim;

	if (hls->m->lanes_dim < 0)
		return FALSE;
	for (guint i = 0; i < scop->accesses->len; i++) {
		const SyAccess *a = g_ptr_array_index(scop->accesses, i);
		const SyHlsStmt *h;
		isl_pw_aff *index;
		isl_bool varies;

		if (a->array != x || !a->expr)
			continue;
		h = sy_hls_model_stmt(hls->m, a->stmt->name);
		index = sy_module_code_simplified(hls->simplified, h,
			sy_module_code_box_index(hls->m, a, box, NULL, d));
		varies = isl_pw_aff_involves_dims(index, isl_dim_in, lanes, 1);
		isl_pw_aff_free(index);
		if (varies == isl_bool_true)
			return TRUE;
	}
	return FALSE;
}

void sy_hls_emit_pe(SyHlsGen *hls)
{
	const SyHlsModel *m = hls->m;
	const SyScop *scop = hls->scop;
	GString *out = hls->out;
	g_autoptr(GPtrArray) args = sy_hls_arguments(scop);
	g_autofree char *streams = sy_hls_pe_streams(hls, TRUE);
	g_autofree char *stream_names = sy_hls_pe_streams(hls, FALSE);
	GString *params = g_string_new(NULL), *names = g_string_new(NULL);
	SyHlsModule mod;

	for (guint k = 0; k < m->n_space; k++) {
		g_string_append_printf(
			params, "%sint %s", k ? ", " : "", sy_module_code_pe_names[k]);
		g_string_append_printf(
			names, "%s%s", k ? ", " : "", sy_module_code_pe_names[k]);
	}
	for (guint i = 0; i < args->len; i++) {
		const SyArray *x = g_ptr_array_index(args, i);

		const char *name = sy_names_id(hls->names, x->name);

		g_string_append_printf(
			params, ", %s %s", sy_hls_ctype(x), name);
		g_string_append_printf(names, ", %s", name);
	}
	g_string_append(params, streams);
	g_string_append(names, stream_names);
	g_string_append_printf(
		out, "void PE(%s)\n{\n#pragma HLS INLINE off\n", params->str);
	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);
		const SyHlsBox *box = g_hash_table_lookup(m->pe_box, x);
		const char *name = sy_names_id(hls->names, x->name);

		if (!box)
			continue;
		g_string_append_printf(
			out, "    %s local_%s", sy_hls_ctype(x), name);
		for (guint d = 0; d < box->n_dims; d++)
			g_string_append_printf(
				out, "[%" G_GINT64_FORMAT "]", box->size[d]);
		g_string_append(out, ";\n");
		for (guint d = 0; d < x->n_dims; d++)
			if (lane_indexed(hls, x, box, d))
				g_string_append_printf(out,
					"#pragma HLS ARRAY_PARTITION "
					"variable=local_%s cyclic "
					"factor=%" G_GINT64_FORMAT " dim=%u\n",
					name, hls->array->config->simd_factor,
					d + 1);
	}
	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);

		for (guint k = 1; k < stmt->accesses->len; k++) {
			const SyAccess *a = g_ptr_array_index(
				stmt->accesses, k);
			const SyHlsPath *hp;
			g_autofree char *word = NULL, *reg = NULL;

			if (sy_module_code_source(hls->m, a) != SY_PE_SOURCE_EXT &&
				!vector_fifo(hls, a))
				continue;
			hp = sy_hls_model_path(m, a->array, TRUE);
			if (hp->lanes == 1 && !hp->once)
				continue;
			word = hp->once ? g_strdup(sy_hls_ctype(a->array))
					: sy_hls_word_type(hp, hp->lanes);
			reg = lane_register(hp, a);
			g_string_append_printf(out, "    %s %s;\n", word, reg);
		}
	}
	g_string_append_c(out, '\n');
	sy_hls_module_init(&mod, hls, NULL);
	mod.print = print_pe_stmt;
	sy_hls_print_code(&mod, sy_hls_module_code(hls, NULL, 0), "    ");
	g_string_append(out, "}\n\n");
	/* One call per PE in the dataflow region: the wrapper keeps each
	 * its own instance of PE. */
	g_string_append_printf(out,
		"void PE_wrapper(%s)\n{\n#pragma HLS INLINE off\n    "
		"PE(%s);\n}\n\n",
		params->str, names->str);
	g_string_free(params, TRUE);
	g_string_free(names, TRUE);
}
