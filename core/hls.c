#include <stdlib.h>
#include <string.h>

#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/constraint.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include "codegen.h"
#include "hls-private.h"

void sy_hls_files_clear(SyHlsFiles *files)
{
	g_clear_pointer(&files->kernel, g_free);
	g_clear_pointer(&files->header, g_free);
	g_clear_pointer(&files->testbench, g_free);
	g_clear_pointer(&files->host, g_free);
}

/* Requests: what a module's statement needs computed at each instance,
 * as functions of the statement's iterators, turned into expressions of
 * the loop iterators where isl builds the AST. */

typedef struct {
	isl_pw_aff *value; /* a value, or */
	isl_set *set; /* a condition */
} Req;

static void req_free(gpointer data)
{
	Req *r = data;

	isl_pw_aff_free(r->value);
	isl_set_free(r->set);
	g_free(r);
}

typedef struct _Module Module;

/* A statement instance of a module's AST: the call (first, so that
 * sy_ast_call_of works) and the requests' expressions, NULL for a
 * condition that always holds. */
typedef struct {
	SyAstCall call;
	guint n;
	isl_ast_expr **exprs;
} HlsCall;

static void hls_call_free(void *data)
{
	HlsCall *c = data;

	for (guint k = 0; k < c->call.stmt->n_iters; k++)
		isl_ast_expr_free(c->call.iters[k]);
	for (guint k = 0; k < c->n; k++)
		isl_ast_expr_free(c->exprs[k]);
	g_free(c->call.iters);
	g_free(c->exprs);
	g_free(c);
}

/* A module's statements print through this, with the requests it made
 * for each statement (by name). */
struct _Module {
	SyHlsGen *hls;
	const SyHlsPath *path; /* NULL for the PE */
	GHashTable *reqs; /* statement name -> GPtrArray of Req */
	void (*print)(SyAstPrinter *p, const HlsCall *call, Module *mod);
};

static GPtrArray *reqs_of(Module *mod, const SyStmt *stmt)
{
	GPtrArray *list = g_hash_table_lookup(mod->reqs, stmt->name);

	if (!list) {
		list = g_ptr_array_new_with_free_func(req_free);
		g_hash_table_insert(mod->reqs, stmt->name, list);
	}
	return list;
}

static void pw_aff_free(gpointer pa)
{
	isl_pw_aff_free(pa);
}

/* Requests are kept on the statement's schedule points, simplified
 * there once: the expressions isl builds from them at each user node
 * are then cheap (i mod 8 on a box of 8 is just its point). */
static isl_pw_aff *simplified_value(
	SyHlsGen *hls, const SyHlsStmt *h, isl_pw_aff *value)
{
	char *key;
	isl_pw_aff *known;

	value = isl_pw_aff_pullback_pw_multi_aff(
		value, isl_pw_multi_aff_copy(h->inverse));
	key = isl_pw_aff_to_str(value);
	known = g_hash_table_lookup(hls->simplified, key);
	if (known) {
		free(key);
		isl_pw_aff_free(value);
		return isl_pw_aff_copy(known);
	}
	value = isl_pw_aff_gist(value, isl_set_copy(h->points));
	g_hash_table_insert(
		hls->simplified, g_strdup(key), isl_pw_aff_copy(value));
	free(key);
	return value;
}

static void req_value(Module *mod, const SyStmt *stmt, isl_pw_aff *value)
{
	const SyHlsStmt *h = sy_hls_model_stmt(mod->hls->m, stmt->name);
	Req *r = g_new0(Req, 1);

	r->value = simplified_value(mod->hls, h, value);
	g_ptr_array_add(reqs_of(mod, stmt), r);
}

static void req_set(Module *mod, const SyStmt *stmt, isl_set *set)
{
	const SyHlsStmt *h = sy_hls_model_stmt(mod->hls->m, stmt->name);
	Req *r = g_new0(Req, 1);

	set = isl_set_preimage_pw_multi_aff(
		set, isl_pw_multi_aff_copy(h->inverse));
	r->set = isl_set_gist(set, isl_set_copy(h->points));
	g_ptr_array_add(reqs_of(mod, stmt), r);
}

/* The expression of a request at a user node whose schedule leads back
 * to the statement's points by back. */
static isl_ast_expr *req_expr(
	isl_ast_build *build, isl_pw_multi_aff *back, const Req *r)
{
	isl_set *set, *here;
	isl_bool all;

	if (r->value)
		return isl_ast_build_expr_from_pw_aff(build,
			isl_pw_aff_pullback_pw_multi_aff(
				isl_pw_aff_copy(r->value),
				isl_pw_multi_aff_copy(back)));
	if (isl_set_plain_is_universe(r->set))
		return NULL;
	set = isl_set_preimage_pw_multi_aff(
		isl_set_copy(r->set), isl_pw_multi_aff_copy(back));
	/* Always true where the node runs: no condition. */
	here = isl_set_from_union_set(
		isl_union_map_range(isl_ast_build_get_schedule(build)));
	all = isl_set_is_subset(here, set);
	isl_set_free(here);
	if (all == isl_bool_true) {
		isl_set_free(set);
		return NULL;
	}
	return isl_ast_build_expr_from_set(build, set);
}

/* At a user node of a module's AST (built on schedule points): the
 * statement's iterators (for the PE, which prints statements) and the
 * requests' expressions. */
static isl_ast_node *at_domain(
	isl_ast_node *node, isl_ast_build *build, void *user)
{
	Module *mod = user;
	isl_ast_expr *expr = isl_ast_node_user_get_expr(node);
	isl_ast_expr *arg = isl_ast_expr_op_get_arg(expr, 0);
	isl_id *id = isl_ast_expr_id_get_id(arg);
	HlsCall *c = g_new0(HlsCall, 1);
	const SyHlsStmt *h = sy_hls_model_stmt(
		mod->hls->m, isl_id_get_name(id));
	isl_map *map = isl_map_reverse(
		isl_map_from_union_map(isl_ast_build_get_schedule(build)));
	isl_pw_multi_aff *back = isl_pw_multi_aff_from_map(map);
	GPtrArray *reqs;

	c->call.stmt = h->stmt;
	c->call.iters = g_new0(isl_ast_expr *, c->call.stmt->n_iters + 1);
	for (guint k = 0; !mod->path && k < c->call.stmt->n_iters; k++)
		c->call.iters[k] = isl_ast_build_expr_from_pw_aff(build,
			isl_pw_aff_pullback_pw_multi_aff(
				isl_pw_multi_aff_get_pw_aff(h->inverse, (int)k),
				isl_pw_multi_aff_copy(back)));
	reqs = g_hash_table_lookup(mod->reqs, c->call.stmt->name);
	c->n = reqs ? reqs->len : 0;
	c->exprs = g_new0(isl_ast_expr *, c->n + 1);
	for (guint k = 0; k < c->n; k++)
		c->exprs[k] = req_expr(build, back, g_ptr_array_index(reqs, k));
	isl_pw_multi_aff_free(back);
	isl_id_free(id);
	isl_ast_expr_free(arg);
	isl_ast_expr_free(expr);
	id = isl_id_set_free_user(
		isl_id_alloc(isl_ast_node_get_ctx(node), NULL, c),
		hls_call_free);
	return isl_ast_node_set_annotation(node, id);
}

/* Module ASTs */

static guint for_depth(isl_ast_node *node);

static guint list_depth(isl_ast_node_list *list)
{
	guint depth = 0;
	int n = (int)isl_ast_node_list_n_ast_node(list);

	for (int i = 0; i < n; i++) {
		isl_ast_node *child = isl_ast_node_list_get_ast_node(list, i);

		depth = MAX(depth, for_depth(child));
		isl_ast_node_free(child);
	}
	isl_ast_node_list_free(list);
	return depth;
}

/* Real loops at and below node (degenerate ones do not count). */
static guint for_depth(isl_ast_node *node)
{
	isl_ast_node *child;
	guint depth = 0;

	switch (isl_ast_node_get_type(node)) {
	case isl_ast_node_for:
		child = isl_ast_node_for_get_body(node);
		depth = for_depth(child) +
			!isl_ast_node_for_is_degenerate(node);
		break;
	case isl_ast_node_if:
		child = isl_ast_node_if_get_then_node(node);
		depth = for_depth(child);
		if (isl_ast_node_if_has_else_node(node)) {
			isl_ast_node_free(child);
			child = isl_ast_node_if_get_else_node(node);
			depth = MAX(depth, for_depth(child));
		}
		break;
	case isl_ast_node_block:
		return list_depth(isl_ast_node_block_get_children(node));
	case isl_ast_node_mark:
		child = isl_ast_node_mark_get_node(node);
		depth = for_depth(child);
		break;
	default: return 0;
	}
	isl_ast_node_free(child);
	return depth;
}

