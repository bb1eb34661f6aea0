/* The I/O modules: L3 modules with their DRAM bursts, L2 and L1
 * modules with their (ping-pong) buffers feeding PEs or collecting from
 * them in the PEs' own order, pass-through L2 modules, and the dummies
 * at the far edge of input lines.  Printed from the design alone: its
 * I/O facts (comm/io-facts.h) and its modules' code. */
#include <string.h>

#include "hls/hls-private.h"

/* A word of the lanes a path moves to or from a PE (the element for
 * one lane). */
static char *pe_word(const SyIoPathFacts *f)
{
	return sy_hls_word(f->path->plain_array, f->lanes);
}

/* Geometry: lines of an exterior path, chains of an interior one */

/* C code computing coordinates p0.. of a line or chain "idx" into
 * variables (the same rule as sy_design_kernel_unit_coords). */
static void print_unit_coords(GString *out, const SyDesignKernel *k, guint skip,
	const char *at, const char *indent)
{
	GString *n = g_string_new("idx");

	for (guint d = k->grid->n_space; d-- > 0;) {
		if (d == skip) {
			g_string_append_printf(out, "%sconst int %s = %s;\n",
				indent, sy_module_code_p_names[d], at);
			continue;
		}
		g_string_append_printf(out,
			"%sconst int %s = (%s) %% %" G_GINT64_FORMAT ";\n",
			indent, sy_module_code_p_names[d], n->str,
			k->grid->pe[d]);
		g_string_append_printf(
			n, " / %" G_GINT64_FORMAT, k->grid->pe[d]);
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

/* Code: the tile loops and the modules' statements */

/* Prints code at indent into hls->out, each statement through user. */
static void print_code(SyHlsGen *hls, const SyCode *code, const char *indent,
	const SyAstHooks *hooks, gpointer data)
{
	SyAstPrinter p;

	sy_ast_printer_init(&p, indent, "    ", hls->itype, hooks, data);
	p.n_launch = hls->kernel->n_launch;
	sy_ast_print_node(&p, code);
	g_string_append(hls->out, p.out->str);
	sy_ast_printer_clear(&p);
}

typedef void (*TileBody)(
	GString *out, const char *indent, char **coords, gpointer data);

typedef struct {
	TileBody body;
	gpointer data;
} Tiles;

/* A tile: its coordinates are the statement's arguments. */
static void tile_user(SyAstPrinter *p, const SyCode *stmt, gpointer data)
{
	Tiles *t = data;
	guint n = stmt->args ? stmt->args->len : 0;
	char **coords = g_new0(char *, n + 1);

	for (guint k = 0; k < n; k++)
		coords[k] = sy_hls_expr_text(
			p, g_ptr_array_index(stmt->args, k));
	g_string_append(p->out, "{\n");
	sy_ast_indent_more(p);
	t->body(p->out, p->indent->str, coords, t->data);
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
	g_strfreev(coords);
}

static void print_tile_loops(
	SyHlsGen *hls, const SyIoPathFacts *f, TileBody body, gpointer data)
{
	static const SyAstHooks hooks = {tile_user, FALSE};
	Tiles t = {body, data};

	print_code(hls, f->tiles, "    ", &hooks, &t);
}

/* A statement of an I/O module's code (its arguments: the SIMD lane,
 * then per access it moves its condition on interior paths and its
 * place in the box, see comm/module-code.c), printed by one of the
 * module's printers. */
typedef struct _IoModule IoModule;

struct _IoModule {
	const SyIoPathFacts *f;
	void (*print)(SyAstPrinter *p, const IoModule *mod, const SyIoMoves *mv,
		SyCodeExpr *const *exprs);
	/* Feeding or collecting modules: one element. */
	void (*one)(SyAstPrinter *p, const SyIoPathFacts *f, guint access,
		const char *lane, const char *tag);
};

static void io_user(SyAstPrinter *p, const SyCode *stmt, gpointer data)
{
	const IoModule *mod = data;
	static const SyIoMoves none = {NULL, 0, NULL};
	const SyIoMoves *mv = sy_io_path_facts_moves(mod->f, stmt->name);

	mod->print(p, mod, mv ? mv : &none,
		stmt->args ? (SyCodeExpr *const *)stmt->args->pdata : NULL);
}

static void print_module_code(SyHlsGen *hls, const SyCode *code, IoModule *mod)
{
	static const SyAstHooks hooks = {io_user, TRUE};

	print_code(hls, code, "    ", &hooks, mod);
}

/* Feeding PEs from buffers, and filling buffers from PEs */

/* sy_e: an element's place in a box, row-major. */
static void print_linear(SyAstPrinter *p, SyCodeExpr *const *exprs, guint *at,
	const SyIoPathFacts *f, guint n_dims)
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
				") * %" G_GINT64_FORMAT " + ", f->box[d]);
		sy_hls_print_e(p, p->out, exprs[(*at)++],
			d ? SY_AST_PREC_PRODUCT : SY_AST_PREC_ANY);
	}
	g_string_append(p->out, ";\n");
}

