/* The PE's facts from the model: where each access finds its value,
 * the statements' templates, the buffers with their SIMD banks, the
 * streams, and the lanes warning (the isl questions the PE's printer
 * asked, asked once here). */
#include <string.h>

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>

#include "comm/hls-chain.h"
#include "comm/module-code-access.h"
#include "comm/pe-facts-build.h"
#include "frontend/expr.h"
#include "poly/count.h"

/* The index of path p in the design's paths. */
static int path_index(const SyHlsModel *m, const SyHlsPath *hp)
{
	guint i;

	return hp && g_ptr_array_find(m->plan, hp->path, &i) ? (int)i : -1;
}

/* The way a PE's FIFO of a's array is named after: its way in's, or
 * for a chain without one, its way out's. */
static const SyHlsPath *fifo_way(const SyHlsModel *m, const SyAccess *a)
{
	const SyHlsPath *in = sy_hls_model_way(m, a, TRUE);

	return in ? in : sy_hls_model_way(m, a, FALSE);
}

/* The way in of a PE's own input when it comes a vector of lanes at a
 * time, or NULL. */
static const SyHlsPath *vector_fifo(const SyHlsModel *m, const SyAccess *a)
{
	const SyHlsPath *in = sy_hls_model_way(m, a, TRUE);

	return !a->write && in && !in->path->exterior &&
			(in->lanes > 1 || in->once)
		? in
		: NULL;
}

static void use_way(SyPeAccess *pa, const SyHlsModel *m, const SyHlsPath *hp)
{
	pa->path = path_index(m, hp);
	pa->stream = hp ? g_strdup(hp->path->prefix) : NULL;
}

/* Where access a finds or puts its value, and through which FIFO. */
static void access_value(SyPeAccess *pa, const SyHlsModel *m, const SyAccess *a)
{
	const SyHlsPath *in = sy_hls_model_way(m, a, TRUE);
	const SyHlsPath *out = sy_hls_model_way(m, a, FALSE);
	const SyHlsPath *drain, *also;

	switch (sy_module_code_source(m, a)) {
	case SY_PE_SOURCE_ARG: pa->value = SY_PE_VALUE_ARGUMENT; break;
	case SY_PE_SOURCE_EXT:
		pa->value = SY_PE_VALUE_STREAM;
		use_way(pa, m, a->write ? out : in);
		pa->forward = !a->write && in->path->role == SY_PATH_READ;
		if (!a->write && (pa->delay = sy_hls_model_delay(m, a)))
			pa->along = sy_io_path_along(in->path);
		break;
	case SY_PE_SOURCE_LOCAL:
		pa->value = SY_PE_VALUE_LOCAL;
		pa->fifo = sy_module_code_uses_fifo(m, a);
		drain = sy_module_code_drain(m, a);
		if (pa->fifo)
			use_way(pa, m,
				a->write && out && !drain ? out
							  : fifo_way(m, a));
		pa->keep = sy_module_code_keeps(m, a);
		if (a->write && (also = sy_hls_model_also_way(m, a))) {
			pa->also = path_index(m, also);
			pa->also_stream = g_strdup(also->path->prefix);
		}
		if (drain) {
			pa->drain = path_index(m, drain);
			pa->drain_stream = g_strdup(drain->path->prefix);
		}
		break;
	case SY_PE_SOURCE_FIFO:
		pa->value = vector_fifo(m, a) ? SY_PE_VALUE_VECTOR
					      : SY_PE_VALUE_FIFO;
		use_way(pa, m,
			pa->value == SY_PE_VALUE_VECTOR ? in : fifo_way(m, a));
		break;
	}
	if (!a->write && in) {
		pa->lanes = in->lanes;
		pa->once = in->once;
	}
	/* A partial result passed on once a vector, after its last
	 * lane. */
	if (a->write && out && pa->value == SY_PE_VALUE_STREAM)
		pa->once = out->once;
	/* Inputs through a vector's register: from the previous PE, or
	 * from an interior path a vector at a time. */
	if (in && (in->lanes > 1 || in->once) &&
		(pa->value == SY_PE_VALUE_STREAM || vector_fifo(m, a)) &&
		!a->write)
		pa->reg = g_strdup_printf(
			"sy_w_%s_%u", in->path->prefix, a->index);
}

