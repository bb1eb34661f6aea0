/* The PE: per statement instance its reads (from the previous PE's
 * FIFO, a local buffer, or a FIFO from outside), the statement on
 * temporaries, its write (to the local buffer, the next PE, the drain),
 * under the guards that keep padding from computing; and PE_wrapper.
 * All of it printed from the design's facts (comm/pe-facts.h). */
#include <string.h>

#include "hls/hls-private.h"

static const SyPeFacts *facts_of(const SyHlsGen *hls)
{
	return hls->design->pe_facts;
}

/* The PE's buffer of x: local_X. */
static char *local_name(const SyDesignArray *x)
{
	return g_strconcat("local_", x->id, NULL);
}

/* Reads and writes in a PE */

/* The value a statement computes: its template with the reads'
 * temporaries (arguments keep their names: they are the PE's too) and
 * the iterators' expressions in its slots. */
static void print_value(SyAstPrinter *p, const SyHlsCall *call,
	const SyPeStmt *s, const SyHlsGen *hls)
{
	for (guint i = 0; i < s->value->len; i++) {
		const SyPePiece *piece = g_ptr_array_index(s->value, i);
		const SyPeAccess *a;

		switch (piece->kind) {
		case SY_PE_PIECE_TEXT:
			g_string_append(p->out, piece->text);
			break;
		case SY_PE_PIECE_ACCESS:
			a = g_ptr_array_index(s->accesses, piece->n);
			if (a->value == SY_PE_VALUE_ARGUMENT)
				g_string_append(p->out, a->plain_array->id);
			else
				g_string_append_printf(
					p->out, "sy_r%u", piece->n);
			break;
		case SY_PE_PIECE_ITERATOR:
			sy_ast_print_expr(
				p, p->out, call->iters[piece->n], piece->prec);
			break;
		case SY_PE_PIECE_NAME:
			g_string_append(p->out,
				sy_design_kernel_id(hls->kernel, piece->text));
			break;
		}
	}
}

/* The lane whose copy an access takes where its buffer has one per lane
 * (a temporary declared inside the SIMD loop: the lanes are a dimension
 * before the array's), else NULL. */
static const char *buffer_lane(
	const SyPeFacts *facts, const SyPeAccess *a, const char *lane)
{
	const SyPeBuffer *buf = a->buffer >= 0
		? g_ptr_array_index(facts->buffers, a->buffer)
		: NULL;

	return lane && buf && buf->n_dims == a->plain_array->n_dims + 1 &&
			buf->size[0] > 1
		? lane
		: NULL;
}

/* local_X[e0][e1] from the requests at *at on; a scalar's at [0]; the
 * lane's copy first where there is one per lane (buffer_lane). */
static void print_element(SyAstPrinter *p, GString *out, const char *name,
	const SyDesignArray *x, const SyHlsCall *call, guint *at,
	const char *lane)
{
	g_string_append(out, name);
	if (!x->n_dims || lane)
		g_string_append_printf(out, "[%s]", lane ? lane : "0");
	for (guint d = 0; d < x->n_dims; d++) {
		g_string_append_c(out, '[');
		sy_hls_print_e(p, out, call->exprs[(*at)++], SY_AST_PREC_ANY);
		g_string_append_c(out, ']');
	}
}

/* A delayed read's registers: sy_d_A_3. */
static char *delay_name(const SyPeAccess *a)
{
	return g_strdup_printf("sy_d_%s_%u", a->stream, a->ref);
}

/* A read of a value the previous PE made a->delay steps before: the
 * FIFO's value of this step goes into the delay registers, the read
 * takes the one that leaves them (in the first PE along the path, the
 * FIFO's value: its I/O module feeds each at the step that uses it). */