/* One element between a buffer and the PEs: element sy_e of the box
 * (words of pack elements) to the FIFO (feed) or from it (collect), for
 * access number access.  A vector of lanes is built in a register of
 * the access's own (sy_w_R, R its number), so that accesses of one
 * statement at different places along the SIMD loop do not overwrite
 * each other's lanes. */
static void print_feed_one(SyAstPrinter *p, const SyIoPathFacts *f,
	guint access, const char *lane, const char *tag)
{
	const SyDesignArray *x = f->path->plain_array;
	guint b = x->bits;

	sy_hls_line(p,
		"%s sy_x = sy_from_bits_%s(local[sy_e / %u].range(%u * (sy_e "
		"%% %u) + %u, %u * (sy_e %% %u)));",
		x->ctype, tag, f->pack, b, f->pack, b - 1, b, f->pack);
	if (f->once) {
		sy_hls_line(p, "if (%s == 0)", lane);
		sy_hls_line(p, "    fifo_local_out.write(sy_x);");
		return;
	}
	if (f->lanes == 1) {
		sy_hls_line(p, "fifo_local_out.write(sy_x);");
		return;
	}
	sy_hls_line(p,
		"sy_w_%u.range(%u * (%s) + %u, %u * (%s)) = "
		"sy_to_bits_%s(sy_x);",
		access, b, lane, b - 1, b, lane, tag);
	sy_hls_line(p, "if (%s == %u)", lane, f->lanes - 1);
	sy_hls_line(p, "    fifo_local_out.write(sy_w_%u);", access);
}

static void print_collect_one(SyAstPrinter *p, const SyIoPathFacts *f,
	guint access, const char *lane, const char *tag)
{
	guint b = f->path->plain_array->bits;
	/* One value a vector (all the lanes updated one element). */
	gboolean once = f->once && lane;

	(void)access;
	if (once) {
		sy_hls_line(p, "if (%s == 0) {", lane);
		sy_ast_indent_more(p);
	}
	sy_hls_line(p, "sy_word_t sy_word = local[sy_e / %u];", f->pack);
	sy_hls_line(p,
		"sy_word.range(%u * (sy_e %% %u) + %u, %u * (sy_e %% %u)) = "
		"sy_to_bits_%s(fifo_local_in.read());",
		b, f->pack, b - 1, b, f->pack, tag);
	sy_hls_line(p, "local[sy_e / %u] = sy_word;", f->pack);
	if (once) {
		sy_ast_indent_less(p);
		sy_hls_line(p, "}");
	}
}

/* A statement instance of a feeding or collecting module: per access
 * the path moves, under its condition (interior paths), one element at
 * its place in the box. */
static void print_transfers(SyAstPrinter *p, const IoModule *mod,
	const SyIoMoves *mv, SyCodeExpr *const *exprs)
{
	const SyIoPathFacts *f = mod->f;
	const SyDesignArray *x = f->path->plain_array;
	g_autofree char *tag = sy_hls_tag(x->ctype);
	g_autofree char *lane = NULL;
	guint at = 0;

	g_string_append(p->out, "{\n");
	sy_ast_indent_more(p);
	if (f->lanes > 1 || f->once)
		lane = sy_hls_expr_text(p, exprs[at++]);
	for (guint k = 0; k < mv->n; k++) {
		gboolean open = FALSE;

		if (!f->path->exterior)
			open = sy_hls_open_guard(p, exprs[at++]);
		sy_hls_line(p, "{");
		sy_ast_indent_more(p);
		print_linear(p, exprs, &at, f, x->n_dims);
		mod->one(p, f, mv->accesses[k], lane, tag);
		sy_ast_indent_less(p);
		sy_hls_line(p, "}");
		sy_hls_close_guard(p, open);
	}
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
}

/* I/O modules */

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
static void emit_inter(SyHlsGen *hls, const SyIoPathFacts *f, const char *name,
	const char *unit, const char *index, const char *count,
	gboolean boundary)
{
	const SyIoPath *p = f->path;
	GString *out = hls->out;
	gint64 words = f->box_words;
	const char *P = p->prefix;

	g_string_append_printf(out,
		"static void %s%s_inter_trans(%s, %s_word "
		"local[%" G_GINT64_FORMAT "], hls::stream<%s_word> &fifo_%s",
		name, boundary ? "_boundary" : "", unit, P, words, P,
		p->in ? "in" : "out");
	if (!boundary)
		g_string_append_printf(out, ", hls::stream<%s_word> &fifo_%s",
			P, p->in ? "out" : "in");
	/* Not inlined, so that it runs beside intra_trans; results
	 * leave a tile late, once sy_en says there is one. */
	g_string_append_printf(out, "%s)\n{\n#pragma HLS INLINE off\n%s",
		p->in ? "" : ", bool sy_en",
		p->in ? "" : "    if (!sy_en)\n        return;\n");
	if (p->in) {
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
				"%s"
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
				"%s"
				"; sy_l++)\n        for (int sy_w "
				"= 0; sy_w < %" G_GINT64_FORMAT "; sy_w++) {\n"
				"#pragma HLS PIPELINE II=1\n            "
				"fifo_out.write(fifo_in.read());\n        }\n",
				index, count, words);
	}
	g_string_append(out, "}\n\n");
}