/* Pipelined at II=1 innermost, below it the SIMD loop unrolled. */
static void loop_pragmas(SyAstPrinter *p, isl_ast_node *loop, gpointer data)
{
	Module *mod = data;
	gboolean simd = mod->hls->m->lanes_dim >= 0;
	isl_ast_node *body = isl_ast_node_for_get_body(loop);
	guint below = for_depth(body);

	isl_ast_node_free(body);
	if (simd && below == 0) {
		sy_ast_line_start(p);
		g_string_append(p->out, "#pragma HLS UNROLL\n");
	} else if (below == (simd ? 1u : 0u)) {
		sy_ast_line_start(p);
		g_string_append(p->out, "#pragma HLS PIPELINE II=1\n");
	}
}

static void print_user(SyAstPrinter *p, isl_ast_node *node, gpointer data)
{
	Module *mod = data;

	mod->print(p, (const HlsCall *)sy_ast_call_of(node), mod);
}

/* Points scheduled at their free dimensions, where the fixed ones hold
 * (the fixed dimensions are parameters: isl builds loops only for the
 * others, which keeps it fast). */
typedef struct {
	isl_union_map **sched;
	isl_set *eq;
	const char *const *fixed;
} Points;

static isl_stat add_points(isl_set *points, void *user)
{
	Points *p = user;
	isl_map *id = isl_map_identity(
		isl_space_map_from_set(isl_set_get_space(points)));

	id = isl_map_intersect_domain(id, points);
	id = isl_map_reset_tuple_id(id, isl_dim_out);
	id = isl_map_intersect_range(id, isl_set_copy(p->eq));
	for (int d = (int)isl_map_dim(id, isl_dim_out) - 1; d >= 0; d--)
		if (p->fixed[d])
			id = isl_map_project_out(id, isl_dim_out, d, 1);
	*p->sched = isl_union_map_add_map(*p->sched, id);
	return isl_stat_ok;
}

/* The names of the free dimensions' loops: the same in every module. */
static isl_id_list *free_iterators(
	const SyHlsGen *hls, isl_ctx *ctx, const char *const *fixed)
{
	isl_id_list *all = sy_codegen_iterators(
		hls->array->analysis->prog, ctx, hls->m->n_dims + 2);
	isl_id_list *list = isl_id_list_alloc(ctx, (int)hls->m->n_dims + 2);

	for (guint d = 0; d < hls->m->n_dims + 2; d++)
		if (d >= hls->m->n_dims || !fixed[d])
			list = isl_id_list_add(
				list, isl_id_list_get_at(all, (int)d));
	isl_id_list_free(all);
	return list;
}

/* The boxed schedule of instances (all statements with requests when
 * NULL), schedule dimension d fixed to parameter fixed[d] where that is
 * not NULL. */
static isl_ast_node *module_ast(
	Module *mod, isl_union_set *instances, const char *const *fixed)
{
	const SyHlsModel *m = mod->hls->m;
	isl_ctx *ctx = mod->hls->scop->ctx;
	guint np = 0, k = 0;
	isl_space *space;
	isl_set *eq, *context;
	isl_union_map *sched;
	isl_union_set *points;
	isl_ast_build *build;
	isl_ast_node *tree;
	isl_local_space *ls;

	for (guint d = 0; d < m->n_dims; d++)
		np += fixed[d] != NULL;
	space = isl_space_set_alloc(ctx, np, m->n_dims);
	for (guint d = 0; d < m->n_dims; d++)
		if (fixed[d])
			space = isl_space_set_dim_id(space, isl_dim_param, k++,
				isl_id_alloc(ctx, fixed[d], NULL));
	eq = isl_set_universe(isl_space_copy(space));
	ls = isl_local_space_from_space(isl_space_copy(space));
	k = 0;
	for (guint d = 0; d < m->n_dims; d++) {
		isl_constraint *c;

		if (!fixed[d])
			continue;
		c = isl_constraint_alloc_equality(isl_local_space_copy(ls));
		c = isl_constraint_set_coefficient_si(c, isl_dim_set, d, 1);
		c = isl_constraint_set_coefficient_si(
			c, isl_dim_param, k++, -1);
		eq = isl_set_add_constraint(eq, c);
	}
	isl_local_space_free(ls);
	/* The points of the statements asked for (or of instances). */
	if (instances) {
		points = sy_hls_model_points(m, instances);
	} else {
		GHashTableIter it;
		gpointer name;

		points = isl_union_set_empty(isl_space_params_alloc(ctx, 0));
		g_hash_table_iter_init(&it, mod->reqs);
		while (g_hash_table_iter_next(&it, &name, NULL))
			points = isl_union_set_add_set(points,
				isl_set_copy(
					sy_hls_model_stmt(m, name)->points));
	}
	sched = isl_union_map_empty(isl_space_params_alloc(ctx, 0));
	{
		Points pts = {&sched, eq, fixed};

		isl_union_set_foreach_set(points, add_points, &pts);
	}
	isl_union_set_free(points);
	isl_set_free(eq);
	context = isl_set_universe(isl_space_params(space));
	build = isl_ast_build_from_context(context);
	build = isl_ast_build_set_iterators(
		build, free_iterators(mod->hls, ctx, fixed));
	build = isl_ast_build_set_at_each_domain(build, at_domain, mod);
	tree = isl_ast_build_node_from_schedule_map(build, sched);
	isl_ast_build_free(build);
	return tree;
}

/* The body of a module's loops, printed at indent. */
static void print_ast(Module *mod, isl_ast_node *tree, const char *indent)
{
	static const SyAstHooks hooks = {print_user, NULL, loop_pragmas};
	SyAstPrinter p;

	sy_ast_printer_init(&p, indent, "    ", mod->hls->itype, &hooks, mod);
	sy_ast_print_node(&p, tree);
	g_string_append(mod->hls->out, p.out->str);
	sy_ast_printer_clear(&p);
	isl_ast_node_free(tree);
}

static void module_init(Module *mod, SyHlsGen *hls, const SyHlsPath *path)
{
	mod->hls = hls;
	mod->path = path;
	mod->reqs = g_hash_table_new_full(g_str_hash, g_str_equal, NULL,
		(GDestroyNotify)g_ptr_array_unref);
}

