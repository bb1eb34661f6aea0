/* The I/O modules: L3 modules with their DRAM bursts, L2 and L1
 * modules with their (ping-pong) buffers feeding PEs or collecting from
 * them in the PEs' own order, pass-through L2 modules, and the dummies
 * at the far edge of input lines. */
#include <string.h>

#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/constraint.h>
#include <isl/id.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include "compute/codegen.h"
#include "compute/code-isl.h"
#include "hls/hls-private.h"

/* Geometry: lines of an exterior path, chains of an interior one */

/* The space loop an exterior path moves along. */
guint sy_hls_along(const SyIoPath *p)
{
	for (guint k = 0; k < p->n_space; k++)
		if (p->direction[k])
			return k;
	return 0;
}

/* Units of a path: lines (exterior) or PEs (interior). */
gint64 sy_hls_units(const SyPeArray *array, const SyIoPath *p)
{
	return p->exterior
		? sy_pe_array_count(array) / array->pe[sy_hls_along(p)]
		: sy_pe_array_count(array);
}

static gint64 box_elements(const SyHlsBox *box, SyChecked *ck)
{
	gint64 n = 1;

	for (guint d = 0; d < box->n_dims; d++)
		n = sy_checked_mul(ck, n, box->size[d],
			"the number of elements of a box");
	return n;
}

static gint64 box_words(const SyHlsPath *hp, SyChecked *ck)
{
	return box_elements(&hp->box, ck) / hp->pack;
}

gint64 sy_hls_box_words(const SyHlsPath *hp)
{
	SyChecked ck = {NULL};
	gint64 n = box_words(hp, &ck);

	/* sy_hls_generate checked it first. */
	g_clear_error(&ck.error);
	return n;
}

/* PE coordinates of line (or chain) index n: the space loops other than
 * skip, in row-major order, skip's own coordinate at at. */
void sy_hls_unit_coords(
	const SyPeArray *array, guint skip, gint64 at, gint64 n, gint64 *coord)
{
	for (guint k = array->n_space; k-- > 0;) {
		if (k == skip) {
			coord[k] = at;
			continue;
		}
		coord[k] = n % array->pe[k];
		n /= array->pe[k];
	}
}

/* C code computing coordinates p0.. of a line or chain "idx" into
 * variables (the same rule as unit_coords). */
static void print_unit_coords(GString *out, const SyPeArray *array, guint skip,
	const char *at, const char *indent)
{
	GString *n = g_string_new("idx");

	for (guint k = array->n_space; k-- > 0;) {
		if (k == skip) {
			g_string_append_printf(out, "%sconst int %s = %s;\n",
				indent, sy_module_code_p_names[k], at);
			continue;
		}
		g_string_append_printf(out,
			"%sconst int %s = (%s) %% %" G_GINT64_FORMAT ";\n",
			indent, sy_module_code_p_names[k], n->str, array->pe[k]);
		g_string_append_printf(n, " / %" G_GINT64_FORMAT, array->pe[k]);
	}
	g_string_free(n, TRUE);
}

/* "[a][b]" of a PE's FIFO, shifted by one along shift (-1: none). */
char *sy_hls_fifo_index(const gint64 *coord, guint n, int shift)
{
	GString *s = g_string_new(NULL);

	for (guint k = 0; k < n; k++)
		g_string_append_printf(s, "[%" G_GINT64_FORMAT "]",
			coord[k] + ((int)k == shift));
	return g_string_free(s, FALSE);
}

/* Tile loops: over a path's tiles, in order */

typedef void (*TileBody)(
	GString *out, const char *indent, char **coords, gpointer data);

typedef struct {
	TileBody body;
	gpointer data;
	guint n;
} Tiles;

static void tile_user(SyAstPrinter *p, const SyCode *stmt, gpointer data)
{
	Tiles *t = data;
	char **coords = g_new0(char *, t->n + 1);

	for (guint k = 0; k < t->n; k++)
		coords[k] = sy_hls_expr_text(
			p, g_ptr_array_index(stmt->args, k));
	g_string_append(p->out, "{\n");
	sy_ast_indent_more(p);
	t->body(p->out, p->indent->str, coords, t->data);
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
	g_strfreev(coords);
}