/* The intra_trans: the PE side of the buffer, in the PEs' own order;
 * the vectors a feeding one builds, one per access it moves (see
 * print_feed_one), first. */
static void emit_intra(SyHlsGen *hls, const SyIoPathFacts *f, const char *name,
	const char *unit, const char *coords)
{
	const SyIoFacts *io = hls->io;
	const SyIoPath *p = f->path;
	GString *out = hls->out;
	g_autofree char *word = pe_word(f);
	IoModule mod = {
		f, print_transfers, p->in ? print_feed_one : print_collect_one};

	g_string_append_printf(out,
		"static void %s_intra_trans(%s, const int sy_tile[%u], %s_word "
		"local[%" G_GINT64_FORMAT
		"], hls::stream<%s> &fifo_local_%s%s)\n"
		"{\n#pragma HLS INLINE off\n%s    typedef %s_word sy_word_t;\n",
		name, unit, io->n_tile, p->prefix, f->box_words, word,
		p->in ? "out" : "in", p->in ? ", bool sy_en" : "",
		p->in ? "    if (!sy_en)\n        return;\n" : "", p->prefix);
	for (guint d = 0; d < io->n_tile; d++)
		g_string_append_printf(
			out, "    const int sy_t%u = sy_tile[%u];\n", d, d);
	g_string_append(out, coords);
	for (guint i = 0; i < f->n_registers; i++)
		g_string_append_printf(
			out, "    %s sy_w_%u;\n", word, f->registers[i]);
	g_string_append_c(out, '\n');
	print_module_code(hls, f->intra, &mod);
	g_string_append(out, "}\n\n");
}

/* The module itself: per tile of the path, inter_trans and intra_trans
 * on its buffers. */
static void emit_main(SyHlsGen *hls, const SyIoPathFacts *f, const char *name,
	const char *unit, const char *args, gboolean boundary)
{
	const SyIoFacts *io = hls->io;
	const SyIoPath *p = f->path;
	GString *out = hls->out;
	g_autofree char *word = pe_word(f);
	g_autofree char *inter = g_strdup_printf(
		"%s%s_inter_trans", name, boundary ? "_boundary" : "");
	gboolean pp = f->ping_pong[boundary != 0];
	Main m = {name, inter, args,
		boundary ? (p->in ? "fifo_in" : "fifo_out")
			 : (p->in ? "fifo_in, fifo_out" : "fifo_out, fifo_in"),
		!p->in, pp, io->n_tile};
	gint64 words = f->box_words;
	/* The buffer's word: %s_word, f->pack elements (hls.c's typedef). */
	guint bits = f->pack * p->plain_array->bits;

	g_string_append_printf(
		out, "void %s%s(", name, boundary ? "_boundary" : "");
	sy_hls_launch(out, hls->kernel, TRUE);
	g_string_append_printf(out, "%s, hls::stream<%s_word> &fifo_%s", unit,
		p->prefix, p->in ? "in" : "out");
	if (!boundary)
		g_string_append_printf(out, ", hls::stream<%s_word> &fifo_%s",
			p->prefix, p->in ? "out" : "in");
	g_string_append_printf(out,
		", hls::stream<%s> &fifo_local_%s)\n{\n#pragma HLS INLINE "
		"off\n",
		word, p->in ? "out" : "in");
	if (pp) {
		g_string_append_printf(out,
			"    %s_word local_ping[%" G_GINT64_FORMAT "];\n",
			p->prefix, words);
		sy_hls_bind_storage(out, "local_ping", bits, words);
		g_string_append_printf(out,
			"    %s_word local_pong[%" G_GINT64_FORMAT "];\n",
			p->prefix, words);
		sy_hls_bind_storage(out, "local_pong", bits, words);
		g_string_append_printf(out,
			"    bool sy_arb = 0;\n    bool sy_en = false;\n    "
			"int sy_prev[%u] = {0};\n",
			io->n_tile);
	} else {
		g_string_append_printf(out,
			"    %s_word local[%" G_GINT64_FORMAT "];\n", p->prefix,
			words);
		sy_hls_bind_storage(out, "local", bits, words);
	}
	g_string_append_c(out, '\n');
	print_tile_loops(hls, f, main_body, &m);
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
	const SyIoPathFacts *f;
	const SyDesignPort *port;
} Burst;