/* The read of a statement that takes from the previous PE the element
 * it writes to the next (C[i][j] in C[i][j] = C[i][j] + ...), or 0. */
static guint passed_on(const SyHlsModel *m, const SyStmt *stmt)
{
	const SyAccess *w = g_ptr_array_index(stmt->accesses, 0);

	if (sy_module_code_source(m, w) != SY_PE_SOURCE_EXT)
		return 0;
	for (guint k = 1; k < stmt->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(stmt->accesses, k);

		if (a->array == w->array &&
			sy_module_code_source(m, a) == SY_PE_SOURCE_EXT &&
			isl_multi_pw_aff_plain_is_equal(
				a->subscripts, w->subscripts) == isl_bool_true)
			return k;
	}
	return 0;
}

/* The template of a statement's value: the kernel's expression as
 * printed, split where a read, an iterator or a name goes. */
typedef struct {
	const SyStmt *stmt;
	GPtrArray *pieces;
	gsize flushed; /* text up to here is in pieces */
} Template;

static void flush(Template *t, GString *out)
{
	SyPePiece *text;

	if (out->len == t->flushed)
		return;
	text = sy_pe_piece_new(SY_PE_PIECE_TEXT, NULL, 0, 0);
	text->text = g_strndup(out->str + t->flushed, out->len - t->flushed);
	g_ptr_array_add(t->pieces, text);
	t->flushed = out->len;
}

static void add_slot(Template *t, GString *out, SyPePieceKind kind,
	const char *text, guint n, int prec)
{
	flush(t, out);
	g_ptr_array_add(t->pieces, sy_pe_piece_new(kind, text, n, prec));
}

static gboolean slot(GString *out, const SyExpr *expr, int prec, gpointer user)
{
	Template *t = user;
	const SyStmt *stmt = t->stmt;

	for (guint k = 1; k < stmt->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(stmt->accesses, k);

		if (a->expr == expr && !a->write) {
			add_slot(t, out, SY_PE_PIECE_ACCESS, NULL, k, 0);
			return TRUE;
		}
	}
	/* A call: its function's name is the project's (a function of the
	 * file is copied with the project's names, kernel-facts.c). */
	if (expr->kind == SY_EXPR_CALL) {
		add_slot(t, out, SY_PE_PIECE_NAME, expr->name, 0, 0);
		g_string_append_c(out, '(');
		for (guint i = 0; i < expr->n_args; i++) {
			if (i)
				g_string_append(out, ", ");
			sy_expr_print_with(out, expr->args[i], slot, t);
		}
		g_string_append_c(out, ')');
		return TRUE;
	}
	if (expr->kind != SY_EXPR_NAME)
		return FALSE;
	for (guint k = 0; k < stmt->n_iters; k++)
		if (sy_expr_var(expr) == stmt->iters[k]) {
			add_slot(t, out, SY_PE_PIECE_ITERATOR, NULL, k, prec);
			return TRUE;
		}
	add_slot(t, out, SY_PE_PIECE_NAME, expr->name, 0, 0);
	return TRUE;
}

/* The value a statement computes: its right-hand side, combined with
 * the old value (its access 1) for compound assignments. */
static void value_template(const SyStmt *stmt, GPtrArray *pieces)
{
	const SyNode *node = stmt->node;
	const char *op = sy_punct_spelling(node->op);
	Template t = {stmt, pieces, 0};
	GString *out = g_string_new(NULL);

	if (node->op != SY_P_ASSIGN) {
		add_slot(&t, out, SY_PE_PIECE_ACCESS, NULL, 1, 0);
		g_string_append_printf(out, " %.*s (", (int)strlen(op) - 1, op);
	}
	sy_expr_print_with(out, node->rhs, slot, &t);
	if (node->op != SY_P_ASSIGN)
		g_string_append_c(out, ')');
	flush(&t, out);
	g_string_free(out, TRUE);
}