static void module_clear(Module *mod)
{
	g_hash_table_unref(mod->reqs);
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

/* "unsigned int" -> "unsigned_int", for helper names. */
char *sy_hls_tag(const char *type)
{
	return g_strdelimit(g_strdup(type), " ", '_');
}

/* A word's type: lanes of a path's elements (the element itself for one
 * lane). */
static char *word_type(const SyHlsPath *hp, guint lanes)
{
	if (lanes == 1)
		return g_strdup(sy_hls_ctype(hp->path->array));
	return g_strdup_printf(
		"ap_uint<%u>", lanes * sy_hls_bits(hp->path->array));
}

/* Element e (an expression) of a buffer of words of pack elements. */
static void print_unpack(GString *out, const SyArray *x, const char *word,
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

static isl_multi_aff *schedule_of(SyHlsGen *hls, const SyStmt *stmt)
{
	return isl_multi_aff_copy(sy_hls_model_stmt(hls->m, stmt->name)->sched);
}

/* S -> [tile, the PE dimensions keep selects (all for NULL)]. */
static isl_multi_aff *unit_of(
	SyHlsGen *hls, const SyStmt *stmt, const gboolean *keep)
{
	const SyHlsModel *m = hls->m;
	isl_multi_aff *ma = schedule_of(hls, stmt);

	/* Drop from the end: dimensions after the PE, then the PE
	 * dimensions not kept. */
	ma = isl_multi_aff_drop_dims(ma, isl_dim_out, m->n_tile + m->n_space,
		m->n_dims - m->n_tile - m->n_space);
	for (guint k = m->n_space; k-- > 0;)
		if (keep && !keep[k])
			ma = isl_multi_aff_drop_dims(
				ma, isl_dim_out, m->n_tile + k, 1);
	return ma;
}

/* An access's subscript d relative to its box at the instance's unit. */
static isl_pw_aff *box_index(SyHlsGen *hls, const SyAccess *a,
	const SyHlsBox *box, const gboolean *keep, guint d)
{
	isl_pw_aff *sub = isl_multi_pw_aff_get_at(a->subscripts, (int)d);
	isl_pw_aff *off = isl_multi_pw_aff_get_at(box->offset, (int)d);

	off = isl_pw_aff_pullback_multi_aff(off, unit_of(hls, a->stmt, keep));
	return isl_pw_aff_sub(sub, off);
}

static void req_box_index(Module *mod, const SyAccess *a, const SyHlsBox *box,
	const gboolean *keep)
{
	for (guint d = 0; d < a->array->n_dims; d++)
		req_value(mod, a->stmt, box_index(mod->hls, a, box, keep, d));
}

/* Where a read of the kernel's array comes from: instances whose value
 * comes from outside; writes nothing overwrites. */
static isl_set *live_in_of(SyHlsGen *hls, const SyAccess *a)
{
	isl_set *in = sy_deps_live_in(hls->array->analysis->deps, a);

	return in ? isl_set_copy(in)
		  : isl_set_empty(isl_set_get_space(a->stmt->domain));
}

/* The instances of an access of an array PEs keep that use a FIFO
 * instead of (reads) or besides (writes) the local buffer: values from
 * outside or results for the drain (interior paths), values from the
 * previous PE or for the next one (chains).  NULL when no FIFO is. */
static isl_set *fifo_set(SyHlsGen *hls, const SyAccess *a)
{
	isl_set *chain = sy_hls_model_chain(hls->m, a);
	const SyHlsPath *way = sy_hls_model_path(hls->m, a->array, !a->write);

	if (chain)
		return isl_set_copy(chain);
	if (!way || way->path->exterior)
		return NULL;
	return a->write ? sy_hls_model_live_out(hls->m, a) : live_in_of(hls, a);
}

static gboolean uses_fifo(SyHlsGen *hls, const SyAccess *a)
{
	const SyHlsPath *way = sy_hls_model_path(hls->m, a->array, !a->write);

	return sy_hls_model_chain(hls->m, a) || (way && !way->path->exterior);
}

/* Reads and writes in a PE */

typedef enum { SRC_ARG, SRC_EXT, SRC_LOCAL, SRC_FIFO } Src;

static Src source_of(SyHlsGen *hls, const SyAccess *a)
{
	const SyHlsPath *in;

	if (!a->write && sy_access_is_argument(a))
		return SRC_ARG;
	/* Kept and passed: local, with the chain's FIFOs where values
	 * cross PEs. */
	if (sy_hls_model_chained(hls->m, a->array))
		return SRC_LOCAL;
	in = sy_hls_model_path(hls->m, a->array, TRUE);
	if (!a->write && in && in->path->exterior)
		return SRC_EXT;
	if (g_hash_table_contains(hls->m->pe_box, a->array))
		return SRC_LOCAL;
	if (a->write) {
		const SyHlsPath *out = sy_hls_model_path(
			hls->m, a->array, FALSE);

		return out && out->path->exterior ? SRC_EXT : SRC_FIFO;
	}
	return SRC_FIFO;
}

/* Printing helpers */

static void print_e(SyAstPrinter *p, GString *out, isl_ast_expr *e)
{
	sy_ast_print_expr(p, out, e, 0);
}

/* A string of an expression. */
static char *expr_text(SyAstPrinter *p, isl_ast_expr *e)
{
	GString *s = g_string_new(NULL);

	sy_ast_print_expr(p, s, e, 16);
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

/* Statement text with reads replaced by their temporaries. */
typedef struct {
	SyAstPrinter *p;
	const HlsCall *call;
} Subst;

static gboolean subst_read(
	GString *out, const SyExpr *expr, int prec, gpointer user)
{
	Subst *s = user;
	const SyStmt *stmt = s->call->call.stmt;

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
			sy_ast_print_expr(
				s->p, out, s->call->call.iters[k], prec);
			return TRUE;
		}
	return FALSE;
}

/* The value a statement computes: its right-hand side, combined with
 * the old value for compound assignments. */
static void print_value(SyAstPrinter *p, const HlsCall *call)
{
	const SyNode *node = call->call.stmt->node;
	Subst s = {p, call};
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
	const SyArray *x, const HlsCall *call, guint *at)
{
	g_string_append(out, name);
	if (!x->n_dims)
		g_string_append(out, "[0]");
	for (guint d = 0; d < x->n_dims; d++) {
		g_string_append_c(out, '[');
		print_e(p, out, call->exprs[(*at)++]);
		g_string_append_c(out, ']');
	}
}

/* "if (cond) " for a condition, nothing when it always holds. */
static gboolean open_guard(SyAstPrinter *p, isl_ast_expr *cond)
{
	if (!cond)
		return FALSE;
	sy_ast_line_start(p);
	g_string_append(p->out, "if (");
	print_e(p, p->out, cond);
	g_string_append(p->out, ") {\n");
	sy_ast_indent_more(p);
	return TRUE;
}

static void close_guard(SyAstPrinter *p, gboolean open)
{
	if (!open)
		return;
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
}

/* The PE */

static isl_pw_aff *lane_of(SyHlsGen *hls, const SyStmt *stmt)
{
	isl_multi_aff *ma = schedule_of(hls, stmt);
	isl_aff *lane = isl_multi_aff_get_at(ma, (int)hls->m->lanes_dim);

	isl_multi_aff_free(ma);
	return isl_pw_aff_from_aff(lane);
}

static void pe_requests(Module *mod)
{
	SyHlsGen *hls = mod->hls;
	const SyScop *scop = hls->scop;

	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);

		req_set(mod, stmt, isl_set_copy(stmt->domain));
		if (hls->m->lanes_dim >= 0)
			req_value(mod, stmt, lane_of(hls, stmt));
		/* In the order the PE prints them: the reads, then the
		 * write (access 0). */
		for (guint n = 1; n <= stmt->accesses->len; n++) {
			guint k = n % stmt->accesses->len;
			const SyAccess *a = g_ptr_array_index(
				stmt->accesses, k);
			Src src = source_of(hls, a);

			if (src == SRC_LOCAL) {
				req_box_index(mod, a,
					g_hash_table_lookup(
						hls->m->pe_box, a->array),
					NULL);
				if (uses_fifo(hls, a))
					req_set(mod, stmt, fifo_set(hls, a));
			} else if (src == SRC_FIFO && !a->write) {
				req_set(mod, stmt, live_in_of(hls, a));
			}
		}
	}
}

/* Reads that stream through the PE: taken from the upstream FIFO and,
 * for inputs, passed on downstream, a SIMD vector at a time. */
static void print_stream_read(SyAstPrinter *p, SyHlsGen *hls, const SyAccess *a,
	guint k, const char *lane)
{
	const SyHlsPath *hp = sy_hls_model_path(hls->m, a->array, TRUE);
	const char *prefix = hp->path->prefix;
	gboolean forward = hp->path->role == SY_PATH_READ;

	if (hp->lanes == 1 || !lane) {
		sy_hls_line(p, "%s sy_r%u = fifo_%s_in.read();",
			sy_hls_ctype(a->array), k, prefix);
		if (forward)
			sy_hls_line(p, "fifo_%s_out.write(sy_r%u);", prefix, k);
		return;
	}
	sy_hls_line(p, "if (%s == 0)", lane);
	sy_hls_line(
		p, "    sy_w_%s_%u = fifo_%s_in.read();", prefix, k, prefix);
	sy_ast_line_start(p);
	g_string_append_printf(
		p->out, "%s sy_r%u = ", sy_hls_ctype(a->array), k);
	{
		g_autofree char *word = g_strdup_printf(
			"sy_w_%s_%u", prefix, k);

		print_unpack(p->out, a->array, word, lane, hp->lanes);
	}
	g_string_append(p->out, ";\n");
	if (forward) {
		sy_hls_line(p, "if (%s == %u)", lane, hp->lanes - 1);
		sy_hls_line(p, "    fifo_%s_out.write(sy_w_%s_%u);", prefix,
			prefix, k);
	}
}