/* A FIFO word to or from the DRAM word: the next one as it is, or, where
 * a DRAM word holds serial of them (--host-serialize), part sy_s of the
 * one read at part 0 (in) or written after the last part (out). */
static void burst_word(
	GString *out, const char *in, const Burst *b, const char *first)
{
	guint w = b->port->pack * b->f->path->plain_array->bits;
	guint s = b->port->serial;
	g_autofree char *dram = sy_design_port_word(b->port);
	/* Folded tiles after the first take the identity (all-zero bits
	 * for +) without reading DRAM; the collector's value is sy_x. */
	g_autofree char *value = !b->f->path->in
		? g_strdup(first ? "sy_x" : "fifo_local_in.read()")
		: first ? g_strdup_printf("(%s) ? %s(port[sy_ptr]) : %s(0)",
				  first, dram, dram)
			: g_strdup("port[sy_ptr]");

	if (s == 1) {
		if (b->f->path->in)
			g_string_append_printf(out,
				"%s        fifo_local_out.write(%s);\n", in,
				value);
		else
			g_string_append_printf(out,
				"%s        port[sy_ptr] = %s;\n", in, value);
		g_string_append_printf(out, "%s        sy_ptr++;\n", in);
		return;
	}
	/* In: a DRAM word at part 0, split; out: parts joined, the DRAM
	 * word written after the last. */
	if (b->f->path->in)
		g_string_append_printf(out,
			"%s        if (sy_s == 0) {\n%s            sy_dram = "
			"%s;\n%s            sy_ptr++;\n%s        }\n"
			"%s        fifo_local_out.write(sy_dram.range(%u * "
			"sy_s + "
			"%u, %u * sy_s));\n",
			in, in, value, in, in, in, w, w - 1, w);
	else
		g_string_append_printf(out,
			"%s        sy_dram.range(%u * sy_s + %u, %u * sy_s) = "
			"%s;\n%s        if (sy_s == %u)\n%s            "
			"port[sy_ptr++] = sy_dram;\n",
			in, w, w - 1, w, value, in, s - 1, in);
	g_string_append_printf(out,
		"%s        sy_s = sy_s == %u ? 0 : sy_s + 1;\n", in, s - 1);
}

/* The collector of a folded path: the FIFO word sy_x, folded (after
 * the first tile, not first) element by element into the word of
 * the earlier tiles, kept for the next. */
static void fold_word(
	GString *out, const char *in, const Burst *b, const char *not_first)
{
	const SyDesignArray *x = b->f->path->plain_array;
	g_autofree char *tag = sy_hls_tag(x->ctype);
	guint bits = x->bits;

	g_string_append_printf(out,
		"%s        %s_word sy_x = fifo_local_in.read();\n"
		"%s        if (%s)\n"
		"%s            for (int sy_e = 0; sy_e < %u; sy_e++) {\n"
		"#pragma HLS UNROLL\n"
		"%s                %s sy_a = sy_from_bits_%s(acc_%s[sy_u * "
		"%" G_GINT64_FORMAT " + sy_w].range(%u * sy_e + %u, %u * "
		"sy_e));\n"
		"%s                %s sy_b = sy_from_bits_%s(sy_x.range(%u * "
		"sy_e + %u, %u * sy_e));\n"
		"%s                sy_x.range(%u * sy_e + %u, %u * sy_e) = "
		"sy_to_bits_%s(sy_a %s sy_b);\n"
		"%s            }\n"
		"%s        acc_%s[sy_u * %" G_GINT64_FORMAT
		" + sy_w] = sy_x;\n",
		in, b->f->path->prefix, in, not_first, in, b->f->pack, in,
		x->ctype, tag, b->f->path->prefix, b->f->box_words, bits,
		bits - 1, bits, in, x->ctype, tag, bits, bits - 1, bits, in,
		bits, bits - 1, bits, tag, b->f->path->reduce_op, in, in,
		b->f->path->prefix, b->f->box_words);
}

static void burst_body(GString *out, const char *in, char **t, gpointer data)
{
	const Burst *b = data;
	const SyIoPathFacts *f = b->f;
	g_autofree char *first = f->fold_dim < 0
		? NULL
		: g_strdup_printf("(%s) == %" G_GINT64_FORMAT, t[f->fold_dim],
			  f->fold_first);

	g_string_append_printf(out,
		"%sfor (int sy_u = 0; sy_u < %" G_GINT64_FORMAT "; sy_u++)\n"
		"%s    for (int sy_w = 0; sy_w < %" G_GINT64_FORMAT "; sy_w++) "
		"{\n#pragma HLS PIPELINE II=1\n",
		in, f->units / sy_io_path_ports(f->path), in, f->box_words);
	if (first && !f->path->in) {
		g_autofree char *not_first = g_strdup_printf("!(%s)", first);

		fold_word(out, in, b, not_first);
	}
	burst_word(out, in, b, first);
	g_string_append_printf(out, "%s    }\n", in);
}