/* The operations of e, but of the subscripts of its reads (they
 * address, the PE computes nothing with them). */
static void count_ops(GPtrArray *ops, const SyExpr *e)
{
	g_autofree char *op = NULL;

	switch (e->kind) {
	case SY_EXPR_INT:
	case SY_EXPR_FLOAT:
	case SY_EXPR_NAME:
	case SY_EXPR_INDEX: return;
	case SY_EXPR_CALL: op = g_strconcat(e->name, "()", NULL); break;
	case SY_EXPR_UNARY:
		op = g_strconcat(e->postfix ? "postfix " : "unary ",
			sy_punct_spelling(e->op), NULL);
		break;
	case SY_EXPR_BINARY: op = g_strdup(sy_punct_spelling(e->op)); break;
	case SY_EXPR_COND: op = g_strdup("?:"); break;
	case SY_EXPR_CAST: op = g_strdup_printf("(%s)", e->name); break;
	}
	sy_pe_ops_add(ops, op);
	for (guint i = 0; i < e->n_args; i++)
		count_ops(ops, e->args[i]);
}

static void stmt_ops(const SyStmt *stmt, GPtrArray *ops)
{
	const SyNode *node = stmt->node;

	if (node->op != SY_P_ASSIGN) {
		const char *op = sy_punct_spelling(node->op);
		g_autofree char *plain = g_strndup(op, strlen(op) - 1);

		sy_pe_ops_add(ops, plain);
	}
	count_ops(ops, node->rhs);
}

/* The requests of a statement's accesses, in the order the PE's code
 * asks them (comm/module-code.c, pe_requests): after the guard and the
 * lane, per access from the first read on, the write last. */
static void number_requests(SyPeStmt *ps, gboolean lanes)
{
	guint at = lanes ? 2 : 1;

	for (guint n = 1; n <= ps->accesses->len; n++) {
		SyPeAccess *pa = g_ptr_array_index(
			ps->accesses, n % ps->accesses->len);

		if (pa->value == SY_PE_VALUE_LOCAL) {
			pa->at = (int)at;
			at += pa->array->n_dims + (pa->fifo ? 1 : 0) +
				(pa->also >= 0 ? 1 : 0) +
				(pa->drain >= 0 ? 1 : 0);
		} else if (!pa->write &&
			(pa->value == SY_PE_VALUE_FIFO ||
				pa->value == SY_PE_VALUE_VECTOR)) {
			pa->at = (int)at++;
		}
	}
}

static SyPeStmt *stmt_facts(const SyHlsModel *m, const SyStmt *stmt)
{
	SyPeStmt *ps = sy_pe_stmt_new(stmt->name, stmt->n_iters);

	for (guint k = 0; k < stmt->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(stmt->accesses, k);
		SyPeAccess *pa = sy_pe_access_new();

		pa->ref = a->index;
		pa->array = a->array;
		pa->plain_array = sy_design_plain(m->design, a->array);
		pa->write = a->write;
		access_value(pa, m, a);
		g_ptr_array_add(ps->accesses, pa);
	}
	number_requests(ps, m->lanes_dim >= 0);
	ps->passed = passed_on(m, stmt);
	value_template(stmt, ps->value);
	stmt_ops(stmt, ps->ops);
	return ps;
}

/* Buffers and their banks */

/* Whether the SIMD lanes of a PE access different elements along
 * dimension d of its buffer of x: the unrolled lanes then need that
 * dimension partitioned, one bank per lane. */