static void print_tile_loops(SyHlsGen *hls, GString *out, isl_set *tiles,
	const char *indent, TileBody body, gpointer data)
{
	static const SyAstHooks hooks = {tile_user, FALSE};
	Tiles t = {body, data, sy_isl_size(isl_set_dim(tiles, isl_dim_set))};
	isl_set *named = isl_set_set_tuple_name(isl_set_copy(tiles), "T");
	isl_map *id = isl_map_intersect_domain(
		isl_map_identity(
			isl_space_map_from_set(isl_set_get_space(named))),
		isl_set_copy(named));
	isl_ast_build *build = isl_ast_build_from_context(
		isl_set_universe(isl_space_params(isl_set_get_space(named))));
	isl_ast_node *tree;
	SyCode *code;
	SyAstPrinter p;

	isl_set_free(named);
	{
		isl_id_list *names = isl_id_list_alloc(
			hls->scop->ctx, (int)t.n);

		for (guint k = 0; k < t.n; k++) {
			g_autofree char *name = g_strdup_printf("t%u", k);

			names = isl_id_list_add(names,
				isl_id_alloc(hls->scop->ctx, name, NULL));
		}
		build = isl_ast_build_set_iterators(build, names);
	}
	tree = isl_ast_build_node_from_schedule_map(
		build, isl_union_map_from_map(id));
	isl_ast_build_free(build);
	code = sy_code_from_isl(tree, NULL, NULL);
	isl_ast_node_free(tree);
	sy_ast_printer_init(&p, indent, "    ", hls->itype, &hooks, &t);
	sy_ast_print_node(&p, code);
	g_string_append(out, p.out->str);
	sy_ast_printer_clear(&p);
	sy_code_free(code);
}

/* Feeding PEs from buffers, and filling buffers from PEs */

/* sy_e: an element's place in a box, row-major. */
static void print_linear(SyAstPrinter *p, const SyHlsCall *call, guint *at,
	const SyHlsBox *box, guint n_dims)
{
	sy_ast_line_start(p);
	g_string_append(p->out, "long sy_e = ");
	if (!n_dims)
		g_string_append(p->out, "0");
	/* Horner: ((e0) * s1 + e1) * s2 + e2; e1 and e2 are right
	 * operands of + (isl may give them as a ? b : c). */
	for (guint d = 1; d < n_dims; d++)
		g_string_append_c(p->out, '(');
	for (guint d = 0; d < n_dims; d++) {
		if (d)
			g_string_append_printf(p->out,
				") * %" G_GINT64_FORMAT " + ", box->size[d]);
		sy_hls_print_e(p, p->out, call->exprs[(*at)++],
			d ? SY_AST_PREC_PRODUCT : SY_AST_PREC_ANY);
	}
	g_string_append(p->out, ";\n");
}

/* One element between a buffer and the PEs: element sy_e of the box
 * (words of pack elements) to the FIFO (feed) or from it (collect), for
 * access a.  A vector of lanes is built in a register of the access's
 * own (sy_w_R, R its index), so that accesses of one statement at
 * different places along the SIMD loop do not overwrite each other's
 * lanes. */
static void print_feed_one(SyAstPrinter *p, const SyHlsPath *hp,
	const SyAccess *a, const char *lane, const char *tag)
{
	const SyArray *x = hp->path->array;
	guint b = sy_hls_bits(x);

	sy_hls_line(p,
		"%s sy_x = sy_from_bits_%s(local[sy_e / %u].range(%u * (sy_e "
		"%% %u) + %u, %u * (sy_e %% %u)));",
		sy_hls_ctype(x), tag, hp->pack, b, hp->pack, b - 1, b,
		hp->pack);
	if (hp->once) {
		sy_hls_line(p, "if (%s == 0)", lane);
		sy_hls_line(p, "    fifo_local_out.write(sy_x);");
		return;
	}
	if (hp->lanes == 1) {
		sy_hls_line(p, "fifo_local_out.write(sy_x);");
		return;
	}
	sy_hls_line(p,
		"sy_w_%u.range(%u * (%s) + %u, %u * (%s)) = "
		"sy_to_bits_%s(sy_x);",
		a->index, b, lane, b - 1, b, lane, tag);
	sy_hls_line(p, "if (%s == %u)", lane, hp->lanes - 1);
	sy_hls_line(p, "    fifo_local_out.write(sy_w_%u);", a->index);
}

static void print_collect_one(SyAstPrinter *p, const SyHlsPath *hp,
	const SyAccess *a, const char *lane, const char *tag)
{
	guint b = sy_hls_bits(hp->path->array);

	(void)a;
	(void)lane;
	sy_hls_line(p, "sy_word_t sy_word = local[sy_e / %u];", hp->pack);
	sy_hls_line(p,
		"sy_word.range(%u * (sy_e %% %u) + %u, %u * (sy_e %% %u)) = "
		"sy_to_bits_%s(fifo_local_in.read());",
		b, hp->pack, b - 1, b, hp->pack, tag);
	sy_hls_line(p, "local[sy_e / %u] = sy_word;", hp->pack);
}