/* The kernel's port of a path through DRAM (in the same order). */
static const SyDesignPort *port_of(SyHlsGen *hls, const SyIoPathFacts *f)
{
	guint i = 0;

	while (g_ptr_array_index(hls->io->paths, i) != f)
		i++;
	return g_ptr_array_index(hls->kernel->ports, i);
}

/* Whether p's folding L3 module keeps its buffer in UltraRAM (--uram). */
static gboolean fold_in_uram(const SyDesign *design, const SyIoPath *p)
{
	for (guint i = 0; i < design->modules->len; i++) {
		const SyModule *m = g_ptr_array_index(design->modules, i);

		if (m->path == p && m->level == 3 && m->buffers->len)
			return ((const SyBuffer *)g_ptr_array_index(
					m->buffers, 0))
				->uram;
	}
	return FALSE;
}

/* The L3 module under an L2 buffer (--two-level-buffer): "L" reads a
 * tile's boxes from DRAM into its slot of the buffer, "T" serves a
 * tile's boxes from its slot; the slot counts the tiles of the L2 tile
 * the buffer keeps (io-facts.h's l2_keep), from the tile's place in its
 * L2 tile along each such loop. */
typedef struct {
	const SyIoPathFacts *f;
	const char *buffer;
	guint n; /* tile loops: n L2 tiles, then n tiles */
} L2Module;

static char *l2_slot(const L2Module *l, char **t)
{
	GString *out = g_string_new(NULL);

	for (guint k = 0; k < l->n; k++) {
		if (l->f->l2_keep[k] <= 1)
			continue;
		/* Horner's rule: what is there, times this loop's tiles. */
		if (out->len) {
			g_autofree char *outer = g_strdup(out->str);
			gboolean sum = strstr(outer, " + ") != NULL;

			g_string_printf(out, "%s%s%s * %" G_GINT64_FORMAT " + ",
				sum ? "(" : "", outer, sum ? ")" : "",
				l->f->l2_keep[k]);
		}
		g_string_append_printf(out, "(%s - %" G_GINT64_FORMAT " * %s)",
			t[l->n + k], l->f->l2_factor[k], t[k]);
	}
	if (!out->len)
		g_string_append_c(out, '0');
	return g_string_free(out, FALSE);
}

static void l2_user(SyAstPrinter *p, const SyCode *stmt, gpointer data)
{
	const L2Module *l = data;
	const SyIoPathFacts *f = l->f;
	gboolean load = g_str_equal(stmt->name, "L");
	guint n = stmt->args ? stmt->args->len : 0;
	char **t = g_new0(char *, n + 1);
	g_autofree char *slot = NULL;
	const char *in;
	gint64 units = f->units / sy_io_path_ports(f->path);

	for (guint k = 0; k < n; k++)
		t[k] = sy_hls_expr_text(p, g_ptr_array_index(stmt->args, k));
	slot = l2_slot(l, t);
	g_string_append(p->out, "{\n");
	sy_ast_indent_more(p);
	in = p->indent->str;
	g_string_append_printf(p->out,
		"%sconst long sy_slot = %s;\n\n"
		"%sfor (int sy_u = 0; sy_u < %" G_GINT64_FORMAT "; sy_u++)\n"
		"%s    for (int sy_w = 0; sy_w < %" G_GINT64_FORMAT "; sy_w++) "
		"{\n#pragma HLS PIPELINE II=1\n",
		in, slot, in, units, in, f->box_words);
	if (load)
		g_string_append_printf(p->out,
			"%s        %s[(sy_slot * %" G_GINT64_FORMAT
			" + sy_u) * %" G_GINT64_FORMAT
			" + sy_w] = port[sy_ptr];\n%s        sy_ptr++;\n",
			in, l->buffer, units, f->box_words, in);
	else
		g_string_append_printf(p->out,
			"%s        fifo_local_out.write(%s[(sy_slot * "
			"%" G_GINT64_FORMAT " + sy_u) * %" G_GINT64_FORMAT
			" + sy_w]);\n",
			in, l->buffer, units, f->box_words);
	g_string_append_printf(p->out, "%s    }\n", in);
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
	g_strfreev(t);
}

/* The words of the L2 buffer: a tile's boxes per slot. */
static gint64 l2_words(const SyIoPathFacts *f, guint n)
{
	gint64 slots = 1;

	for (guint k = 0; k < n; k++)
		if (f->l2_keep[k])
			slots *= f->l2_keep[k];
	return slots * (f->units / sy_io_path_ports(f->path)) * f->box_words;
}

