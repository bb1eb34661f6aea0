/* The modules' common ground: ASTs of the PE array's schedule on whole
 * tiles for one module, the requests its printer makes per statement
 * (values and conditions, simplified once on the statement's points,
 * turned into expressions at each user node), element types and words,
 * and printing helpers. */
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

#include "compute/code-isl.h"
#include "compute/codegen.h"
#include "hls/hls-private.h"

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

GPtrArray *sy_hls_reqs_of(SyHlsModule *mod, const SyStmt *stmt)
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

void sy_hls_gen_init(SyHlsGen *hls, const SyHlsModel *m)
{
	hls->m = m;
	hls->array = m->array;
	hls->scop = m->array->analysis->scop;
	hls->out = NULL;
	hls->itype = "int";
	hls->simplified = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, pw_aff_free);
}

void sy_hls_gen_clear(SyHlsGen *hls)
{
	g_hash_table_unref(hls->simplified);
}

/* Requests are kept on the statement's schedule points, simplified
 * there once: the expressions isl builds from them at each user node
 * are then cheap (i mod 8 on a box of 8 is just its point). */
isl_pw_aff *sy_hls_simplified_value(
	SyHlsGen *hls, const SyHlsStmt *h, isl_pw_aff *value)
{
	char *key;
	isl_pw_aff *known;

	value = isl_pw_aff_pullback_pw_multi_aff(
		value, isl_pw_multi_aff_copy(h->inverse));
	key = isl_pw_aff_to_str(value);
	/* isl failed (the stage's check says how): nothing to look up. */
	if (!key)
		return isl_pw_aff_free(value);
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

void sy_hls_req_value(SyHlsModule *mod, const SyStmt *stmt, isl_pw_aff *value)
{
	const SyHlsStmt *h = sy_hls_model_stmt(mod->hls->m, stmt->name);
	Req *r = g_new0(Req, 1);

	r->value = sy_hls_simplified_value(mod->hls, h, value);
	g_ptr_array_add(sy_hls_reqs_of(mod, stmt), r);
}

void sy_hls_req_set(SyHlsModule *mod, const SyStmt *stmt, isl_set *set)
{
	const SyHlsStmt *h = sy_hls_model_stmt(mod->hls->m, stmt->name);
	Req *r = g_new0(Req, 1);

	set = isl_set_preimage_pw_multi_aff(
		set, isl_pw_multi_aff_copy(h->inverse));
	r->set = isl_set_gist(set, isl_set_copy(h->points));
	g_ptr_array_add(sy_hls_reqs_of(mod, stmt), r);
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

/* The arguments of a user node of a module's AST (built on schedule
 * points): the statement's iterators (for the PE, which prints
 * statements), then the requests' expressions. */
static void module_args(
	SyCode *call, isl_ast_build *build, isl_pw_multi_aff *back, void *user)
{
	SyHlsModule *mod = user;
	const SyHlsStmt *h = sy_hls_model_stmt(mod->hls->m, call->name);
	GPtrArray *reqs = g_hash_table_lookup(mod->reqs, h->stmt->name);

	for (guint k = 0; !mod->path && k < h->stmt->n_iters; k++)
		sy_code_user_add_isl(call,
			isl_ast_build_expr_from_pw_aff(build,
				isl_pw_aff_pullback_pw_multi_aff(
					isl_pw_multi_aff_get_pw_aff(
						h->inverse, (int)k),
					isl_pw_multi_aff_copy(back))));
	for (guint k = 0; reqs && k < reqs->len; k++)
		sy_code_user_add_isl(call,
			req_expr(build, back, g_ptr_array_index(reqs, k)));
}

static isl_ast_node *at_domain(
	isl_ast_node *node, isl_ast_build *build, void *mod)
{
	return sy_code_annotate(node, build, module_args, mod);
}

/* SyHlsModule ASTs */

/* The schedule dimension a loop iterates: iterators are named after
 * their position in the schedule ("c7", or "t7" when the kernel uses
 * c-names), fixed dimensions included. */
static int loop_dim(const SyCode *loop)
{
	const char *name = loop->name;
	const char *digits = name + strlen(name);

	while (digits > name && g_ascii_isdigit(digits[-1]))
		digits--;
	return *digits ? atoi(digits) : -1;
}

/* One walk: the depth below a loop is known when its pragma is chosen
 * (a search below every loop was exponential in nested statements). */
guint sy_hls_code_set_pragmas(SyCode *code, int lanes)
{
	guint depth = 0, other;

	switch (code->kind) {
	case SY_CODE_FOR:
		depth = sy_hls_code_set_pragmas(code->body, lanes);
		if (code->degenerate)
			return depth;
		if (lanes >= 0 && loop_dim(code) == lanes) {
			code->pragma = SY_CODE_PRAGMA_UNROLL;
			return depth;
		}
		if (depth == 0) {
			code->pragma = SY_CODE_PRAGMA_PIPELINE;
			code->ii = 1;
		}
		return depth + 1;
	case SY_CODE_IF:
		/* Each walk once: MAX() would evaluate a call twice. */
		depth = sy_hls_code_set_pragmas(code->body, lanes);
		other = code->else_body
			? sy_hls_code_set_pragmas(code->else_body, lanes)
			: 0;
		return MAX(depth, other);
	case SY_CODE_BLOCK:
		for (guint i = 0; i < code->children->len; i++) {
			other = sy_hls_code_set_pragmas(
				code->children->pdata[i], lanes);
			depth = MAX(depth, other);
		}
		return depth;
	case SY_CODE_MARK: return sy_hls_code_set_pragmas(code->body, lanes);
	case SY_CODE_USER: return 0;
	}
	return 0;
}

/* A statement of a module, as its printer reads it: the PE's have the
 * statement's iterators first. */
static void print_user(SyAstPrinter *p, const SyCode *stmt, gpointer data)
{
	SyHlsModule *mod = data;
	const SyHlsStmt *h = sy_hls_model_stmt(mod->hls->m, stmt->name);
	guint n_iters = mod->path ? 0 : h->stmt->n_iters;
	SyCodeExpr *const *args = (SyCodeExpr *const *)stmt->args->pdata;
	SyHlsCall call = {h->stmt, mod->path ? NULL : args,
		stmt->args->len - n_iters, args + n_iters};

	mod->print(p, &call, mod);
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
SyCode *sy_hls_module_code(
	SyHlsModule *mod, isl_union_set *instances, const char *const *fixed)
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
	SyCode *code;
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
	code = sy_code_from_isl(tree, NULL, NULL);
	isl_ast_node_free(tree);
	if (code)
		sy_hls_code_set_pragmas(code, (int)m->lanes_dim);
	return code;
}

/* The body of a module's loops, printed at indent. */
void sy_hls_print_code(SyHlsModule *mod, SyCode *code, const char *indent)
{
	static const SyAstHooks hooks = {print_user, TRUE};
	SyAstPrinter p;

	sy_ast_printer_init(&p, indent, "    ", mod->hls->itype, &hooks, mod);
	sy_ast_print_node(&p, code);
	g_string_append(mod->hls->out, p.out->str);
	sy_ast_printer_clear(&p);
	sy_code_free(code);
}

void sy_hls_module_init(SyHlsModule *mod, SyHlsGen *hls, const SyHlsPath *path)
{
	mod->hls = hls;
	mod->path = path;
	mod->reqs = g_hash_table_new_full(g_str_hash, g_str_equal, NULL,
		(GDestroyNotify)g_ptr_array_unref);
}

void sy_hls_module_clear(SyHlsModule *mod)
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

/* A zero of x's type: "static_cast<T>(0)", valid C++ for every
 * element type ("signed char()" is not: a functional cast takes a
 * one-word type name). */
void sy_hls_print_zero(GString *out, const SyArray *x)
{
	g_string_append_printf(out, "static_cast<%s>(0)", sy_hls_ctype(x));
}

/* "unsigned int" -> "unsigned_int", for helper names. */
char *sy_hls_tag(const char *type)
{
	return g_strdelimit(g_strdup(type), " ", '_');
}

/* A word's type: lanes of a path's elements (the element itself for one
 * lane). */
char *sy_hls_word_type(const SyHlsPath *hp, guint lanes)
{
	if (lanes == 1)
		return g_strdup(sy_hls_ctype(hp->path->array));
	return g_strdup_printf(
		"ap_uint<%u>", lanes * sy_hls_bits(hp->path->array));
}

/* Element e (an expression) of a buffer of words of pack elements. */
void sy_hls_print_unpack(GString *out, const SyArray *x, const char *word,
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
isl_pw_aff *sy_hls_box_index(SyHlsGen *hls, const SyAccess *a,
	const SyHlsBox *box, const gboolean *keep, guint d)
{
	isl_pw_aff *sub = isl_multi_pw_aff_get_at(a->subscripts, (int)d);
	isl_pw_aff *off = isl_multi_pw_aff_get_at(box->offset, (int)d);

	off = isl_pw_aff_pullback_multi_aff(off, unit_of(hls, a->stmt, keep));
	return isl_pw_aff_sub(sub, off);
}

void sy_hls_req_box_index(SyHlsModule *mod, const SyAccess *a,
	const SyHlsBox *box, const gboolean *keep)
{
	for (guint d = 0; d < a->array->n_dims; d++)
		sy_hls_req_value(mod, a->stmt,
			sy_hls_box_index(mod->hls, a, box, keep, d));
}

/* Where a read of the kernel's array comes from: instances whose value
 * comes from outside; writes nothing overwrites. */
isl_set *sy_hls_live_in(SyHlsGen *hls, const SyAccess *a)
{
	isl_set *in = sy_deps_live_in(hls->array->analysis->deps, a);

	return in ? isl_set_copy(in)
		  : isl_set_empty(isl_set_get_space(a->stmt->domain));
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

/* SIMD lanes */

/* The SIMD lane of a statement instance: its last schedule dimension. */
isl_pw_aff *sy_hls_lane_of(SyHlsGen *hls, const SyStmt *stmt)
{
	isl_multi_aff *ma = schedule_of(hls, stmt);
	isl_aff *lane = isl_multi_aff_get_at(ma, (int)hls->m->lanes_dim);

	isl_multi_aff_free(ma);
	return isl_pw_aff_from_aff(lane);
}

/* The kernel's interface, which the top function, the PE and the
 * testbench and host all name the same way (here, below them all, so
 * that each of those files depends on this one and not on another). */

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

static gboolean has_in(const SyHlsModel *m, const char *prefix)
{
	for (guint i = 0; i < m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->paths, i);

		if (hp->path->in && g_str_equal(hp->path->prefix, prefix))
			return TRUE;
	}
	return FALSE;
}

gboolean sy_hls_port_is_stem(const SyHlsModel *m, const SyHlsPath *hp)
{
	return hp->path->in || !has_in(m, hp->path->prefix);
}

/* The DRAM port of a path: its stem, "_out" for results of an array
 * that also comes in under that stem. */
char *sy_hls_port(const SyHlsModel *m, const SyHlsPath *hp)
{
	return sy_hls_port_is_stem(m, hp)
		? g_strdup(hp->path->prefix)
		: g_strconcat(hp->path->prefix, "_out", NULL);
}