static gboolean lane_indexed(const SyHlsModel *m, GHashTable *simplified,
	const SyArray *x, const SyHlsBox *box, guint d)
{
	const SyScop *scop = m->array->analysis->scop;
	guint lanes = (guint)m->lanes_dim;

	for (guint i = 0; i < scop->accesses->len; i++) {
		const SyAccess *a = g_ptr_array_index(scop->accesses, i);
		const SyHlsStmt *h;
		isl_pw_aff *index;
		isl_bool varies;

		if (a->array != x || !a->expr)
			continue;
		h = sy_hls_model_stmt(m, a->stmt->name);
		index = sy_module_code_simplified(simplified, h,
			sy_module_code_box_index(m, a, box, NULL, d));
		varies = isl_pw_aff_involves_dims(index, isl_dim_in, lanes, 1);
		isl_pw_aff_free(index);
		if (varies == isl_bool_true)
			return TRUE;
	}
	return FALSE;
}

/* The buffer of a temporary declared inside the SIMD loop: a copy of
 * its box per lane, the lanes first and apart (each a register where
 * the box is one element; the box of a scalar has the lanes already,
 * hls-model.c's pe_boxes). */
static SyPeBuffer *lane_buffer(
	const SyHlsModel *m, const SyArray *x, const SyHlsBox *box)
{
	g_autofree gint64 *size = g_new(gint64, x->n_dims + 1);
	SyPeBuffer *buf;

	if (!x->n_dims) {
		buf = sy_pe_buffer_new(x, sy_design_plain(m->design, x),
			box->n_dims, box->size);
	} else {
		size[0] = m->array->config->simd_factor;
		memcpy(size + 1, box->size, x->n_dims * sizeof(*size));
		buf = sy_pe_buffer_new(x, sy_design_plain(m->design, x),
			x->n_dims + 1, size);
	}
	buf->partition[buf->n_partition++] = 0;
	return buf;
}

static void add_buffers(
	SyPeFacts *facts, const SyHlsModel *m, GHashTable *simplified)
{
	const SyScop *scop = m->array->analysis->scop;

	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);
		const SyHlsBox *box = g_hash_table_lookup(m->pe_box, x);
		SyPeBuffer *buf;

		if (!box)
			continue;
		if (sy_pe_array_lane_private(m->array, x)) {
			g_ptr_array_add(facts->buffers, lane_buffer(m, x, box));
			continue;
		}
		buf = sy_pe_buffer_new(x, sy_design_plain(m->design, x),
			box->n_dims, box->size);
		for (guint d = 0; m->lanes_dim >= 0 && d < x->n_dims; d++)
			if (lane_indexed(m, simplified, x, box, d))
				buf->partition[buf->n_partition++] = d;
		g_ptr_array_add(facts->buffers, buf);
	}
}

/* The buffer of x among the facts', -1 for none. */
static int buffer_of(const SyPeFacts *facts, const SyArray *x)
{
	for (guint i = 0; i < facts->buffers->len; i++)
		if (((SyPeBuffer *)g_ptr_array_index(facts->buffers, i))
				->array == x)
			return (int)i;
	return -1;
}

/* The PE's streams, in path order: inputs come in; those that move
 * between PEs (and results that do) also go out; chains without a way
 * in still come in. */
static void add_streams(SyPeFacts *facts, const SyHlsModel *m)
{
	for (guint i = 0; i < m->pe_paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->pe_paths, i);
		const SyIoPath *p = hp->path;

		for (guint way = 0; way < 2; way++) {
			gboolean in = way == 0;

			if (in ? !p->in && !sy_hls_model_headless(m, hp)
			       : p->in &&
						!(p->exterior &&
							(p->role == SY_PATH_READ ||
								p->role ==
									SY_PATH_PASS ||
								sy_hls_chain_edges(
									m->plan,
									p->array))))
				continue;
			g_ptr_array_add(facts->streams,
				sy_pe_stream_new(path_index(m, hp), p->prefix,
					in, p->array, p->plain_array,
					hp->lanes));
		}
	}
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
	const SyHlsModel *m, const SyHlsStmt *h, const SyAccess *a)
{
	SyPeSource src = sy_module_code_source(m, a);
	const SyHlsPath *hp = sy_hls_model_way(m, a, !a->write);
	isl_set *set;

	if (src == SY_PE_SOURCE_ARG ||
		(src == SY_PE_SOURCE_FIFO && vector_fifo(m, a)))
		return NULL;
	/* Inputs passed PE to PE move a vector of lanes at a time. */
	if (src == SY_PE_SOURCE_EXT)
		return hp && (hp->lanes > 1 || hp->once)
			? NULL
			: isl_set_copy(h->points);
	set = sy_module_code_fifo_set(m, a);
	return set
		? isl_set_apply(set,
			  isl_map_from_multi_aff(isl_multi_aff_copy(h->sched)))
		: NULL;
}