static void print_pe_stmt(SyAstPrinter *p, const HlsCall *call, Module *mod)
{
	SyHlsGen *hls = mod->hls;
	const SyStmt *stmt = call->call.stmt;
	const SyAccess *w = g_ptr_array_index(stmt->accesses, 0);
	Src wsrc = source_of(hls, w);
	g_autofree char *lane = NULL;
	guint at = 1;
	gboolean open;

	g_string_append(p->out, "{\n");
	sy_ast_indent_more(p);
	if (hls->m->lanes_dim >= 0)
		lane = expr_text(p, call->exprs[at++]);
	for (guint k = 1; k < stmt->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(stmt->accesses, k);

		if (source_of(hls, a) == SRC_EXT)
			print_stream_read(p, hls, a, k, lane);
	}
	if (wsrc == SRC_EXT && stmt->node->op != SY_P_ASSIGN)
		sy_hls_line(p, "%s sy_v = sy_r1;", sy_hls_ctype(w->array));
	else
		sy_hls_line(p, "%s sy_v;", sy_hls_ctype(w->array));
	open = open_guard(p, call->exprs[0]);
	for (guint k = 1; k < stmt->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(stmt->accesses, k);
		const SyHlsPath *in = sy_hls_model_path(hls->m, a->array, TRUE);
		g_autofree char *name = g_strconcat(
			"local_", a->array->name, NULL);
		Src src = source_of(hls, a);
		GString *elem;

		if (src == SRC_ARG || src == SRC_EXT)
			continue;
		sy_ast_line_start(p);
		g_string_append_printf(
			p->out, "%s sy_r%u = ", sy_hls_ctype(a->array), k);
		if (src == SRC_FIFO) {
			isl_ast_expr *cond = call->exprs[at++];

			if (cond) {
				print_e(p, p->out, cond);
				g_string_append(p->out, " ? ");
			}
			g_string_append_printf(
				p->out, "fifo_%s_in.read()", in->path->prefix);
			if (cond)
				g_string_append_printf(p->out, " : %s()",
					sy_hls_ctype(a->array));
			g_string_append(p->out, ";\n");
			continue;
		}
		elem = g_string_new(NULL);
		print_element(p, elem, name, a->array, call, &at);
		if (uses_fifo(hls, a)) {
			isl_ast_expr *cond = call->exprs[at++];

			if (cond) {
				g_string_append_c(p->out, '(');
				print_e(p, p->out, cond);
				g_string_append_printf(p->out,
					") ? fifo_%s_in.read() : ",
					in->path->prefix);
			} else {
				g_string_append_printf(p->out,
					"fifo_%s_in.read(); /* %s */",
					in->path->prefix, elem->str);
				g_string_truncate(elem, 0);
			}
		}
		g_string_append(p->out, elem->str);
		if (elem->len || !uses_fifo(hls, a))
			g_string_append(p->out, ";");
		g_string_append_c(p->out, '\n');
		g_string_free(elem, TRUE);
	}
	sy_ast_line_start(p);
	g_string_append(p->out, "sy_v = ");
	print_value(p, call);
	g_string_append(p->out, ";\n");
	if (wsrc == SRC_LOCAL) {
		const SyHlsPath *out = sy_hls_model_path(
			hls->m, w->array, FALSE);
		g_autofree char *name = g_strconcat(
			"local_", w->array->name, NULL);
		gboolean guarded;

		sy_ast_line_start(p);
		print_element(p, p->out, name, w->array, call, &at);
		g_string_append(p->out, " = sy_v;\n");
		if (uses_fifo(hls, w)) {
			guarded = open_guard(p, call->exprs[at++]);
			sy_hls_line(p, "fifo_%s_out.write(sy_v);",
				out->path->prefix);
			close_guard(p, guarded);
		}
	}
	close_guard(p, open);
	if (wsrc == SRC_EXT) {
		const SyHlsPath *out = sy_hls_model_path(
			hls->m, w->array, FALSE);

		sy_hls_line(p, "fifo_%s_out.write(sy_v);", out->path->prefix);
	}
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
}

/* Geometry: lines of an exterior path, chains of an interior one */

static const char *const pe_names[] = {"idx", "idy", "idz"};
static const char *const p_names[] = {"p0", "p1", "p2"};

/* The space loop an exterior path moves along. */
static guint along_of(const SyIoPath *p)
{
	for (guint k = 0; k < p->n_space; k++)
		if (p->direction[k])
			return k;
	return 0;
}

static gint64 pe_total(const SyPeArray *array)
{
	return sy_pe_array_count(array);
}

/* Units of a path: lines (exterior) or PEs (interior). */
static gint64 units_of(const SyPeArray *array, const SyIoPath *p)
{
	return p->exterior ? pe_total(array) / array->pe[along_of(p)]
			   : pe_total(array);
}

static gint64 box_elements(const SyHlsBox *box)
{
	gint64 n = 1;

	for (guint d = 0; d < box->n_dims; d++)
		n *= box->size[d];
	return n;
}

gint64 sy_hls_box_words(const SyHlsPath *hp)
{
	return box_elements(&hp->box) / hp->pack;
}

/* PE coordinates of line (or chain) index n: the space loops other than
 * skip, in row-major order, skip's own coordinate at at. */
static void unit_coords(
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
				indent, p_names[k], at);
			continue;
		}
		g_string_append_printf(out,
			"%sconst int %s = (%s) %% %" G_GINT64_FORMAT ";\n",
			indent, p_names[k], n->str, array->pe[k]);
		g_string_append_printf(n, " / %" G_GINT64_FORMAT, array->pe[k]);
	}
	g_string_free(n, TRUE);
}

/* "[a][b]" of a PE's FIFO, shifted by one along shift (-1: none). */
static char *fifo_index(const gint64 *coord, guint n, int shift)
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

static void tile_user(SyAstPrinter *p, isl_ast_node *node, gpointer data)
{
	Tiles *t = data;
	isl_ast_expr *expr = isl_ast_node_user_get_expr(node);
	char **coords = g_new0(char *, t->n + 1);

	for (guint k = 0; k < t->n; k++) {
		isl_ast_expr *arg = isl_ast_expr_op_get_arg(expr, (int)k + 1);

		coords[k] = expr_text(p, arg);
		isl_ast_expr_free(arg);
	}
	isl_ast_expr_free(expr);
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
	static const SyAstHooks hooks = {tile_user, NULL, NULL};
	Tiles t = {body, data, (guint)isl_set_dim(tiles, isl_dim_set)};
	isl_set *named = isl_set_set_tuple_name(isl_set_copy(tiles), "T");
	isl_map *id = isl_map_intersect_domain(
		isl_map_identity(
			isl_space_map_from_set(isl_set_get_space(named))),
		isl_set_copy(named));
	isl_ast_build *build = isl_ast_build_from_context(
		isl_set_universe(isl_space_params(isl_set_get_space(named))));
	isl_ast_node *tree;
	SyAstPrinter p;

	isl_set_free(named);
	{
		isl_id_list *names = isl_id_list_alloc(
			hls->scop->ctx, (int)t.n);

		for (guint k = 0; k < t.n; k++) {
			char name[16];

			g_snprintf(name, sizeof name, "t%u", k);
			names = isl_id_list_add(names,
				isl_id_alloc(hls->scop->ctx, name, NULL));
		}
		build = isl_ast_build_set_iterators(build, names);
	}
	tree = isl_ast_build_node_from_schedule_map(
		build, isl_union_map_from_map(id));
	isl_ast_build_free(build);
	sy_ast_printer_init(&p, indent, "    ", hls->itype, &hooks, &t);
	sy_ast_print_node(&p, tree);
	g_string_append(out, p.out->str);
	sy_ast_printer_clear(&p);
	isl_ast_node_free(tree);
}

/* Feeding PEs from buffers, and filling buffers from PEs */

/* sy_e: an element's place in a box, row-major. */
static void print_linear(SyAstPrinter *p, const HlsCall *call, guint *at,
	const SyHlsBox *box, guint n_dims)
{
	sy_ast_line_start(p);
	g_string_append(p->out, "long sy_e = ");
	if (!n_dims)
		g_string_append(p->out, "0");
	/* Horner: ((e0) * s1 + e1) * s2 + e2 */
	for (guint d = 1; d < n_dims; d++)
		g_string_append_c(p->out, '(');
	for (guint d = 0; d < n_dims; d++) {
		if (d)
			g_string_append_printf(p->out,
				") * %" G_GINT64_FORMAT " + ", box->size[d]);
		print_e(p, p->out, call->exprs[(*at)++]);
	}
	g_string_append(p->out, ";\n");
}

/* The accesses of the module's array in a statement: its reads (in) or
 * writes (out), in order. */
static gboolean moves(const SyAccess *a, const SyHlsPath *hp)
{
	return a->array == hp->path->array && a->write == !hp->path->in;
}

/* One element between a buffer and the PEs: element sy_e of the box
 * (words of pack elements) to the FIFO (feed) or from it (collect). */