/* A statement instance of a feeding or collecting module: per access
 * the path moves, under its condition (interior paths), one element at
 * its place in the box. */
static void print_transfers(SyAstPrinter *p, const SyHlsCall *call,
	SyHlsModule *mod,
	void (*one)(SyAstPrinter *, const SyHlsPath *, const SyAccess *,
		const char *, const char *))
{
	const SyHlsPath *hp = mod->path;
	const SyStmt *stmt = call->stmt;
	g_autofree char *tag = sy_hls_tag(sy_hls_ctype(hp->path->array));
	g_autofree char *lane = NULL;
	guint at = 0;

	g_string_append(p->out, "{\n");
	sy_ast_indent_more(p);
	if (hp->lanes > 1 || hp->once)
		lane = sy_hls_expr_text(p, call->exprs[at++]);
	for (guint k = 0; k < stmt->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(stmt->accesses, k);
		gboolean open = FALSE;

		if (!sy_module_code_moves(a, hp))
			continue;
		if (!hp->path->exterior)
			open = sy_hls_open_guard(p, call->exprs[at++]);
		sy_hls_line(p, "{");
		sy_ast_indent_more(p);
		print_linear(p, call, &at, &hp->box, hp->path->array->n_dims);
		one(p, hp, a, lane, tag);
		sy_ast_indent_less(p);
		sy_hls_line(p, "}");
		sy_hls_close_guard(p, open);
	}
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
}

static void print_feed(SyAstPrinter *p, const SyHlsCall *call, SyHlsModule *mod)
{
	print_transfers(p, call, mod, print_feed_one);
}

static void print_collect(
	SyAstPrinter *p, const SyHlsCall *call, SyHlsModule *mod)
{
	print_transfers(p, call, mod, print_collect_one);
}

/* I/O modules */

static gboolean ping_pong(SyHlsGen *hls, const char *name)
{
	const SyModule *m = sy_design_find(hls->m->design, name);

	return m && m->buffers->len &&
		((SyBuffer *)g_ptr_array_index(m->buffers, 0))->ping_pong;
}

typedef struct {
	const char *name; /* the module family */
	const char *inter; /* its inter_trans function */
	const char *unit; /* "idx" or "p0, p1" */
	const char *streams; /* inter_trans's streams */
	gboolean out;
	gboolean pp;
	guint n_tile;
} Main;

/* "(if (sy_arb == 0) f(ping) else f(pong))" with the buffers swapped
 * when swap: the buffer filled last tile rather than this one. */
static void both_buffers(GString *out, const char *in, const char *call,
	const char *after, gboolean swap)
{
	g_string_append_printf(out,
		"%sif (sy_arb == 0)\n%s    %slocal_%s%s;\n%selse\n%s    "
		"%slocal_%s%s;\n",
		in, in, call, swap ? "pong" : "ping", after, in, in, call,
		swap ? "ping" : "pong", after);
}

/* One tile of a ping-pong module, as AutoSA writes it: both transfers
 * in one branch, on different buffers, so that the two calls (not
 * inlined) run at once; the second serves last tile's buffer once
 * sy_en says there is one. */
static void both_transfers(GString *out, const char *in, const char *first,
	const char *first_after, const char *second, const char *second_after)
{
	for (guint k = 0; k < 2; k++)
		g_string_append_printf(out,
			"%s%s\n%s    %slocal_%s%s;\n%s    %slocal_%s%s;\n", in,
			k ? "} else {" : "if (sy_arb == 0) {", in, first,
			k ? "pong" : "ping", first_after, in, second,
			k ? "ping" : "pong", second_after);
	g_string_append_printf(out, "%s}\n", in);
}