static void emit_l3_l2(SyHlsGen *hls, const SyIoPathFacts *f)
{
	static const SyAstHooks hooks = {l2_user, FALSE};
	const SyIoPath *p = f->path;
	const SyDesignPort *port = port_of(hls, f);
	g_autofree char *word = sy_design_port_word(port);
	g_autofree char *var = g_strconcat("l2_", p->prefix, NULL);
	L2Module l = {f, var, hls->io->n_tile / 2};
	gint64 words = l2_words(f, l.n);

	g_string_append_printf(hls->out, "void %s_IO_L3_in(", p->prefix);
	sy_hls_launch(hls->out, hls->kernel, TRUE);
	g_string_append_printf(hls->out,
		"%s *port, hls::stream<%s_word> &fifo_local_out)\n{\n"
		"#pragma HLS INLINE off\n    long sy_ptr = 0;\n"
		"    %s_word %s[%" G_GINT64_FORMAT "];\n",
		word, p->prefix, p->prefix, var, words);
	if (fold_in_uram(hls->design, p))
		sy_hls_bind_uram(hls->out, var);
	else
		sy_hls_bind_storage(
			hls->out, var, f->pack * p->plain_array->bits, words);
	g_string_append_c(hls->out, '\n');
	print_code(hls, f->l2, "    ", &hooks, &l);
	g_string_append(hls->out, "}\n\n");
}

static void emit_l3(SyHlsGen *hls, const SyIoPathFacts *f)
{
	const SyIoPath *p = f->path;
	Burst b = {f, port_of(hls, f)};
	g_autofree char *word = sy_design_port_word(b.port);

	if (f->l2) {
		emit_l3_l2(hls, f);
		return;
	}
	g_string_append_printf(
		hls->out, "void %s_IO_L3_%s(", p->prefix, p->in ? "in" : "out");
	sy_hls_launch(hls->out, hls->kernel, TRUE);
	g_string_append_printf(hls->out,
		"%s *port, hls::stream<%s_word> &fifo_local_%s)\n{\n"
		"#pragma HLS INLINE off\n    long sy_ptr = 0;\n",
		word, p->prefix, p->in ? "out" : "in");
	if (b.port->serial > 1)
		g_string_append_printf(hls->out,
			"    %s sy_dram = 0;\n    int sy_s = 0;\n", word);
	/* A folded collector keeps one tile's words of every unit (the
	 * design's acc_ buffer). */
	if (f->fold_dim >= 0 && !p->in) {
		g_autofree char *var = g_strconcat("acc_", p->prefix, NULL);

		g_string_append_printf(hls->out,
			"    %s_word %s[%" G_GINT64_FORMAT "];\n"
			"#pragma HLS DEPENDENCE variable=%s inter false\n",
			p->prefix, var, f->units * f->box_words, var);
		if (fold_in_uram(hls->design, p))
			sy_hls_bind_uram(hls->out, var);
	}
	g_string_append_c(hls->out, '\n');
	print_tile_loops(hls, f, burst_body, &b);
	g_string_append(hls->out, "}\n\n");
}

/* Where the L2 chain of module idx ends: its n modules, or (--hbm) the
 * end of its part of per. */
static char *chain_end(gint64 n, gint64 per)
{
	return per == n ? g_strdup_printf("%" G_GINT64_FORMAT, n)
			: g_strdup_printf("(idx / %" G_GINT64_FORMAT
					  " + 1) * %" G_GINT64_FORMAT,
				  per, per);
}

/* Interior L2: one per chain of L1 modules, passing words on. */
typedef struct {
	const SyIoPathFacts *f;
	gint64 chains, length;
	gboolean boundary;
	/* Where idx's chain ends ("4", or its part's end under --hbm)
	 * and the chains from idx's to it ("4 - idx"). */
	const char *end, *after;
} Pass;