static void print_delayed_read(
	SyAstPrinter *p, const SyPeAccess *a, guint k, const SyHlsGen *hls)
{
	const SyCodeParam *coord = g_ptr_array_index(
		hls->design->pe->params, a->along);
	const char *type = a->plain_array->ctype;
	g_autofree char *line = delay_name(a);

	sy_hls_line(p, "%s sy_f%u = fifo_%s_in.read();", type, k, a->stream);
	if (a->forward)
		sy_hls_line(p, "fifo_%s_out.write(sy_f%u);", a->stream, k);
	sy_hls_line(p, "%s sy_r%u = %s == 0 ? sy_f%u : %s[%u];", type, k,
		coord->name, k, line, a->delay - 1);
	if (a->delay > 1) {
		sy_hls_line(p, "for (int sy_s = %u; sy_s > 0; sy_s--) {",
			a->delay - 1);
		sy_hls_line(p, "#pragma HLS UNROLL");
		sy_hls_line(p, "    %s[sy_s] = %s[sy_s - 1];", line, line);
		sy_hls_line(p, "}");
	}
	sy_hls_line(p, "%s[0] = sy_f%u;", line, k);
}

/* Reads that stream through the PE: taken from the upstream FIFO and,
 * for inputs, passed on downstream, a SIMD vector at a time. */
static void print_stream_read(SyAstPrinter *p, const SyPeAccess *a, guint k,
	const char *lane, const SyHlsGen *hls)
{
	const char *prefix = a->stream;
	const char *word = a->reg;

	if (a->delay) {
		print_delayed_read(p, a, k, hls);
		return;
	}

	if (a->once && lane) {
		sy_hls_line(p, "if (%s == 0) {", lane);
		sy_hls_line(p, "    %s = fifo_%s_in.read();", word, prefix);
		if (a->forward)
			sy_hls_line(
				p, "    fifo_%s_out.write(%s);", prefix, word);
		sy_hls_line(p, "}");
		sy_hls_line(
			p, "%s sy_r%u = %s;", a->plain_array->ctype, k, word);
		return;
	}
	if (a->lanes == 1 || !lane) {
		sy_hls_line(p, "%s sy_r%u = fifo_%s_in.read();",
			a->plain_array->ctype, k, prefix);
		if (a->forward)
			sy_hls_line(p, "fifo_%s_out.write(sy_r%u);", prefix, k);
		return;
	}
	sy_hls_line(p, "if (%s == 0)", lane);
	sy_hls_line(p, "    %s = fifo_%s_in.read();", word, prefix);
	sy_ast_line_start(p);
	g_string_append_printf(
		p->out, "%s sy_r%u = ", a->plain_array->ctype, k);
	sy_hls_print_unpack(p->out, a->plain_array, word, lane, a->lanes);
	g_string_append(p->out, ";\n");
	if (a->forward) {
		sy_hls_line(p, "if (%s == %u)", lane, a->lanes - 1);
		sy_hls_line(p, "    fifo_%s_out.write(%s);", prefix, word);
	}
}

/* A PE's own input, a vector at a time: the word taken at lane 0 (where
 * cond, the copy-in set, holds: for every lane or none), each lane
 * unpacked from it. */
static void print_vector_read(SyAstPrinter *p, const SyPeAccess *a, guint k,
	const char *lane, const SyCodeExpr *cond)
{
	sy_ast_line_start(p);
	g_string_append_printf(p->out, "if (%s == 0", lane);
	if (cond) {
		g_string_append(p->out, " && (");
		sy_hls_print_e(p, p->out, cond, SY_AST_PREC_ANY);
		g_string_append_c(p->out, ')');
	}
	g_string_append(p->out, ")\n");
	sy_hls_line(p, "    %s = fifo_%s_in.read();", a->reg, a->stream);
	sy_ast_line_start(p);
	g_string_append_printf(
		p->out, "%s sy_r%u = ", a->plain_array->ctype, k);
	if (cond) {
		g_string_append_c(p->out, '(');
		sy_hls_print_e(p, p->out, cond, SY_AST_PREC_ANY);
		g_string_append(p->out, ") ? ");
	}
	if (a->once)
		g_string_append(p->out, a->reg);
	else
		sy_hls_print_unpack(
			p->out, a->plain_array, a->reg, lane, a->lanes);
	if (cond) {
		g_string_append(p->out, " : ");
		sy_hls_print_zero(p->out, a->plain_array);
	}
	g_string_append(p->out, ";\n");
}