static void main_body(GString *out, const char *in, char **t, gpointer data)
{
	const Main *m = data;
	g_autofree char *inter = g_strdup_printf("%s(%s, ", m->inter, m->unit);
	g_autofree char *cur = g_strdup_printf(
		"%s_intra_trans(%s, sy_cur, ", m->name, m->unit);
	g_autofree char *prev = g_strdup_printf(
		"%s_intra_trans(%s, sy_prev, ", m->name, m->unit);
	const char *en = m->pp ? ", sy_en" : ", true";
	g_autofree char *streams = g_strdup_printf(
		", %s%s)", m->streams, m->out ? en : "");
	g_autofree char *local = g_strdup_printf(
		", fifo_local_%s%s)", m->out ? "in" : "out", m->out ? "" : en);

	g_string_append_printf(
		out, "%sconst int sy_cur[%u] = {", in, m->n_tile);
	for (guint k = 0; k < m->n_tile; k++)
		g_string_append_printf(out, "%s%s", k ? ", " : "", t[k]);
	g_string_append(out, "};\n\n");
	if (!m->pp) {
		if (m->out)
			g_string_append_printf(
				out, "%s%slocal%s;\n", in, cur, local);
		g_string_append_printf(
			out, "%s%slocal%s;\n", in, inter, streams);
		if (!m->out)
			g_string_append_printf(
				out, "%s%slocal%s;\n", in, cur, local);
		return;
	}
	/* Ping-pong: this tile's transfer in one buffer while the other
	 * serves the PEs (or the chain) with the last tile's. */
	if (m->out)
		both_transfers(out, in, cur, local, inter, streams);
	else
		both_transfers(out, in, inter, streams, prev, local);
	g_string_append_printf(out,
		"%ssy_en = true;\n%ssy_arb = !sy_arb;\n%sfor (int sy_k = 0; "
		"sy_k < %u; sy_k++)\n%s    sy_prev[sy_k] = sy_cur[sy_k];\n",
		in, in, in, m->n_tile, in);
}

/* The inter_trans of a buffered module: its own box from the chain and
 * the boxes of the modules after it passed on (inputs), or its box and
 * then theirs sent towards DRAM (outputs). */
static void emit_inter(SyHlsGen *hls, const SyHlsPath *hp, const char *name,
	const char *unit, const char *index, gint64 count, gboolean boundary)
{
	GString *out = hls->out;
	gint64 words = sy_hls_box_words(hp);
	const char *P = hp->path->prefix;

	g_string_append_printf(out,
		"static void %s%s_inter_trans(%s, %s_word "
		"local[%" G_GINT64_FORMAT "], hls::stream<%s_word> &fifo_%s",
		name, boundary ? "_boundary" : "", unit, P, words, P,
		hp->path->in ? "in" : "out");
	if (!boundary)
		g_string_append_printf(out, ", hls::stream<%s_word> &fifo_%s",
			P, hp->path->in ? "out" : "in");
	/* Not inlined, so that it runs beside intra_trans; results
	 * leave a tile late, once sy_en says there is one. */
	g_string_append_printf(out, "%s)\n{\n#pragma HLS INLINE off\n%s",
		hp->path->in ? "" : ", bool sy_en",
		hp->path->in ? "" : "    if (!sy_en)\n        return;\n");
	if (hp->path->in) {
		if (boundary)
			g_string_append_printf(out,
				"    for (int sy_w = 0; sy_w < "
				"%" G_GINT64_FORMAT "; sy_w++) {\n#pragma HLS "
				"PIPELINE II=1\n        "
				"local[sy_w] = fifo_in.read();\n    }\n",
				words);
		else
			g_string_append_printf(out,
				"    for (int sy_l = %s; sy_l < "
				"%" G_GINT64_FORMAT
				"; sy_l++)\n        for (int sy_w = 0; sy_w < "
				"%" G_GINT64_FORMAT "; sy_w++) {\n#pragma HLS "
				"PIPELINE II=1\n            %s_word sy_v = "
				"fifo_in.read();\n\n            if (sy_l == "
				"%s)\n"
				"                local[sy_w] = sy_v;\n         "
				"  "
				" else\n                "
				"fifo_out.write(sy_v);\n "
				"       }\n",
				index, count, words, P, index);
	} else {
		g_string_append_printf(out,
			"    for (int sy_w = 0; sy_w < %" G_GINT64_FORMAT
			"; sy_w++) {\n#pragma HLS PIPELINE II=1\n        "
			"fifo_out.write(local[sy_w]);\n    }\n",
			words);
		if (!boundary)
			g_string_append_printf(out,
				"    for (int sy_l = %s + 1; sy_l < "
				"%" G_GINT64_FORMAT
				"; sy_l++)\n        for (int sy_w "
				"= 0; sy_w < %" G_GINT64_FORMAT "; sy_w++) {\n"
				"#pragma HLS PIPELINE II=1\n            "
				"fifo_out.write(fifo_in.read());\n        }\n",
				index, count, words);
	}
	g_string_append(out, "}\n\n");
}

/* The vectors a feeding intra_trans builds, one per access it moves
 * (see print_feed_one). */