/* The arrays some access uses a FIFO of once per lane. */
static GPtrArray *per_lane(const SyHlsModel *m)
{
	const SyScop *scop = m->array->analysis->scop;
	GPtrArray *names = g_ptr_array_new();

	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);
		const SyHlsStmt *h = sy_hls_model_stmt(m, stmt->name);

		for (guint k = 0; k < stmt->accesses->len; k++) {
			const SyAccess *a = g_ptr_array_index(
				stmt->accesses, k);
			isl_set *points;

			if (g_ptr_array_find_with_equal_func(
				    names, a->array->name, g_str_equal, NULL))
				continue;
			points = fifo_points(m, h, a);
			if (points && lanes_share(m, points))
				g_ptr_array_add(names, a->array->name);
		}
	}
	return names;
}

static char *lanes_warning(const SyHlsModel *m)
{
	const SyPeArray *array = m->array;
	const SyConfig *cfg = array->config;
	const SySimdChoice *sc;
	g_autoptr(GPtrArray) names = NULL;
	GString *out;

	if (m->lanes_dim < 0)
		return NULL;
	names = per_lane(m);
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

/* Instances of the original problem */

/* Each statement's instances, from its domain (the kernel's #defines
 * fixed: no parameters), last in the stage: where the count fails on
 * isl's limit, the statement's instances stay unknown (-1) and the
 * context's error is cleared, since the stage's own work is done; a
 * cancellation stays for the stage's check to report.  The counting
 * has its own budget (the stage's limit again), so that a design does
 * not lose its counts for the size of its code. */
static void count_instances(SyPeFacts *facts, const SyHlsModel *m)
{
	const SyScop *scop = m->array->analysis->scop;
	isl_ctx *ctx = m->array->analysis->ctx;

	if (isl_ctx_last_error(ctx) != isl_error_none || isl_ctx_aborted(ctx))
		return;
	isl_ctx_reset_operations(ctx);
	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);
		SyPeStmt *ps = g_ptr_array_index(facts->stmts, i);
		GError *error = NULL;

		if (!sy_count_points(stmt->domain, &ps->instances, &error))
			g_clear_error(&error);
		if (isl_ctx_aborted(ctx))
			return;
		isl_ctx_reset_error(ctx);
	}
}

SyPeFacts *sy_pe_facts_build(const SyHlsModel *m, GHashTable *simplified)
{
	const SyScop *scop = m->array->analysis->scop;
	SyPeFacts *facts = sy_pe_facts_new();

	facts->lanes = m->lanes_dim >= 0 ? (guint)m->array->config->simd_factor
					 : 0;
	add_buffers(facts, m, simplified);
	add_streams(facts, m);
	for (guint i = 0; i < scop->stmts->len; i++) {
		SyPeStmt *ps = stmt_facts(m, g_ptr_array_index(scop->stmts, i));

		for (guint k = 0; k < ps->accesses->len; k++) {
			SyPeAccess *pa = g_ptr_array_index(ps->accesses, k);

			if (pa->value == SY_PE_VALUE_LOCAL)
				pa->buffer = buffer_of(facts, pa->array);
		}
		g_ptr_array_add(facts->stmts, ps);
	}
	facts->lanes_warning = lanes_warning(m);
	count_instances(facts, m);
	return facts;
}