static void pass_body(GString *out, const char *in, char **t, gpointer data)
{
	const Pass *ps = data;
	const SyIoPath *p = ps->f->path;
	gint64 words = ps->f->box_words;

	(void)t;
	if (p->in && ps->boundary)
		g_string_append_printf(out,
			"%sfor (int sy_w = 0; sy_w < %" G_GINT64_FORMAT "; "
			"sy_w++) {\n#pragma HLS PIPELINE II=1\n%s    "
			"fifo_local_out.write(fifo_in.read());\n%s}\n",
			in, ps->length * words, in, in);
	else if (p->in)
		g_string_append_printf(out,
			"%sfor (int sy_m = idx; sy_m < %s; "
			"sy_m++)\n%s    for (int sy_w = 0; sy_w < "
			"%" G_GINT64_FORMAT "; sy_w++) {\n#pragma HLS PIPELINE "
			"II=1\n%s        %s_word sy_v = fifo_in.read();\n\n%s "
			"       if (sy_m == idx)\n%s            "
			"fifo_local_out.write(sy_v);\n%s        else\n%s      "
			"      fifo_out.write(sy_v);\n%s    }\n",
			in, ps->end, in, ps->length * words, in, p->prefix, in,
			in, in, in, in);
	else {
		g_string_append_printf(out,
			"%sfor (int sy_w = 0; sy_w < %" G_GINT64_FORMAT "; "
			"sy_w++) {\n#pragma HLS PIPELINE II=1\n%s    "
			"fifo_out.write(fifo_local_in.read());\n%s}\n",
			in, ps->length * words, in, in);
		if (!ps->boundary)
			g_string_append_printf(out,
				"%sfor (int sy_w = 0; sy_w < (%s - 1) * "
				"%" G_GINT64_FORMAT "; sy_w++) {\n"
				"#pragma HLS PIPELINE II=1\n%s    "
				"fifo_out.write(fifo_in.read());\n%s}\n",
				in, ps->after, ps->length * words, in, in);
	}
}

static void emit_l2_pass(
	SyHlsGen *hls, const SyIoPathFacts *f, gboolean boundary)
{
	const SyIoPath *p = f->path;
	gint64 length = hls->kernel->grid->pe[f->along];
	gint64 chains = hls->kernel->grid->count / length;
	gint64 per = chains / sy_io_path_ports(p);
	g_autofree char *end = chain_end(chains, per);
	/* The chains after idx's on its part, and idx's own. */
	g_autofree char *after = per == chains
		? g_strdup_printf("%" G_GINT64_FORMAT " - idx", chains)
		: g_strdup_printf("%" G_GINT64_FORMAT
				  " - idx %% %" G_GINT64_FORMAT,
			  per, per);
	Pass ps = {f, chains, length, boundary, end, after};

	g_string_append_printf(hls->out, "void %s_IO_L2_%s%s(", p->prefix,
		p->in ? "in" : "out", boundary ? "_boundary" : "");
	sy_hls_launch(hls->out, hls->kernel, TRUE);
	g_string_append_printf(hls->out,
		"int idx, hls::stream<%s_word> &fifo_%s", p->prefix,
		p->in ? "in" : "out");
	if (!boundary)
		g_string_append_printf(hls->out,
			", hls::stream<%s_word> &fifo_%s", p->prefix,
			p->in ? "out" : "in");
	g_string_append_printf(hls->out,
		", hls::stream<%s_word> &fifo_local_%s)\n{\n#pragma HLS INLINE "
		"off\n    (void)idx;\n\n",
		p->prefix, p->in ? "out" : "in");
	print_tile_loops(hls, f, pass_body, &ps);
	g_string_append(hls->out, "}\n\n");
}

/* An exterior path's L2 modules: one per line, the L1 modules embedded
 * in the PEs. */
static void emit_lines(SyHlsGen *hls, const SyIoPathFacts *f)
{
	const SyIoPath *p = f->path;
	g_autofree char *name = g_strdup_printf(
		"%s_IO_L2_%s", p->prefix, p->in ? "in" : "out");
	g_autofree char *at = g_strdup_printf("%" G_GINT64_FORMAT,
		p->in ? 0 : hls->kernel->grid->pe[f->along] - 1);
	g_autofree char *end = chain_end(
		f->units, f->units / sy_io_path_ports(p));
	GString *coords = g_string_new(NULL);

	print_unit_coords(coords, hls->kernel, f->along, at, "    ");
	for (guint b = 0; b < 2; b++)
		emit_inter(hls, f, name, "int idx", "idx", end, b);
	emit_intra(hls, f, name, "int idx", coords->str);
	for (guint b = 0; b < 2; b++)
		emit_main(hls, f, name, "int idx", "idx", b);
	g_string_free(coords, TRUE);
}

/* An interior path's modules: an L2 module per chain, an L1 module per
 * PE. */
static void emit_chains(SyHlsGen *hls, const SyIoPathFacts *f)
{
	const SyIoPath *p = f->path;
	g_autofree char *name = g_strdup_printf(
		"%s_IO_L1_%s", p->prefix, p->in ? "in" : "out");
	GString *unit = g_string_new(NULL), *args = g_string_new(NULL);
	g_autofree char *length = g_strdup_printf(
		"%" G_GINT64_FORMAT, hls->kernel->grid->pe[f->along]);

	for (guint k = 0; k < hls->kernel->grid->n_space; k++) {
		g_string_append_printf(unit, "%sint %s", k ? ", " : "",
			sy_module_code_p_names[k]);
		g_string_append_printf(
			args, "%s%s", k ? ", " : "", sy_module_code_p_names[k]);
	}
	for (guint b = 0; b < 2; b++)
		emit_l2_pass(hls, f, b);
	for (guint b = 0; b < 2; b++)
		emit_inter(hls, f, name, unit->str,
			sy_module_code_p_names[f->along], length, b);
	emit_intra(hls, f, name, unit->str, "");
	for (guint b = 0; b < 2; b++)
		emit_main(hls, f, name, unit->str, args->str, b);
	g_string_free(unit, TRUE);
	g_string_free(args, TRUE);
}