static void declare_lane_registers(
	SyHlsGen *hls, const SyHlsPath *hp, const char *word)
{
	for (guint i = 0; i < hls->scop->accesses->len; i++) {
		const SyAccess *a = g_ptr_array_index(hls->scop->accesses, i);

		if (sy_module_code_moves(a, hp))
			g_string_append_printf(
				hls->out, "    %s sy_w_%u;\n", word, a->index);
	}
}

/* The intra_trans: the PE side of the buffer, in the PEs' own order. */
static void emit_intra(SyHlsGen *hls, const SyHlsPath *hp, const char *name,
	const char *unit, const char *coords)
{
	const SyHlsModel *m = hls->m;
	const SyIoPath *p = hp->path;
	GString *out = hls->out;
	g_autofree char *pe_word = sy_hls_word_type(hp, hp->lanes);
	SyHlsModule mod;

	g_string_append_printf(out,
		"static void %s_intra_trans(%s, const int sy_tile[%u], %s_word "
		"local[%" G_GINT64_FORMAT
		"], hls::stream<%s> &fifo_local_%s%s)\n"
		"{\n#pragma HLS INLINE off\n%s    typedef %s_word sy_word_t;\n",
		name, unit, m->n_tile, p->prefix, sy_hls_box_words(hp), pe_word,
		p->in ? "out" : "in", p->in ? ", bool sy_en" : "",
		p->in ? "    if (!sy_en)\n        return;\n" : "", p->prefix);
	for (guint d = 0; d < m->n_tile; d++)
		g_string_append_printf(
			out, "    const int sy_t%u = sy_tile[%u];\n", d, d);
	g_string_append(out, coords);
	if (hp->lanes > 1)
		declare_lane_registers(hls, hp, pe_word);
	g_string_append_c(out, '\n');
	sy_hls_module_init(&mod, hls, hp);
	mod.print = p->in ? print_feed : print_collect;
	sy_hls_print_code(&mod,
		sy_hls_module_code(hls, p, p->exterior ? 2 : 1), "    ");
	g_string_append(out, "}\n\n");
}

/* The module itself: per tile of the path, inter_trans and intra_trans
 * on its buffers. */
static void emit_main(SyHlsGen *hls, const SyHlsPath *hp, const char *name,
	const char *unit, const char *args, gboolean boundary)
{
	const SyIoPath *p = hp->path;
	GString *out = hls->out;
	g_autofree char *pe_word = sy_hls_word_type(hp, hp->lanes);
	g_autofree char *inter = g_strdup_printf(
		"%s%s_inter_trans", name, boundary ? "_boundary" : "");
	g_autofree char *full = g_strconcat(
		name, boundary ? "_boundary" : "", NULL);
	gboolean pp = ping_pong(hls, full);
	Main m = {name, inter, args,
		boundary ? (p->in ? "fifo_in" : "fifo_out")
			 : (p->in ? "fifo_in, fifo_out" : "fifo_out, fifo_in"),
		!p->in, pp, hls->m->n_tile};
	gint64 words = sy_hls_box_words(hp);

	g_string_append_printf(out, "void %s(%s, hls::stream<%s_word> &fifo_%s",
		full, unit, p->prefix, p->in ? "in" : "out");
	if (!boundary)
		g_string_append_printf(out, ", hls::stream<%s_word> &fifo_%s",
			p->prefix, p->in ? "out" : "in");
	g_string_append_printf(out,
		", hls::stream<%s> &fifo_local_%s)\n{\n#pragma HLS INLINE "
		"off\n",
		pe_word, p->in ? "out" : "in");
	if (pp)
		g_string_append_printf(out,
			"    %s_word local_ping[%" G_GINT64_FORMAT "];\n    "
			"%s_word local_pong[%" G_GINT64_FORMAT "];\n    bool "
			"sy_arb = 0;\n    bool sy_en = false;\n    int "
			"sy_prev[%u] = {0};\n",
			p->prefix, words, p->prefix, words, hls->m->n_tile);
	else
		g_string_append_printf(out,
			"    %s_word local[%" G_GINT64_FORMAT "];\n", p->prefix,
			words);
	g_string_append_c(out, '\n');
	print_tile_loops(hls, out, hp->tiles, "    ", main_body, &m);
	/* The last tile's buffer, served after the loop. */
	if (pp && p->in) {
		g_autofree char *prev = g_strdup_printf(
			"%s_intra_trans(%s, sy_prev, ", name, args);

		both_buffers(
			out, "    ", prev, ", fifo_local_out, sy_en)", TRUE);
	} else if (pp) {
		g_autofree char *call = g_strdup_printf("%s(%s, ", inter, args);
		g_autofree char *streams = g_strdup_printf(
			", %s, sy_en)", m.streams);

		both_buffers(out, "    ", call, streams, TRUE);
	}
	g_string_append(out, "}\n\n");
}