/* A read from a FIFO of an interior path, an element at a time. */
static void print_fifo_read(
	SyAstPrinter *p, const SyPeAccess *a, guint k, const SyCodeExpr *cond)
{
	sy_ast_line_start(p);
	g_string_append_printf(
		p->out, "%s sy_r%u = ", a->plain_array->ctype, k);
	if (cond) {
		sy_hls_print_e(p, p->out, cond, SY_AST_PREC_TEST);
		g_string_append(p->out, " ? ");
	}
	g_string_append_printf(p->out, "fifo_%s_in.read()", a->stream);
	if (cond) {
		g_string_append(p->out, " : ");
		sy_hls_print_zero(p->out, a->plain_array);
	}
	g_string_append(p->out, ";\n");
}

/* A read of the PE's buffer, from the FIFO instead where the access
 * uses it (a FIFO it always uses: the buffer's element as a comment). */
static void print_local_read(SyAstPrinter *p, const SyPeAccess *a, guint k,
	const SyHlsCall *call, const char *lane)
{
	g_autofree char *name = local_name(a->plain_array);
	GString *elem = g_string_new(NULL);
	guint at = (guint)a->at;

	sy_ast_line_start(p);
	g_string_append_printf(
		p->out, "%s sy_r%u = ", a->plain_array->ctype, k);
	print_element(p, elem, name, a->plain_array, call, &at, lane);
	if (a->fifo) {
		const SyCodeExpr *cond = call->exprs[at];

		if (cond) {
			g_string_append_c(p->out, '(');
			sy_hls_print_e(p, p->out, cond, SY_AST_PREC_ANY);
			g_string_append_printf(
				p->out, ") ? fifo_%s_in.read() : ", a->stream);
		} else {
			g_string_append_printf(p->out,
				"fifo_%s_in.read(); /* %s */", a->stream,
				elem->str);
			g_string_truncate(elem, 0);
		}
	}
	g_string_append(p->out, elem->str);
	if (elem->len || !a->fifo)
		g_string_append(p->out, ";");
	g_string_append_c(p->out, '\n');
	g_string_free(elem, TRUE);
	/* Kept for the read of it a step later (comm/hls-chain.h). */
	if (a->keep) {
		at = (guint)a->at;
		sy_ast_line_start(p);
		print_element(p, p->out, name, a->plain_array, call, &at, lane);
		g_string_append_printf(p->out, " = sy_r%u;\n", k);
	}
}

/* The write to the PE's buffer, and to the FIFO where it uses one. */
static void print_local_write(SyAstPrinter *p, const SyPeAccess *w,
	const SyHlsCall *call, const char *lane)
{
	g_autofree char *name = local_name(w->plain_array);
	guint at = (guint)w->at;
	gboolean guarded;

	sy_ast_line_start(p);
	print_element(p, p->out, name, w->plain_array, call, &at, lane);
	g_string_append(p->out, " = sy_v;\n");
	/* A temporary passed on has only its way in. */
	if (w->fifo) {
		guarded = sy_hls_open_guard(p, call->exprs[at++]);
		sy_hls_line(p, "fifo_%s_out.write(sy_v);", w->stream);
		sy_hls_close_guard(p, guarded);
	}
	/* A temporary passed along two directions goes on along both. */
	if (w->also >= 0) {
		guarded = sy_hls_open_guard(p, call->exprs[at++]);
		sy_hls_line(p, "fifo_%s_out.write(sy_v);", w->also_stream);
		sy_hls_close_guard(p, guarded);
	}
	/* A table's final values leave every PE (comm/hls-chain.h). */
	if (w->drain >= 0) {
		guarded = sy_hls_open_guard(p, call->exprs[at]);
		sy_hls_line(p, "fifo_%s_out.write(sy_v);", w->drain_stream);
		sy_hls_close_guard(p, guarded);
	}
}

/* The value the write starts from: what passes on where the statement
 * does not run (padding, a triangle's far side). */
static void print_start(SyAstPrinter *p, const SyPeStmt *s)
{
	const SyPeAccess *w = g_ptr_array_index(s->accesses, 0);

	if (w->value == SY_PE_VALUE_STREAM && s->passed) {
		sy_hls_line(p, "%s sy_v = sy_r%u;", w->plain_array->ctype,
			s->passed);
		return;
	}
	sy_ast_line_start(p);
	g_string_append_printf(p->out, "%s sy_v = ", w->plain_array->ctype);
	sy_hls_print_zero(p->out, w->plain_array);
	g_string_append(p->out, ";\n");
}