/* A path's modules, from the DRAM port to the PEs. */
void sy_hls_io_emit(SyHlsGen *hls, const SyIoPathFacts *f)
{
	emit_l3(hls, f);
	if (f->path->exterior)
		emit_lines(hls, f);
	else
		emit_chains(hls, f);
}

/* The dummy at the head of a chain with no way in: its first PEs read
 * nothing upstream, but their FIFOs need a writer in the dataflow
 * region. */
void sy_hls_io_emit_head_dummy(SyHlsGen *hls, const SyIoPathFacts *f)
{
	const SyIoPath *p = f->path;
	g_autofree char *word = pe_word(f);

	g_string_append_printf(hls->out,
		"void %s_PE_dummy_head(hls::stream<%s> &fifo_out)\n{\n"
		"#pragma HLS INLINE off\n"
		"    /* %s %s start in the first PEs: nothing comes from "
		"upstream. */\n"
		"    (void)fifo_out;\n}\n\n",
		p->prefix, word,
		p->plain_array->local ? "Values of the temporary"
				      : "Partial results of",
		p->plain_array->name);
}

/* The far end of a temporary passed PE to PE, or of a table whose
 * final values leave each PE by its drain: the last PEs pass nothing
 * on (a value that would leave their tile is refused). */
static void emit_tail_dummy(SyHlsGen *hls, const SyIoPathFacts *f)
{
	const SyIoPath *p = f->path;
	g_autofree char *word = pe_word(f);
	GString *unit = g_string_new(NULL);

	for (guint k = 0; k < hls->kernel->grid->n_space; k++)
		g_string_append_printf(
			unit, "int %s, ", sy_module_code_p_names[k]);
	g_string_append_printf(hls->out,
		"void %s_PE_dummy_in(%shls::stream<%s> &fifo_in)\n{\n"
		"#pragma HLS INLINE off\n"
		"    /* Values of the %s %s stay in their tile: the "
		"last PEs pass none on. */\n",
		p->prefix, unit->str, word,
		p->plain_array->local ? "temporary" : "table",
		p->plain_array->name);
	for (guint k = 0; k < hls->kernel->grid->n_space; k++)
		g_string_append_printf(
			hls->out, "    (void)%s;\n", sy_module_code_p_names[k]);
	g_string_append(hls->out, "    (void)fifo_in;\n}\n\n");
	g_string_free(unit, TRUE);
}

/* Dummies: what leaves the last PEs of an input's lines, a read per
 * access moved (of the vector's last lane, or its first when one
 * element serves them all). */
static void print_drop(SyAstPrinter *p, const IoModule *mod,
	const SyIoMoves *mv, SyCodeExpr *const *exprs)
{
	const SyIoPathFacts *f = mod->f;
	g_autofree char *lane = NULL;

	g_string_append(p->out, "{\n");
	sy_ast_indent_more(p);
	if (f->lanes > 1 || f->once)
		lane = sy_hls_expr_text(p, exprs[0]);
	for (guint k = 0; k < mv->n; k++) {
		if (lane)
			sy_hls_line(p, "if (%s == %u)", lane,
				f->once ? 0 : f->lanes - 1);
		sy_hls_line(p, "%s(void)fifo_in.read();", lane ? "    " : "");
	}
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
}

static void emit_drop_dummy(SyHlsGen *hls, const SyIoPathFacts *f)
{
	g_autofree char *word = pe_word(f);
	GString *unit = g_string_new(NULL);
	IoModule mod = {f, print_drop, NULL};

	sy_hls_launch(unit, hls->kernel, TRUE);
	for (guint k = 0; k < hls->kernel->grid->n_space; k++)
		g_string_append_printf(unit, "%sint %s", k ? ", " : "",
			sy_module_code_p_names[k]);
	g_string_append_printf(hls->out,
		"void %s_PE_dummy_in(%s, hls::stream<%s> &fifo_in)\n{\n"
		"#pragma HLS INLINE off\n",
		f->path->prefix, unit->str, word);
	print_module_code(hls, f->drop, &mod);
	g_string_free(unit, TRUE);
	g_string_append(hls->out, "}\n\n");
}

void sy_hls_io_emit_dummy(SyHlsGen *hls, const SyIoPathFacts *f)
{
	if (f->path->role != SY_PATH_READ)
		emit_tail_dummy(hls, f);
	else
		emit_drop_dummy(hls, f);
}