/* L3: the DRAM port, words in the order the host serialized them. */
typedef struct {
	const SyHlsPath *hp;
	gint64 units;
} Burst;

static void burst_body(GString *out, const char *in, char **t, gpointer data)
{
	const Burst *b = data;
	gboolean input = b->hp->path->in;

	(void)t;
	g_string_append_printf(out,
		"%sfor (int sy_u = 0; sy_u < %" G_GINT64_FORMAT "; sy_u++)\n"
		"%s    for (int sy_w = 0; sy_w < %" G_GINT64_FORMAT "; sy_w++) "
		"{\n#pragma HLS PIPELINE II=1\n%s        %s;\n%s        "
		"sy_ptr++;\n%s    }\n",
		in, b->units, in, sy_hls_box_words(b->hp), in,
		input ? "fifo_local_out.write(port[sy_ptr])"
		      : "port[sy_ptr] = fifo_local_in.read()",
		in, in);
}

gint64 sy_hls_port_words(const SyHlsGen *hls, const SyHlsPath *hp)
{
	SyChecked ck = {NULL};
	gint64 n = sy_hls_port_words_checked(hls, hp, &ck);

	/* sy_hls_generate checked it first. */
	g_clear_error(&ck.error);
	return n;
}

gint64 sy_hls_port_words_checked(
	const SyHlsGen *hls, const SyHlsPath *hp, SyChecked *ck)
{
	isl_set *tiles = hp->tiles;
	isl_size n_dims = isl_set_dim(tiles, isl_dim_set);
	gint64 n = 1;

	/* Tile sets are boxes but for triangular kernels; those count
	 * their tiles (never iterations). */
	if (isl_set_is_empty(tiles) == isl_bool_true) {
		n = 0;
	} else if (isl_set_is_box(tiles) == isl_bool_true) {
		for (int d = 0; d < n_dims; d++) {
			isl_val *lo = isl_set_dim_min_val(
				isl_set_copy(tiles), d);
			isl_val *hi = isl_set_dim_max_val(
				isl_set_copy(tiles), d);

			/* Tile numbers: within the padded extent. */
			n = sy_checked_mul(ck, n,
				isl_val_get_num_si(hi) -
					isl_val_get_num_si(lo) + 1,
				"the number of tiles of %s",
				hp->path->prefix);
			isl_val_free(lo);
			isl_val_free(hi);
		}
	} else {
		isl_val *count = isl_set_count_val(tiles);

		n = isl_val_get_num_si(count);
		isl_val_free(count);
	}
	n = sy_checked_mul(ck, n, sy_hls_units(hls->array, hp->path),
		"the number of boxes of %s", hp->path->prefix);
	return sy_checked_mul(ck, n, box_words(hp, ck),
		"the number of words of port %s", hp->path->prefix);
}

static void emit_l3(SyHlsGen *hls, const SyHlsPath *hp)
{
	const SyIoPath *p = hp->path;
	Burst b = {hp, sy_hls_units(hls->array, p)};

	g_string_append_printf(hls->out,
		"void %s_IO_L3_%s(%s_word *port, hls::stream<%s_word> "
		"&fifo_local_%s)\n{\n#pragma HLS INLINE off\n    long sy_ptr = "
		"0;\n\n",
		p->prefix, p->in ? "in" : "out", p->prefix, p->prefix,
		p->in ? "out" : "in");
	print_tile_loops(hls, hls->out, hp->tiles, "    ", burst_body, &b);
	g_string_append(hls->out, "}\n\n");
}

/* Interior L2: one per chain of L1 modules, passing words on. */
typedef struct {
	const SyHlsPath *hp;
	gint64 chains, length;
	gboolean boundary;
} Pass;