static void print_feed_one(
	SyAstPrinter *p, const SyHlsPath *hp, const char *lane, const char *tag)
{
	const SyArray *x = hp->path->array;
	guint b = sy_hls_bits(x);

	sy_hls_line(p,
		"%s sy_x = sy_from_bits_%s(local[sy_e / %u].range(%u * (sy_e "
		"%% %u) + %u, %u * (sy_e %% %u)));",
		sy_hls_ctype(x), tag, hp->pack, b, hp->pack, b - 1, b,
		hp->pack);
	if (hp->lanes == 1) {
		sy_hls_line(p, "fifo_local_out.write(sy_x);");
		return;
	}
	sy_hls_line(p,
		"sy_w.range(%u * (%s) + %u, %u * (%s)) = sy_to_bits_%s(sy_x);",
		b, lane, b - 1, b, lane, tag);
	sy_hls_line(p, "if (%s == %u)", lane, hp->lanes - 1);
	sy_hls_line(p, "    fifo_local_out.write(sy_w);");
}

static void print_collect_one(
	SyAstPrinter *p, const SyHlsPath *hp, const char *lane, const char *tag)
{
	guint b = sy_hls_bits(hp->path->array);

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
static void print_transfers(SyAstPrinter *p, const HlsCall *call, Module *mod,
	void (*one)(
		SyAstPrinter *, const SyHlsPath *, const char *, const char *))
{
	const SyHlsPath *hp = mod->path;
	const SyStmt *stmt = call->call.stmt;
	g_autofree char *tag = sy_hls_tag(sy_hls_ctype(hp->path->array));
	g_autofree char *lane = NULL;
	guint at = 0;

	g_string_append(p->out, "{\n");
	sy_ast_indent_more(p);
	if (hp->lanes > 1)
		lane = expr_text(p, call->exprs[at++]);
	for (guint k = 0; k < stmt->accesses->len; k++) {
		const SyAccess *a = g_ptr_array_index(stmt->accesses, k);
		gboolean open = FALSE;

		if (!moves(a, hp))
			continue;
		if (!hp->path->exterior)
			open = open_guard(p, call->exprs[at++]);
		sy_hls_line(p, "{");
		sy_ast_indent_more(p);
		print_linear(p, call, &at, &hp->box, hp->path->array->n_dims);
		one(p, hp, lane, tag);
		sy_ast_indent_less(p);
		sy_hls_line(p, "}");
		close_guard(p, open);
	}
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
}

static void print_feed(SyAstPrinter *p, const HlsCall *call, Module *mod)
{
	print_transfers(p, call, mod, print_feed_one);
}

static void print_collect(SyAstPrinter *p, const HlsCall *call, Module *mod)
{
	print_transfers(p, call, mod, print_collect_one);
}

/* Requests of a feeding or collecting module: the lane, then per access
 * moved its condition (interior paths) and its place in the box. */
static void io_requests(Module *mod, const gboolean *keep)
{
	SyHlsGen *hls = mod->hls;
	const SyHlsPath *hp = mod->path;

	for (guint i = 0; i < hls->scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(hls->scop->stmts, i);
		gboolean any = FALSE;

		for (guint k = 0; k < stmt->accesses->len; k++)
			any = any ||
				moves(g_ptr_array_index(stmt->accesses, k), hp);
		if (!any)
			continue;
		reqs_of(mod, stmt);
		if (hp->lanes > 1)
			req_value(mod, stmt, lane_of(hls, stmt));
		for (guint k = 0; k < stmt->accesses->len; k++) {
			const SyAccess *a = g_ptr_array_index(
				stmt->accesses, k);

			if (!moves(a, hp))
				continue;
			if (!hp->path->exterior)
				req_set(mod, stmt,
					a->write ? sy_hls_model_live_out(
							   hls->m, a)
						 : live_in_of(hls, a));
			req_box_index(mod, a, &hp->box, keep);
		}
	}
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

static void main_body(GString *out, const char *in, char **t, gpointer data)
{
	const Main *m = data;
	g_autofree char *inter = g_strdup_printf("%s(%s, ", m->inter, m->unit);
	g_autofree char *cur = g_strdup_printf(
		"%s_intra_trans(%s, sy_cur, ", m->name, m->unit);
	g_autofree char *prev = g_strdup_printf(
		"%s_intra_trans(%s, sy_prev, ", m->name, m->unit);
	g_autofree char *streams = g_strdup_printf(", %s)", m->streams);
	g_autofree char *local = g_strdup_printf(
		", fifo_local_%s)", m->out ? "in" : "out");
	g_autofree char *deeper = g_strconcat(in, "    ", NULL);

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
	if (m->out) {
		both_buffers(out, in, cur, local, FALSE);
		g_string_append_printf(out, "%sif (!sy_first) {\n", in);
		both_buffers(out, deeper, inter, streams, TRUE);
	} else {
		both_buffers(out, in, inter, streams, FALSE);
		g_string_append_printf(out, "%sif (!sy_first) {\n", in);
		both_buffers(out, deeper, prev, local, TRUE);
	}
	g_string_append_printf(out,
		"%s}\n%ssy_first = false;\n%ssy_arb = "
		"!sy_arb;\n",
		in, in, in);
	g_string_append_printf(out,
		"%sfor (int sy_k = 0; sy_k < %u; sy_k++)\n%s    sy_prev[sy_k] "
		"= "
		"sy_cur[sy_k];\n",
		in, m->n_tile, in);
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
	g_string_append(out, ")\n{\n");
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

/* The intra_trans: the PE side of the buffer, in the PEs' own order. */
static void emit_intra(SyHlsGen *hls, const SyHlsPath *hp, const char *name,
	const char *unit, const char *coords)
{
	const SyHlsModel *m = hls->m;
	const SyIoPath *p = hp->path;
	GString *out = hls->out;
	g_autofree char *pe_word = word_type(hp, hp->lanes);
	g_autofree gboolean *keep = g_new0(gboolean, m->n_space + 1);
	const char **fixed = g_new0(const char *, m->n_dims + 1);
	char tnames[8][8];
	Module mod;

	for (guint k = 0; k < m->n_space; k++)
		keep[k] = !p->exterior || p->direction[k] == 0;
	for (guint d = 0; d < m->n_tile && d < 8; d++) {
		g_snprintf(tnames[d], sizeof tnames[d], "sy_t%u", d);
		fixed[d] = tnames[d];
	}
	for (guint k = 0; k < m->n_space; k++)
		fixed[m->n_tile + k] = p_names[k];
	g_string_append_printf(out,
		"static void %s_intra_trans(%s, const int sy_tile[%u], %s_word "
		"local[%" G_GINT64_FORMAT "], hls::stream<%s> &fifo_local_%s)\n"
		"{\n    typedef %s_word sy_word_t;\n",
		name, unit, m->n_tile, p->prefix, sy_hls_box_words(hp), pe_word,
		p->in ? "out" : "in", p->prefix);
	for (guint d = 0; d < m->n_tile; d++)
		g_string_append_printf(
			out, "    const int sy_t%u = sy_tile[%u];\n", d, d);
	g_string_append(out, coords);
	if (hp->lanes > 1)
		g_string_append_printf(out, "    %s sy_w;\n", pe_word);
	g_string_append_c(out, '\n');
	module_init(&mod, hls, hp);
	mod.print = p->in ? print_feed : print_collect;
	io_requests(&mod, keep);
	print_ast(&mod, module_ast(&mod, isl_union_set_copy(hp->moving), fixed),
		"    ");
	module_clear(&mod);
	g_free(fixed);
	g_string_append(out, "}\n\n");
}

/* The module itself: per tile of the path, inter_trans and intra_trans
 * on its buffers. */
static void emit_main(SyHlsGen *hls, const SyHlsPath *hp, const char *name,
	const char *unit, const char *args, gboolean boundary)
{
	const SyIoPath *p = hp->path;
	GString *out = hls->out;
	g_autofree char *pe_word = word_type(hp, hp->lanes);
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
			"sy_arb = 0;\n    bool sy_first = true;\n    int "
			"sy_prev[%u] = {0};\n",
			p->prefix, words, p->prefix, words, hls->m->n_tile);
	else
		g_string_append_printf(out,
			"    %s_word local[%" G_GINT64_FORMAT "];\n", p->prefix,
			words);
	g_string_append_c(out, '\n');
	print_tile_loops(hls, out, hp->tiles, "    ", main_body, &m);
	if (pp) {
		g_string_append(out, "    if (!sy_first) {\n");
		if (p->in) {
			g_autofree char *prev = g_strdup_printf(
				"%s_intra_trans(%s, sy_prev, ", name, args);

			both_buffers(out, "        ", prev, ", fifo_local_out)",
				TRUE);
		} else {
			g_autofree char *call = g_strdup_printf(
				"%s(%s, ", inter, args);
			g_autofree char *streams = g_strdup_printf(
				", %s)", m.streams);

			both_buffers(out, "        ", call, streams, TRUE);
		}
		g_string_append(out, "    }\n");
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

static void emit_l3(SyHlsGen *hls, const SyHlsPath *hp)
{
	const SyIoPath *p = hp->path;
	Burst b = {hp, units_of(hls->array, p)};

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
	Pass ps = {hp, pe_total(hls->array) / hls->array->pe[0],
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
static void emit_path(SyHlsGen *hls, const SyHlsPath *hp)
{
	const SyPeArray *array = hls->array;
	const SyIoPath *p = hp->path;
	const char *way = p->in ? "in" : "out";
	g_autofree char *coords = NULL;

	emit_l3(hls, hp);
	if (p->exterior) {
		g_autofree char *name = g_strdup_printf(
			"%s_IO_L2_%s", p->prefix, way);
		guint a = along_of(p);
		g_autofree char *at = g_strdup_printf(
			"%" G_GINT64_FORMAT, p->in ? 0 : array->pe[a] - 1);
		GString *c = g_string_new(NULL);

		print_unit_coords(c, array, a, at, "    ");
		coords = g_string_free(c, FALSE);
		for (guint b = 0; b < 2; b++)
			emit_inter(hls, hp, name, "int idx", "idx",
				units_of(array, p), b);
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
			g_string_append_printf(
				unit, "%sint %s", k ? ", " : "", p_names[k]);
			g_string_append_printf(
				args, "%s%s", k ? ", " : "", p_names[k]);
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

/* Dummies: what leaves the last PEs of an input's lines. */
static void print_drop(SyAstPrinter *p, const HlsCall *call, Module *mod)
{
	const SyHlsPath *hp = mod->path;
	const SyStmt *stmt = call->call.stmt;
	g_autofree char *lane = NULL;

	g_string_append(p->out, "{\n");
	sy_ast_indent_more(p);
	if (hp->lanes > 1)
		lane = expr_text(p, call->exprs[0]);
	for (guint k = 0; k < stmt->accesses->len; k++) {
		if (!moves(g_ptr_array_index(stmt->accesses, k), hp))
			continue;
		if (lane)
			sy_hls_line(p, "if (%s == %u)", lane, hp->lanes - 1);
		sy_hls_line(p, "%s(void)fifo_in.read();", lane ? "    " : "");
	}
	sy_ast_indent_less(p);
	sy_hls_line(p, "}");
}

static void emit_dummy(SyHlsGen *hls, const SyHlsPath *hp)
{
	const SyHlsModel *m = hls->m;
	const SyIoPath *p = hp->path;
	g_autofree char *pe_word = word_type(hp, hp->lanes);
	const char **fixed = g_new0(const char *, m->n_dims + 1);
	GString *unit = g_string_new(NULL);
	Module mod;

	for (guint k = 0; k < m->n_space; k++) {
		fixed[m->n_tile + k] = p_names[k];
		g_string_append_printf(
			unit, "%sint %s", k ? ", " : "", p_names[k]);
	}
	g_string_append_printf(hls->out,
		"void %s_PE_dummy_in(%s, hls::stream<%s> &fifo_in)\n{\n"
		"#pragma HLS INLINE off\n",
		p->prefix, unit->str, pe_word);
	module_init(&mod, hls, hp);
	mod.print = print_drop;
	for (guint i = 0; i < hls->scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(hls->scop->stmts, i);
		gboolean any = FALSE;

		for (guint k = 0; k < stmt->accesses->len; k++)
			any = any ||
				moves(g_ptr_array_index(stmt->accesses, k), hp);
		if (!any)
			continue;
		reqs_of(&mod, stmt);
		if (hp->lanes > 1)
			req_value(&mod, stmt, lane_of(hls, stmt));
	}
	print_ast(&mod, module_ast(&mod, NULL, fixed), "    ");
	module_clear(&mod);
	g_free(fixed);
	g_string_free(unit, TRUE);
	g_string_append(hls->out, "}\n\n");
}

/* The PE */

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

/* The PE's streams, in path order: "fifo_A_in, fifo_A_out, ..." with
 * their types when typed. */
static char *pe_streams(SyHlsGen *hls, gboolean typed)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < hls->m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(hls->m->paths, i);
		const SyIoPath *p = hp->path;
		g_autofree char *word = word_type(hp, hp->lanes);

		for (guint way = 0; way < 2; way++) {
			gboolean in = way == 0;

			/* Inputs come in; those that move between PEs
			 * (and results that do) also go out. */
			if (in ? !p->in
			       : (p->in &&
					 !(p->exterior &&
						 p->role == SY_PATH_READ)))
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
		index = simplified_value(
			hls, h, box_index(hls, a, box, NULL, d));
		varies = isl_pw_aff_involves_dims(index, isl_dim_in, lanes, 1);
		isl_pw_aff_free(index);
		if (varies == isl_bool_true)
			return TRUE;
	}
	return FALSE;
}

static void emit_pe(SyHlsGen *hls)
{
	const SyHlsModel *m = hls->m;
	const SyScop *scop = hls->scop;
	GString *out = hls->out;
	const char **fixed = g_new0(const char *, m->n_dims + 1);
	g_autoptr(GPtrArray) args = sy_hls_arguments(scop);
	g_autofree char *streams = pe_streams(hls, TRUE);
	g_autofree char *stream_names = pe_streams(hls, FALSE);
	GString *params = g_string_new(NULL), *names = g_string_new(NULL);
	Module mod;

	for (guint k = 0; k < m->n_space; k++) {
		g_string_append_printf(
			params, "%sint %s", k ? ", " : "", pe_names[k]);
		g_string_append_printf(
			names, "%s%s", k ? ", " : "", pe_names[k]);
		fixed[m->n_tile + k] = pe_names[k];
	}
	for (guint i = 0; i < args->len; i++) {
		const SyArray *x = g_ptr_array_index(args, i);

		g_string_append_printf(
			params, ", %s %s", sy_hls_ctype(x), x->name);
		g_string_append_printf(names, ", %s", x->name);
	}
	g_string_append(params, streams);
	g_string_append(names, stream_names);
	g_string_append_printf(
		out, "void PE(%s)\n{\n#pragma HLS INLINE off\n", params->str);
	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);
		const SyHlsBox *box = g_hash_table_lookup(m->pe_box, x);

		if (!box)
			continue;
		g_string_append_printf(
			out, "    %s local_%s", sy_hls_ctype(x), x->name);
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
					x->name,
					hls->array->config->simd_factor, d + 1);
	}
	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);

		for (guint k = 1; k < stmt->accesses->len; k++) {
			const SyAccess *a = g_ptr_array_index(
				stmt->accesses, k);
			const SyHlsPath *hp;
			g_autofree char *word = NULL;

			if (source_of(hls, a) != SRC_EXT)
				continue;
			hp = sy_hls_model_path(m, a->array, TRUE);
			if (hp->lanes == 1)
				continue;
			word = word_type(hp, hp->lanes);
			g_string_append_printf(out, "    %s sy_w_%s_%u;\n",
				word, hp->path->prefix, k);
		}
	}
	g_string_append_c(out, '\n');
	module_init(&mod, hls, NULL);
	mod.print = print_pe_stmt;
	pe_requests(&mod);
	print_ast(&mod, module_ast(&mod, NULL, fixed), "    ");
	module_clear(&mod);
	g_free(fixed);
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

/* The top function */

static gboolean has_in(const SyHlsModel *m, const char *prefix)
{
	for (guint i = 0; i < m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->paths, i);

		if (hp->path->in && g_str_equal(hp->path->prefix, prefix))
			return TRUE;
	}
	return FALSE;
}

/* The DRAM port of a path: its stem, "_out" for results of an array
 * that also comes in under that stem. */
char *sy_hls_port(const SyHlsModel *m, const SyHlsPath *hp)
{
	const SyIoPath *p = hp->path;

	return !p->in && has_in(m, p->prefix)
		? g_strconcat(p->prefix, "_out", NULL)
		: g_strdup(p->prefix);
}

static char *kernel_params(SyHlsGen *hls, gboolean typed)
{
	GString *s = g_string_new(NULL);
	g_autoptr(GPtrArray) args = sy_hls_arguments(hls->scop);

	for (guint i = 0; i < hls->m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(hls->m->paths, i);
		g_autofree char *port = sy_hls_port(hls->m, hp);

		if (typed)
			g_string_append_printf(s, "%s%s_word *%s",
				s->len ? ", " : "", hp->path->prefix, port);
		else
			g_string_append_printf(
				s, "%s%s", s->len ? ", " : "", port);
	}
	for (guint i = 0; i < args->len; i++) {
		const SyArray *x = g_ptr_array_index(args, i);

		if (typed)
			g_string_append_printf(s, "%s%s %s", s->len ? ", " : "",
				sy_hls_ctype(x), x->name);
		else
			g_string_append_printf(
				s, "%s%s", s->len ? ", " : "", x->name);
	}
	return g_string_free(s, FALSE);
}

static void declare_stream(GString *out, const char *type, const char *name,
	const char *dims, guint depth)
{
	g_string_append_printf(out,
		"    hls::stream<%s> %s%s;\n#pragma HLS STREAM variable=%s "
		"depth=%u\n",
		type, name, dims, name, depth);
}

static void declare_fifos(SyHlsGen *hls, guint depth)
{
	const SyPeArray *array = hls->array;
	GString *out = hls->out;

	for (guint i = 0; i < hls->m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(hls->m->paths, i);
		const SyIoPath *p = hp->path;
		const char *way = p->in ? "in" : "out";
		g_autofree char *word = g_strdup_printf("%s_word", p->prefix);
		g_autofree char *pe_word = word_type(hp, hp->lanes);
		g_autofree char *l2 = g_strdup_printf(
			"fifo_%s_%s_IO_L2_%s", p->prefix, p->prefix, way);
		g_autofree char *l1 = g_strdup_printf(
			"fifo_%s_%s_IO_L1_%s", p->prefix, p->prefix, way);
		g_autofree char *pe = g_strdup_printf("fifo_%s_PE", p->prefix);
		gint64 n2 = p->exterior ? units_of(array, p)
					: pe_total(array) / array->pe[0];
		GString *dims = g_string_new(NULL);

		g_string_printf(dims, "[%" G_GINT64_FORMAT "]", n2 + 1);
		declare_stream(out, word, l2, dims->str, depth);
		if (!p->exterior) {
			g_string_printf(dims,
				"[%" G_GINT64_FORMAT "][%" G_GINT64_FORMAT "]",
				n2, array->pe[0] + 1);
			declare_stream(out, word, l1, dims->str, depth);
		}
		/* One PE FIFO array per stem: partial results in and out
		 * share it. */
		if (p->in || !has_in(hls->m, p->prefix)) {
			g_string_truncate(dims, 0);
			for (guint k = 0; k < array->n_space; k++)
				g_string_append_printf(dims,
					"[%" G_GINT64_FORMAT "]",
					array->pe[k] +
						(p->exterior &&
							p->direction[k]));
			declare_stream(out, pe_word, pe, dims->str, depth);
		}
		g_string_free(dims, TRUE);
	}
}

/* Module calls of a path: one L2 module of a chain (i of n) with its
 * FIFO, the next module's unless it is the last, and the FIFO below. */
static void call_l2(GString *out, const char *P, const char *way, gint64 i,
	gint64 n, const char *below)
{
	gboolean last = i == n - 1;

	g_string_append_printf(out,
		"    %s_IO_L2_%s%s(%" G_GINT64_FORMAT
		", fifo_%s_%s_IO_L2_%s[%" G_GINT64_FORMAT "], ",
		P, way, last ? "_boundary" : "", i, P, P, way, i);
	if (!last)
		g_string_append_printf(out,
			"fifo_%s_%s_IO_L2_%s[%" G_GINT64_FORMAT "], ", P, P,
			way, i + 1);
	g_string_append_printf(out, "%s);\n", below);
}

/* An exterior path's L2 module of line l, which meets the PEs at
 * coordinate at along the path. */
static void call_line(SyHlsGen *hls, const SyIoPath *p, gint64 l, gint64 at)
{
	const SyPeArray *array = hls->array;
	const char *way = p->in ? "in" : "out";
	guint a = along_of(p);
	gint64 coord[3];
	g_autofree char *index = NULL, *below = NULL;

	unit_coords(array, a, at, l, coord);
	index = fifo_index(coord, array->n_space, p->in ? -1 : (int)a);
	below = g_strdup_printf("fifo_%s_PE%s", p->prefix, index);
	call_l2(hls->out, p->prefix, way, l, units_of(array, p), below);
}

/* An interior path's L2 module of chain c, above its first L1 module. */
static void call_chain(SyHlsGen *hls, const SyIoPath *p, gint64 c)
{
	const char *way = p->in ? "in" : "out";
	g_autofree char *below = g_strdup_printf(
		"fifo_%s_%s_IO_L1_%s[%" G_GINT64_FORMAT "][0]", p->prefix,
		p->prefix, way, c);

	call_l2(hls->out, p->prefix, way, c,
		pe_total(hls->array) / hls->array->pe[0], below);
}

/* The L1 module of chain c at place q, next to its PE. */
static void call_l1(SyHlsGen *hls, const SyIoPath *p, gint64 c, gint64 q)
{
	const SyPeArray *array = hls->array;
	const char *P = p->prefix, *way = p->in ? "in" : "out";
	gboolean last = q == array->pe[0] - 1;
	GString *out = hls->out;
	gint64 coord[3];
	g_autofree char *at = NULL;

	unit_coords(array, 0, q, c, coord);
	at = fifo_index(coord, array->n_space, -1);
	g_string_append_printf(
		out, "    %s_IO_L1_%s%s(", P, way, last ? "_boundary" : "");
	for (guint k = 0; k < array->n_space; k++)
		g_string_append_printf(out, "%" G_GINT64_FORMAT ", ", coord[k]);
	g_string_append_printf(out,
		"fifo_%s_%s_IO_L1_%s[%" G_GINT64_FORMAT "][%" G_GINT64_FORMAT
		"], ",
		P, P, way, c, q);
	if (!last)
		g_string_append_printf(out,
			"fifo_%s_%s_IO_L1_%s[%" G_GINT64_FORMAT
			"][%" G_GINT64_FORMAT "], ",
			P, P, way, c, q + 1);
	g_string_append_printf(out, "fifo_%s_PE%s);\n", P, at);
}

/* Module calls of an input path, from the DRAM port to the PEs. */
static void call_in(SyHlsGen *hls, const SyHlsPath *hp)
{
	const SyPeArray *array = hls->array;
	const SyIoPath *p = hp->path;
	g_autofree char *port = sy_hls_port(hls->m, hp);
	gint64 chains = pe_total(array) / array->pe[0];

	g_string_append_printf(hls->out,
		"    %s_IO_L3_in(%s, fifo_%s_%s_IO_L2_in[0]);\n", p->prefix,
		port, p->prefix, p->prefix);
	if (p->exterior) {
		for (gint64 l = 0; l < units_of(array, p); l++)
			call_line(hls, p, l, 0);
		return;
	}
	for (gint64 c = 0; c < chains; c++)
		call_chain(hls, p, c);
	for (gint64 c = 0; c < chains; c++)
		for (gint64 q = 0; q < array->pe[0]; q++)
			call_l1(hls, p, c, q);
}

/* Module calls of an output path, from the PEs to the DRAM port: the
 * farthest module of every chain first. */
static void call_out(SyHlsGen *hls, const SyHlsPath *hp)
{
	const SyPeArray *array = hls->array;
	const SyIoPath *p = hp->path;
	g_autofree char *port = sy_hls_port(hls->m, hp);
	gint64 chains = pe_total(array) / array->pe[0];

	if (p->exterior) {
		guint a = along_of(p);

		for (gint64 l = units_of(array, p); l-- > 0;)
			call_line(hls, p, l, array->pe[a] - 1);
	} else {
		for (gint64 c = 0; c < chains; c++)
			for (gint64 q = array->pe[0]; q-- > 0;)
				call_l1(hls, p, c, q);
		for (gint64 c = chains; c-- > 0;)
			call_chain(hls, p, c);
	}
	g_string_append_printf(hls->out,
		"    %s_IO_L3_out(%s, fifo_%s_%s_IO_L2_out[0]);\n", p->prefix,
		port, p->prefix, p->prefix);
}

static void call_pes(SyHlsGen *hls)
{
	const SyPeArray *array = hls->array;
	g_autoptr(GPtrArray) args = sy_hls_arguments(hls->scop);
	gint64 n = pe_total(array);
	GString *out = hls->out;

	for (gint64 i = 0; i < n; i++) {
		gint64 coord[3], rest = i;

		for (guint k = array->n_space; k-- > 0;) {
			coord[k] = rest % array->pe[k];
			rest /= array->pe[k];
		}
		g_string_append(out, "    PE_wrapper(");
		for (guint k = 0; k < array->n_space; k++)
			g_string_append_printf(out, "%s%" G_GINT64_FORMAT,
				k ? ", " : "", coord[k]);
		for (guint k = 0; k < args->len; k++)
			g_string_append_printf(out, ", %s",
				((SyArray *)g_ptr_array_index(args, k))->name);
		for (guint p = 0; p < hls->m->paths->len; p++) {
			const SyHlsPath *hp = g_ptr_array_index(
				hls->m->paths, p);
			const SyIoPath *io = hp->path;
			int a = io->exterior ? (int)along_of(io) : -1;
			g_autofree char *here = fifo_index(
				coord, array->n_space, -1);
			g_autofree char *next = fifo_index(
				coord, array->n_space, a);

			if (io->in)
				g_string_append_printf(out, ", fifo_%s_PE%s",
					io->prefix, here);
			if (io->in && io->exterior && io->role == SY_PATH_READ)
				g_string_append_printf(out, ", fifo_%s_PE%s",
					io->prefix, next);
			if (!io->in)
				g_string_append_printf(out, ", fifo_%s_PE%s",
					io->prefix, io->exterior ? next : here);
		}
		g_string_append(out, ");\n");
	}
	/* What leaves the last PEs of inputs' lines. */
	for (guint p = 0; p < hls->m->paths->len; p++) {
		const SyHlsPath *hp = g_ptr_array_index(hls->m->paths, p);
		const SyIoPath *io = hp->path;
		guint a;

		if (!io->in || !io->exterior || io->role != SY_PATH_READ)
			continue;
		a = along_of(io);
		for (gint64 l = 0; l < units_of(array, io); l++) {
			gint64 coord[3];
			g_autofree char *next = NULL;

			unit_coords(array, a, array->pe[a] - 1, l, coord);
			next = fifo_index(coord, array->n_space, (int)a);
			g_string_append_printf(
				out, "    %s_PE_dummy_in(", io->prefix);
			for (guint k = 0; k < array->n_space; k++)
				g_string_append_printf(out,
					"%" G_GINT64_FORMAT ", ", coord[k]);
			g_string_append_printf(
				out, "fifo_%s_PE%s);\n", io->prefix, next);
		}
	}
}

static void emit_top(SyHlsGen *hls, guint depth)
{
	GString *out = hls->out;
	g_autofree char *params = kernel_params(hls, TRUE);
	g_autoptr(GPtrArray) args = sy_hls_arguments(hls->scop);

	g_string_append_printf(
		out, "extern \"C\" {\nvoid kernel0(%s)\n{\n", params);
	for (guint i = 0; i < hls->m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(hls->m->paths, i);
		g_autofree char *port = sy_hls_port(hls->m, hp);

		g_string_append_printf(out,
			"#pragma HLS INTERFACE m_axi port=%s offset=slave "
			"bundle=gmem_%s\n",
			port, port);
	}
	for (guint i = 0; i < args->len; i++)
		g_string_append_printf(out,
			"#pragma HLS INTERFACE s_axilite port=%s "
			"bundle=control\n",
			((SyArray *)g_ptr_array_index(args, i))->name);
	g_string_append(out,
		"#pragma HLS INTERFACE s_axilite port=return bundle=control\n"
		"#pragma HLS DATAFLOW\n\n");
	declare_fifos(hls, depth);
	g_string_append_c(out, '\n');
	for (guint i = 0; i < hls->m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(hls->m->paths, i);

		if (hp->path->in)
			call_in(hls, hp);
	}
	call_pes(hls);
	for (guint i = 0; i < hls->m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(hls->m->paths, i);

		if (!hp->path->in)
			call_out(hls, hp);
	}
	g_string_append(out, "}\n}\n");
}

/* The header: word types, bit casts, the kernel's prototype */

static void emit_bits(GString *out, const SyArray *x, GHashTable *done)
{
	const char *type = sy_hls_ctype(x);
	g_autofree char *tag = sy_hls_tag(type);
	guint b = sy_hls_bits(x);

	if (g_hash_table_contains(done, type))
		return;
	g_hash_table_add(done, (gpointer)type);
	if (g_str_equal(type, "float") || g_str_equal(type, "double")) {
		const char *u = b == 32 ? "unsigned int" : "unsigned long long";

		g_string_append_printf(out,
			"static inline ap_uint<%u> sy_to_bits_%s(%s v)\n{\n    "
			"union { %s f; %s u; } c;\n\n    c.f = v;\n    return "
			"ap_uint<%u>(c.u);\n}\n\n"
			"static inline %s sy_from_bits_%s(ap_uint<%u> b)\n{\n  "
			"  union { %s f; %s u; } c;\n\n    c.u = "
			"b.to_uint64();\n"
			"    return c.f;\n}\n\n",
			b, tag, type, type, u, b, type, tag, b, type, u);
		return;
	}
	g_string_append_printf(out,
		"static inline ap_uint<%u> sy_to_bits_%s(%s v)\n{\n    return "
		"ap_uint<%u>(v);\n}\n\n"
		"static inline %s sy_from_bits_%s(ap_uint<%u> b)\n{\n    "
		"return "
		"(%s)b.to_uint64();\n}\n\n",
		b, tag, type, b, type, tag, b, type);
}

static char *emit_header(SyHlsGen *hls)
{
	GString *out = g_string_new(NULL);
	g_autoptr(GHashTable) done = g_hash_table_new(g_str_hash, g_str_equal);
	g_autofree char *params = kernel_params(hls, TRUE);
	g_autofree char *sizes = sy_config_to_sa_sizes(
		hls->array->config, hls->array->choices);

	g_string_append_printf(out,
		"/* Generated by Systole from %s, %s. */\n#ifndef "
		"SYSTOLE_KERNEL_H\n#define SYSTOLE_KERNEL_H\n\n#include "
		"<ap_int.h>\n#include <hls_stream.h>\n\n",
		hls->array->analysis->prog->pp->main->path, sizes);
	for (guint i = 0; i < hls->m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(hls->m->paths, i);

		if (!hp->path->in && has_in(hls->m, hp->path->prefix))
			continue;
		g_string_append_printf(out, "typedef ap_uint<%u> %s_word;\n",
			hp->pack * sy_hls_bits(hp->path->array),
			hp->path->prefix);
	}
	g_string_append_c(out, '\n');
	for (guint i = 0; i < hls->scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(hls->scop->arrays, i);

		if (!x->local)
			emit_bits(out, x, done);
	}
	g_string_append_printf(
		out, "extern \"C\" void kernel0(%s);\n\n#endif\n", params);
	return g_string_free(out, FALSE);
}

static char *emit_kernel(SyHlsGen *hls)
{
	hls->out = g_string_new(NULL);
	g_string_append(hls->out,
		"#include \"systole_kernel.h\"\n\n"
		"#define sy_min(x, y) ((x) < (y) ? (x) : (y))\n"
		"#define sy_max(x, y) ((x) > (y) ? (x) : (y))\n"
		"#define sy_floord(n, d) ((n) < 0 ? -((-(n) + (d) - 1) / "
		"(d)) : (n) / (d))\n\n");
	for (guint i = 0; i < hls->m->paths->len; i++)
		emit_path(hls, g_ptr_array_index(hls->m->paths, i));
	for (guint i = 0; i < hls->m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(hls->m->paths, i);

		if (hp->path->in && hp->path->exterior &&
			hp->path->role == SY_PATH_READ)
			emit_dummy(hls, hp);
	}
	emit_pe(hls);
	emit_top(hls, 2);
	return g_string_free(hls->out, FALSE);
}

gboolean sy_hls_generate(
	const SyDesign *design, SyHlsFiles *files, GError **error)
{
	g_autoptr(SyHlsModel) m = sy_hls_model_new(design, error);
	SyHlsGen hls = {0};

	if (!m)
		return FALSE;
	hls.m = m;
	hls.array = design->array;
	hls.scop = design->array->analysis->scop;
	hls.itype = "int";
	hls.simplified = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, pw_aff_free);
	files->testbench = sy_hls_emit_testbench(&hls, error);
	if (!files->testbench) {
		g_hash_table_unref(hls.simplified);
		return FALSE;
	}
	files->header = emit_header(&hls);
	files->kernel = emit_kernel(&hls);
	files->host = sy_hls_emit_host(&hls);
	g_hash_table_unref(hls.simplified);
	return TRUE;
}