/* The write to the next PE; a partial result all the lanes update
 * (once) goes on after the last lane, each lane handing its value to
 * the next through the passed read's register. */
static void print_stream_write(SyAstPrinter *p, const SyPeStmt *s,
	const SyPeFacts *facts, const char *lane)
{
	const SyPeAccess *w = g_ptr_array_index(s->accesses, 0);
	const SyPeAccess *r =
		s->passed ? g_ptr_array_index(s->accesses, s->passed) : NULL;

	if (!w->once || !lane) {
		sy_hls_line(p, "fifo_%s_out.write(sy_v);", w->stream);
		return;
	}
	if (r && r->reg)
		sy_hls_line(p, "%s = sy_v;", r->reg);
	sy_hls_line(p, "if (%s == %u)", lane, facts->lanes - 1);
	sy_hls_line(p, "    fifo_%s_out.write(sy_v);", w->stream);
}

static void print_pe_stmt(
	SyAstPrinter *p, const SyHlsCall *call, SyHlsModule *mod)
{
	const SyHlsGen *hls = mod->hls;
	const SyPeFacts *facts = facts_of(hls);
	const SyPeStmt *s = g_ptr_array_index(facts->stmts, call->index);
	const SyPeAccess *w = g_ptr_array_index(s->accesses, 0);
	g_autofree char *lane = NULL;
	gboolean open;

	g_string_append(p->out, "{\n");
	sy_ast_indent_more(p);
	if (facts->lanes)
		lane = sy_hls_expr_text(p, call->exprs[1]);
	for (guint k = 1; k < s->accesses->len; k++) {
		const SyPeAccess *a = g_ptr_array_index(s->accesses, k);

		if (a->value == SY_PE_VALUE_STREAM)
			print_stream_read(p, a, k, lane, hls);
	}
	print_start(p, s);
	open = sy_hls_open_guard(p, call->exprs[0]);
	for (guint k = 1; k < s->accesses->len; k++) {
		const SyPeAccess *a = g_ptr_array_index(s->accesses, k);

		switch (a->value) {
		case SY_PE_VALUE_ARGUMENT:
		case SY_PE_VALUE_STREAM: break;
		case SY_PE_VALUE_VECTOR:
			print_vector_read(p, a, k, lane, call->exprs[a->at]);
			break;
		case SY_PE_VALUE_FIFO:
			print_fifo_read(p, a, k, call->exprs[a->at]);
			break;
		case SY_PE_VALUE_LOCAL:
			print_local_read(
				p, a, k, call, buffer_lane(facts, a, lane));
			break;
		}
	}
	sy_ast_line_start(p);
	g_string_append(p->out, "sy_v = ");
	print_value(p, call, s, hls);
	g_string_append(p->out, ";\n");
	if (w->value == SY_PE_VALUE_LOCAL)
		print_local_write(p, w, call, buffer_lane(facts, w, lane));
	sy_hls_close_guard(p, open);
	if (w->value == SY_PE_VALUE_STREAM)
		print_stream_write(p, s, facts, lane);
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
}

/* The PE's streams, in path order: "fifo_A_in, fifo_A_out, ..." with
 * their types when typed. */
static char *pe_streams(SyHlsGen *hls, gboolean typed)
{
	const SyPeFacts *facts = facts_of(hls);
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < facts->streams->len; i++) {
		const SyPeStream *st = g_ptr_array_index(facts->streams, i);
		const char *way = st->in ? "in" : "out";
		g_autofree char *word = sy_hls_word(st->plain_array, st->lanes);

		if (typed)
			g_string_append_printf(s,
				", hls::stream<%s> &fifo_%s_%s", word, st->stem,
				way);
		else
			g_string_append_printf(
				s, ", fifo_%s_%s", st->stem, way);
	}
	return g_string_free(s, FALSE);
}

/* The PE's buffers, with a bank per SIMD lane along the dimensions
 * the lanes access at different elements. */