static void pass_body(GString *out, const char *in, char **t, gpointer data)
{
	const Pass *ps = data;
	gint64 words = sy_hls_box_words(ps->hp);

	(void)t;
	if (ps->hp->path->in && ps->boundary)
		g_string_append_printf(out,
			"%sfor (int sy_w = 0; sy_w < %" G_GINT64_FORMAT "; "
			"sy_w++) {\n#pragma HLS PIPELINE II=1\n%s    "
			"fifo_local_out.write(fifo_in.read());\n%s}\n",
			in, ps->length * words, in, in);
	else if (ps->hp->path->in)
		g_string_append_printf(out,
			"%sfor (int sy_m = idx; sy_m < %" G_GINT64_FORMAT "; "
			"sy_m++)\n%s    for (int sy_w = 0; sy_w < "
			"%" G_GINT64_FORMAT "; sy_w++) {\n#pragma HLS PIPELINE "
			"II=1\n%s        %s_word sy_v = fifo_in.read();\n\n%s "
			"       if (sy_m == idx)\n%s            "
			"fifo_local_out.write(sy_v);\n%s        else\n%s      "
			"      fifo_out.write(sy_v);\n%s    }\n",
			in, ps->chains, in, ps->length * words, in,
			ps->hp->path->prefix, in, in, in, in, in);
	else {
		g_string_append_printf(out,
			"%sfor (int sy_w = 0; sy_w < %" G_GINT64_FORMAT "; "
			"sy_w++) {\n#pragma HLS PIPELINE II=1\n%s    "
			"fifo_out.write(fifo_local_in.read());\n%s}\n",
			in, ps->length * words, in, in);
		if (!ps->boundary)
			g_string_append_printf(out,
				"%sfor (int sy_w = 0; sy_w < (%" G_GINT64_FORMAT
				" - idx - 1) * %" G_GINT64_FORMAT
				"; sy_w++) {\n"
				"#pragma HLS PIPELINE II=1\n%s    "
				"fifo_out.write(fifo_in.read());\n%s}\n",
				in, ps->chains, ps->length * words, in, in);
	}
}

static void emit_l2_pass(SyHlsGen *hls, const SyHlsPath *hp, gboolean boundary)
{
	const SyIoPath *p = hp->path;
	Pass ps = {hp, sy_pe_array_count(hls->array) / hls->array->pe[0],
		hls->array->pe[0], boundary};

	g_string_append_printf(hls->out,
		"void %s_IO_L2_%s%s(int idx, hls::stream<%s_word> &fifo_%s",
		p->prefix, p->in ? "in" : "out", boundary ? "_boundary" : "",
		p->prefix, p->in ? "in" : "out");
	if (!boundary)
		g_string_append_printf(hls->out,
			", hls::stream<%s_word> &fifo_%s", p->prefix,
			p->in ? "out" : "in");
	g_string_append_printf(hls->out,
		", hls::stream<%s_word> &fifo_local_%s)\n{\n#pragma HLS INLINE "
		"off\n    (void)idx;\n\n",
		p->prefix, p->in ? "out" : "in");
	print_tile_loops(hls, hls->out, hp->tiles, "    ", pass_body, &ps);
	g_string_append(hls->out, "}\n\n");
}

/* A path's modules, from the DRAM port to the PEs. */
void sy_hls_emit_path(SyHlsGen *hls, const SyHlsPath *hp)
{
	const SyPeArray *array = hls->array;
	const SyIoPath *p = hp->path;
	const char *way = p->in ? "in" : "out";
	g_autofree char *coords = NULL;

	emit_l3(hls, hp);
	if (p->exterior) {
		g_autofree char *name = g_strdup_printf(
			"%s_IO_L2_%s", p->prefix, way);
		guint a = sy_hls_along(p);
		g_autofree char *at = g_strdup_printf(
			"%" G_GINT64_FORMAT, p->in ? 0 : array->pe[a] - 1);
		GString *c = g_string_new(NULL);

		print_unit_coords(c, array, a, at, "    ");
		coords = g_string_free(c, FALSE);
		for (guint b = 0; b < 2; b++)
			emit_inter(hls, hp, name, "int idx", "idx",
				sy_hls_units(array, p), b);
		emit_intra(hls, hp, name, "int idx", coords);
		for (guint b = 0; b < 2; b++)
			emit_main(hls, hp, name, "int idx", "idx", b);
		return;
	}
	{
		g_autofree char *name = g_strdup_printf(
			"%s_IO_L1_%s", p->prefix, way);
		GString *unit = g_string_new(NULL), *args = g_string_new(NULL);

		for (guint k = 0; k < array->n_space; k++) {
			g_string_append_printf(unit, "%sint %s", k ? ", " : "",
				sy_module_code_p_names[k]);
			g_string_append_printf(
				args, "%s%s", k ? ", " : "", sy_module_code_p_names[k]);
		}
		for (guint b = 0; b < 2; b++)
			emit_l2_pass(hls, hp, b);
		for (guint b = 0; b < 2; b++)
			emit_inter(hls, hp, name, unit->str, "p0", array->pe[0],
				b);
		emit_intra(hls, hp, name, unit->str, "");
		for (guint b = 0; b < 2; b++)
			emit_main(hls, hp, name, unit->str, args->str, b);
		g_string_free(unit, TRUE);
		g_string_free(args, TRUE);
	}
}

/* The dummy at the head of a chain with no way in: its first PEs read
 * nothing upstream, but their FIFOs need a writer in the dataflow
 * region. */
void sy_hls_emit_head_dummy(SyHlsGen *hls, const SyHlsPath *hp)
{
	g_autofree char *pe_word = sy_hls_word_type(hp, hp->lanes);

	g_string_append_printf(hls->out,
		"void %s_PE_dummy_head(hls::stream<%s> &fifo_out)\n{\n"
		"#pragma HLS INLINE off\n"
		"    /* %s %s start in the first PEs: nothing comes from "
		"upstream. */\n"
		"    (void)fifo_out;\n}\n\n",
		hp->path->prefix, pe_word,
		hp->path->role == SY_PATH_PASS ? "Values of the temporary"
					       : "Partial results of",
		hp->path->array->name);
}

/* The far end of a temporary passed PE to PE: the last PEs pass
 * nothing on (a value that would leave their tile is refused). */
static void emit_tail_dummy(SyHlsGen *hls, const SyHlsPath *hp)
{
	g_autofree char *pe_word = sy_hls_word_type(hp, hp->lanes);
	GString *unit = g_string_new(NULL);

	for (guint k = 0; k < hls->m->n_space; k++)
		g_string_append_printf(unit, "int %s, ", sy_module_code_p_names[k]);
	g_string_append_printf(hls->out,
		"void %s_PE_dummy_in(%shls::stream<%s> &fifo_in)\n{\n"
		"#pragma HLS INLINE off\n"
		"    /* Values of the temporary %s stay in their tile: the "
		"last PEs pass none on. */\n",
		hp->path->prefix, unit->str, pe_word, hp->path->array->name);
	for (guint k = 0; k < hls->m->n_space; k++)
		g_string_append_printf(
			hls->out, "    (void)%s;\n", sy_module_code_p_names[k]);
	g_string_append(hls->out, "    (void)fifo_in;\n}\n\n");
	g_string_free(unit, TRUE);
}

/* Dummies: what leaves the last PEs of an input's lines. */
static void print_drop(SyAstPrinter *p, const SyHlsCall *call, SyHlsModule *mod)
{
	const SyHlsPath *hp = mod->path;
	const SyStmt *stmt = call->stmt;
	g_autofree char *lane = NULL;

	g_string_append(p->out, "{\n");
	sy_ast_indent_more(p);
	if (hp->lanes > 1 || hp->once)
		lane = sy_hls_expr_text(p, call->exprs[0]);
	for (guint k = 0; k < stmt->accesses->len; k++) {
		if (!sy_module_code_moves(g_ptr_array_index(stmt->accesses, k), hp))
			continue;
		if (lane)
			sy_hls_line(p, "if (%s == %u)", lane,
				hp->once ? 0 : hp->lanes - 1);
		sy_hls_line(p, "%s(void)fifo_in.read();", lane ? "    " : "");
	}
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
}

static void emit_drop_dummy(SyHlsGen *hls, const SyHlsPath *hp)
{
	const SyHlsModel *m = hls->m;
	const SyIoPath *p = hp->path;
	g_autofree char *pe_word = sy_hls_word_type(hp, hp->lanes);
	GString *unit = g_string_new(NULL);
	SyHlsModule mod;

	for (guint k = 0; k < m->n_space; k++) {
		g_string_append_printf(
			unit, "%sint %s", k ? ", " : "", sy_module_code_p_names[k]);
	}
	g_string_append_printf(hls->out,
		"void %s_PE_dummy_in(%s, hls::stream<%s> &fifo_in)\n{\n"
		"#pragma HLS INLINE off\n",
		p->prefix, unit->str, pe_word);
	sy_hls_module_init(&mod, hls, hp);
	mod.print = print_drop;
	sy_hls_print_code(&mod, sy_hls_module_code(hls, p, 0), "    ");
	g_string_free(unit, TRUE);
	g_string_append(hls->out, "}\n\n");
}

void sy_hls_emit_dummy(SyHlsGen *hls, const SyHlsPath *hp)
{
	if (hp->path->role == SY_PATH_PASS)
		emit_tail_dummy(hls, hp);
	else
		emit_drop_dummy(hls, hp);
}