static void declare_buffers(SyHlsGen *hls)
{
	const SyPeFacts *facts = facts_of(hls);

	for (guint i = 0; i < facts->buffers->len; i++) {
		const SyPeBuffer *buf = g_ptr_array_index(facts->buffers, i);
		const char *name = buf->plain_array->id;
		g_autofree char *var = NULL;
		gint64 banks, depth;

		g_string_append_printf(hls->out, "    %s local_%s",
			buf->plain_array->ctype, name);
		for (guint d = 0; d < buf->n_dims; d++)
			g_string_append_printf(hls->out,
				"[%" G_GINT64_FORMAT "]", buf->size[d]);
		g_string_append(hls->out, ";\n");
		for (guint d = 0; d < buf->n_partition; d++)
			g_string_append_printf(hls->out,
				"#pragma HLS ARRAY_PARTITION "
				"variable=local_%s cyclic "
				"factor=%u dim=%u\n",
				name, facts->lanes, buf->partition[d] + 1);
		sy_pe_buffer_banks(facts, buf, &banks, &depth);
		var = g_strdup_printf("local_%s", name);
		sy_hls_bind_storage(
			hls->out, var, buf->plain_array->bits, depth);
	}
}

/* A delayed read's registers, zero at the start (only the first steps'
 * padding reads them before they fill). */
static void declare_delay(SyHlsGen *hls, const SyPeAccess *a)
{
	g_autofree char *line = delay_name(a);

	g_string_append_printf(hls->out, "    %s %s[%u];\n",
		a->plain_array->ctype, line, a->delay);
	g_string_append_printf(hls->out,
		"#pragma HLS ARRAY_PARTITION variable=%s complete\n", line);
	g_string_append_printf(hls->out,
		"    for (int sy_s = 0; sy_s < %u; sy_s++)\n"
		"        %s[sy_s] = ",
		a->delay, line);
	sy_hls_print_zero(hls->out, a->plain_array);
	g_string_append(hls->out, ";\n");
}

/* The lane registers of the statements' reads, and the delay
 * registers. */
static void declare_registers(SyHlsGen *hls)
{
	const SyPeFacts *facts = facts_of(hls);

	for (guint i = 0; i < facts->stmts->len; i++) {
		const SyPeStmt *s = g_ptr_array_index(facts->stmts, i);

		for (guint k = 1; k < s->accesses->len; k++) {
			const SyPeAccess *a = g_ptr_array_index(s->accesses, k);
			g_autofree char *word = NULL;

			if (a->delay)
				declare_delay(hls, a);
			if (!a->reg)
				continue;
			word = sy_hls_word(
				a->plain_array, a->once ? 1 : a->lanes);
			g_string_append_printf(
				hls->out, "    %s %s;\n", word, a->reg);
		}
	}
}

void sy_hls_emit_pe(SyHlsGen *hls)
{
	const GPtrArray *coords = hls->design->pe->params;
	GString *out = hls->out;
	g_autofree char *streams = pe_streams(hls, TRUE);
	g_autofree char *stream_names = pe_streams(hls, FALSE);
	g_autoptr(GPtrArray) args = sy_design_kernel_arguments(hls->kernel);
	GString *params = g_string_new(NULL), *names = g_string_new(NULL);
	SyHlsModule mod = {hls, print_pe_stmt};

	sy_hls_launch(params, hls->kernel, TRUE);
	sy_hls_launch(names, hls->kernel, FALSE);

	for (guint k = 0; k < coords->len; k++) {
		const SyCodeParam *c = g_ptr_array_index(coords, k);

		g_string_append_printf(
			params, "%sint %s", k ? ", " : "", c->name);
		g_string_append_printf(names, "%s%s", k ? ", " : "", c->name);
	}
	for (guint i = 0; i < args->len; i++) {
		const SyDesignArray *x = g_ptr_array_index(args, i);

		g_string_append_printf(params, ", %s %s", x->ctype, x->id);
		g_string_append_printf(names, ", %s", x->id);
	}
	g_string_append(params, streams);
	g_string_append(names, stream_names);
	g_string_append_printf(
		out, "void PE(%s)\n{\n#pragma HLS INLINE off\n", params->str);
	declare_buffers(hls);
	declare_registers(hls);
	g_string_append_c(out, '\n');
	sy_hls_print_code(&mod, hls->design->pe->code, "    ");
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
