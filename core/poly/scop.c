#include <string.h>

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/local_space.h>
#include <isl/space.h>
#include <isl/val.h>

#include "base/diag.h"
#include "poly/affine.h"
#include "poly/scop.h"

/* What surrounds the node being visited: loops and if branches. */
typedef struct {
	const SyNode *node;
	gboolean negate; /* the else branch of an if */
} Frame;

typedef struct {
	SyScop *scop;
	GArray *frames; /* Frame */
	GPtrArray *loops; /* const SyNode *, the enclosing FOR nodes */
	GPtrArray *iters; /* const SyVar * */
	GHashTable *by_var; /* SyVar -> SyArray */
	GError **error;
} Builder;

static void array_free(gpointer data)
{
	SyArray *array = data;

	g_free(array->name);
	isl_set_free(array->extent);
	g_free(array);
}

static void access_free(gpointer data)
{
	SyAccess *access = data;

	g_free(access->ref);
	isl_multi_pw_aff_free(access->subscripts);
	isl_map_free(access->map);
	g_free(access);
}

static void stmt_free(gpointer data)
{
	SyStmt *stmt = data;

	g_free(stmt->name);
	g_free(stmt->loops);
	g_free(stmt->iters);
	isl_set_free(stmt->domain);
	g_ptr_array_unref(stmt->accesses);
	g_free(stmt);
}

static void loop_free(gpointer data)
{
	SyLoop *loop = data;

	g_free(loop->iters);
	isl_set_free(loop->iterations);
	g_free(loop);
}

void sy_scop_free(SyScop *scop)
{
	if (!scop)
		return;
	g_hash_table_unref(scop->by_node);
	g_ptr_array_unref(scop->accesses);
	g_ptr_array_unref(scop->stmts);
	g_ptr_array_unref(scop->kills);
	g_ptr_array_unref(scop->arrays);
	g_ptr_array_unref(scop->loops);
	isl_union_set_free(scop->domain);
	isl_schedule_free(scop->schedule);
	isl_schedule_free(scop->kill_schedule);
	g_free(scop);
}

/* A set space with one dimension per enclosing iterator: a statement's
 * (named after it, dimensions named after the iterators), or an anonymous
 * one for a loop's iterations. */
static isl_space *iter_space(Builder *b, guint n, const char *name)
{
	isl_space *space = isl_space_set_alloc(b->scop->ctx, 0, n);

	if (!name)
		return space;
	space = isl_space_set_tuple_name(space, isl_dim_set, name);
	for (guint i = 0; i < n; i++) {
		const SyVar *var = g_ptr_array_index(b->iters, i);

		space = isl_space_set_dim_name(
			space, isl_dim_set, i, var->name);
	}
	return space;
}

isl_pw_aff *sy_loop_schedule_value(const SyNode *loop, isl_pw_aff *iter)
{
	gint64 stride = loop->step < 0 ? -loop->step : loop->step;

	if (stride > 1) {
		isl_ctx *ctx = isl_pw_aff_get_ctx(iter);

		iter = isl_pw_aff_scale_down_val(
			iter, isl_val_int_from_si(ctx, stride));
		iter = isl_pw_aff_floor(iter);
	}
	return loop->step < 0 ? isl_pw_aff_neg(iter) : iter;
}

/* The constraints of one loop header on its iterator at position depth. */
static isl_set *loop_constraints(
	const SyAffineEnv *env, const SyNode *loop, guint depth, GError **error)
{
	isl_local_space *ls = isl_local_space_from_space(
		isl_space_copy(env->space));
	isl_pw_aff *iter = isl_pw_aff_var_on_domain(ls, isl_dim_set, depth);
	isl_pw_aff *init = sy_affine_from_expr(env, loop->init, error);
	isl_set *cond, *set;
	gint64 stride = loop->step < 0 ? -loop->step : loop->step;

	if (!init) {
		isl_pw_aff_free(iter);
		return NULL;
	}
	cond = sy_affine_cond(env, loop->cond, error);
	if (!cond) {
		isl_pw_aff_free(iter);
		isl_pw_aff_free(init);
		return NULL;
	}
	if (stride > 1) {
		isl_ctx *ctx = isl_pw_aff_get_ctx(iter);
		isl_pw_aff *offset = isl_pw_aff_sub(
			isl_pw_aff_copy(iter), isl_pw_aff_copy(init));

		offset = isl_pw_aff_mod_val(
			offset, isl_val_int_from_si(ctx, stride));
		cond = isl_set_intersect(cond, isl_pw_aff_zero_set(offset));
	}
	set = loop->step > 0 ? isl_pw_aff_ge_set(iter, init)
			     : isl_pw_aff_le_set(iter, init);
	return isl_set_intersect(set, cond);
}

/* The set of the first n iterators allowed by the frames around. */
static isl_set *frames_set(Builder *b, guint n, const char *name)
{
	SyAffineEnv env = {
		iter_space(b, n, name),
		(const SyVar *const *)b->iters->pdata,
		n,
		SY_AFFINE_BOUND,
	};
	isl_set *set = isl_set_universe(isl_space_copy(env.space));
	guint depth = 0;

	for (guint i = 0; set && i < b->frames->len; i++) {
		const Frame *f = &g_array_index(b->frames, Frame, i);
		isl_set *c;

		if (f->node->kind == SY_NODE_FOR) {
			c = loop_constraints(&env, f->node, depth++, b->error);
		} else {
			c = sy_affine_cond(&env, f->node->cond, b->error);
			if (c && f->negate)
				c = isl_set_complement(c);
		}
		set = c ? isl_set_intersect(set, c) : isl_set_free(set);
	}
	isl_space_free(env.space);
	return set ? isl_set_coalesce(set) : NULL;
}

static SyArray *get_array(Builder *b, const SyVar *var)
{
	SyArray *array = g_hash_table_lookup(b->by_var, var);
	isl_space *space;
	isl_set *extent;

	if (array)
		return array;
	array = g_new0(SyArray, 1);
	array->name = g_strdup(var->name);
	array->var = var;
	array->n_dims = var->kind == SY_VAR_ARRAY ? var->n_dims : 0;
	array->dims = var->dims;
	array->local = var->local;
	space = isl_space_set_alloc(b->scop->ctx, 0, array->n_dims);
	space = isl_space_set_tuple_name(space, isl_dim_set, var->name);
	extent = isl_set_universe(space);
	for (guint i = 0; i < array->n_dims; i++) {
		extent = isl_set_lower_bound_si(extent, isl_dim_set, i, 0);
		/* Sizes may exceed an int: bound with an isl_val. */
		extent = isl_set_upper_bound_val(extent, isl_dim_set, i,
			isl_val_int_from_si(b->scop->ctx, array->dims[i] - 1));
	}
	array->extent = extent;
	g_hash_table_insert(b->by_var, (gpointer)var, array);
	g_ptr_array_add(b->scop->arrays, array);
	return array;
}

/* "i = 63, k = 0" for a point of a statement's domain. */
static char *describe_point(isl_set *point_set, const SyStmt *stmt)
{
	GString *out = g_string_new(NULL);
	isl_point *pt = isl_set_sample_point(point_set);

	for (guint i = 0; i < stmt->n_iters; i++) {
		isl_val *v = isl_point_get_coordinate_val(
			pt, isl_dim_set, (int)i);

		g_string_append_printf(out, "%s%s = %ld", i ? ", " : "",
			stmt->iters[i]->name, isl_val_get_num_si(v));
		isl_val_free(v);
	}
	isl_point_free(pt);
	return g_string_free(out, FALSE);
}

/* Every element accessed must exist: a subscript past the declared
 * size is a bug in the kernel, and the array sizes feed the hardware. */
static gboolean check_bounds(Builder *b, const SyAccess *access)
{
	isl_map *outside = isl_map_subtract_range(
		isl_map_copy(access->map), isl_set_copy(access->array->extent));
	isl_bool empty = isl_map_is_empty(outside);
	g_autofree char *where = NULL;

	if (empty != isl_bool_false) {
		isl_map_free(outside);
		return TRUE;
	}
	where = describe_point(isl_map_domain(outside), access->stmt);
	sy_input_error_set(b->error, SY_INPUT_ERROR_SEMANTIC,
		&access->expr->loc, access->expr->span,
		"subscripts must stay within the declared sizes",
		"access to '%s' out of bounds at %s", access->array->name,
		where);
	return FALSE;
}

/* Records an access given by its relation map (restricted to the
 * statement's domain); subscripts is the index function, NULL for a kill
 * of the whole array. */
static SyAccess *add_access(Builder *b, SyStmt *stmt, SyArray *array,
	gboolean write, isl_multi_pw_aff *subscripts, isl_map *map)
{
	SyAccess *access = g_new0(SyAccess, 1);

	access->index = stmt->kill ? 0 : b->scop->accesses->len;
	access->ref = stmt->kill
		? g_strdup_printf("%s_%s", stmt->name, array->name)
		: g_strdup_printf("R%u", access->index);
	access->array = array;
	access->stmt = stmt;
	access->write = write;
	access->subscripts = subscripts;
	access->map = map;
	if (!stmt->kill && write)
		array->written = TRUE;
	else if (!stmt->kill)
		array->read = TRUE;
	g_ptr_array_add(stmt->accesses, access);
	if (!stmt->kill)
		g_ptr_array_add(b->scop->accesses, access);
	return access;
}

static SyStmt *new_stmt(Builder *b, const SyNode *node, gboolean kill)
{
	SyStmt *stmt = g_new0(SyStmt, 1);
	GPtrArray *list = kill ? b->scop->kills : b->scop->stmts;

	stmt->name = g_strdup_printf("%s%u", kill ? "K" : "S", list->len);
	stmt->kill = kill;
	stmt->node = node;
	stmt->n_iters = b->iters->len;
	stmt->loops = g_memdup2(
		b->loops->pdata, sizeof(gpointer) * b->loops->len);
	stmt->iters = g_memdup2(
		b->iters->pdata, sizeof(gpointer) * b->iters->len);
	stmt->accesses = g_ptr_array_new_with_free_func(access_free);
	stmt->domain = frames_set(b, stmt->n_iters, stmt->name);
	g_ptr_array_add(list, stmt);
	g_hash_table_insert(b->scop->by_node, (gpointer)node, stmt);
	return stmt;
}

static gboolean add_element_access(
	Builder *b, SyStmt *stmt, const SyExpr *e, gboolean write)
{
	const SyVar *var = sy_expr_var(e);
	SyArray *array = get_array(b, var);
	isl_space *dom = isl_set_get_space(stmt->domain);
	SyAffineEnv env = {
		dom, stmt->iters, stmt->n_iters, SY_AFFINE_SUBSCRIPT};
	isl_space *space = isl_space_map_from_domain_and_range(
		isl_space_copy(dom), isl_set_get_space(array->extent));
	isl_pw_aff_list *list = isl_pw_aff_list_alloc(
		b->scop->ctx, (int)array->n_dims);
	isl_multi_pw_aff *mpa;
	isl_map *map;
	SyAccess *access;

	for (guint i = 0; list && i < e->n_args; i++) {
		isl_pw_aff *pa = sy_affine_from_expr(
			&env, e->args[i], b->error);

		list = pa ? isl_pw_aff_list_add(list, pa)
			  : isl_pw_aff_list_free(list);
	}
	isl_space_free(dom);
	if (!list) {
		isl_space_free(space);
		return FALSE;
	}
	mpa = isl_multi_pw_aff_from_pw_aff_list(space, list);
	map = isl_map_intersect_domain(
		isl_map_from_multi_pw_aff(isl_multi_pw_aff_copy(mpa)),
		isl_set_copy(stmt->domain));
	access = add_access(b, stmt, array, write, mpa, map);
	access->expr = e;
	return check_bounds(b, access);
}

/* The reads of an expression in evaluation order: array elements and
 * scalar variables (iterators are values, not memory). */
static gboolean add_reads(Builder *b, SyStmt *stmt, const SyExpr *e)
{
	const SyVar *var = sy_expr_var(e);

	if (e->kind == SY_EXPR_INDEX ||
		(e->kind == SY_EXPR_NAME && var && var->kind == SY_VAR_SCALAR))
		return add_element_access(b, stmt, e, FALSE);
	for (guint i = 0; i < e->n_args; i++)
		if (!add_reads(b, stmt, e->args[i]))
			return FALSE;
	return TRUE;
}

static gboolean visit_stmt(Builder *b, const SyNode *node)
{
	SyStmt *stmt = new_stmt(b, node, FALSE);

	if (!stmt->domain)
		return FALSE;
	if (!add_element_access(b, stmt, node->lhs, TRUE))
		return FALSE;
	if (node->op != SY_P_ASSIGN &&
		!add_element_access(b, stmt, node->lhs, FALSE))
		return FALSE;
	return add_reads(b, stmt, node->rhs);
}

/* A local declaration starts a new lifetime of the variable: a kill of
 * all its elements, so that temporaries do not create false
 * dependences between iterations. */
static gboolean visit_decl(Builder *b, const SyNode *node)
{
	SyStmt *stmt = new_stmt(b, node, TRUE);
	SyArray *array;
	isl_map *all;

	if (!stmt->domain)
		return FALSE;
	array = get_array(b, node->var);
	all = isl_map_from_domain_and_range(
		isl_set_copy(stmt->domain), isl_set_copy(array->extent));
	add_access(b, stmt, array, TRUE, NULL, all);
	return TRUE;
}

static gboolean visit(Builder *b, const SyNode *node);

static gboolean visit_for(Builder *b, const SyNode *node)
{
	Frame frame = {node, FALSE};
	SyLoop *loop = g_new0(SyLoop, 1);
	gboolean ok;

	g_array_append_val(b->frames, frame);
	g_ptr_array_add(b->loops, (gpointer)node);
	g_ptr_array_add(b->iters, node->iter);
	loop->node = node;
	loop->depth = b->iters->len - 1;
	loop->iters = g_memdup2(
		b->iters->pdata, sizeof(gpointer) * b->iters->len);
	g_ptr_array_add(b->scop->loops, loop);
	g_hash_table_insert(b->scop->by_node, (gpointer)node, loop);
	loop->iterations = frames_set(b, b->iters->len, NULL);
	ok = loop->iterations != NULL;
	if (ok && isl_set_is_bounded(loop->iterations) != isl_bool_true) {
		sy_input_error_set(b->error, SY_INPUT_ERROR_UNSUPPORTED,
			&node->cond->loc, node->cond->span,
			"an increasing loop needs an upper bound such as "
			"'i < N', a decreasing one a lower bound such as "
			"'i >= 0'",
			"loop '%s' never ends: its condition does not bound "
			"the iterator in the direction of its step",
			node->iter->name);
		ok = FALSE;
	}
	ok = ok && visit(b, node->body);
	g_array_set_size(b->frames, b->frames->len - 1);
	g_ptr_array_set_size(b->loops, b->loops->len - 1);
	g_ptr_array_set_size(b->iters, b->iters->len - 1);
	return ok;
}

static gboolean visit_branch(
	Builder *b, const SyNode *node, const SyNode *branch, gboolean negate)
{
	Frame frame = {node, negate};
	gboolean ok;

	g_array_append_val(b->frames, frame);
	ok = visit(b, branch);
	g_array_set_size(b->frames, b->frames->len - 1);
	return ok;
}

static gboolean visit(Builder *b, const SyNode *node)
{
	switch (node->kind) {
	case SY_NODE_BLOCK:
		for (guint i = 0; i < node->children->len; i++)
			if (!visit(b, g_ptr_array_index(node->children, i)))
				return FALSE;
		return TRUE;
	case SY_NODE_FOR: return visit_for(b, node);
	case SY_NODE_IF:
		return visit_branch(b, node, node->then_node, FALSE) &&
			(!node->else_node ||
				visit_branch(b, node, node->else_node, TRUE));
	case SY_NODE_STMT: return visit_stmt(b, node);
	case SY_NODE_DECL:
		/* Outside any loop a declaration starts the only lifetime. */
		return b->loops->len == 0 || visit_decl(b, node);
	}
	return FALSE;
}

typedef struct {
	const SyLoop *loop;
	isl_union_pw_aff *upa;
} LoopValue;

static isl_stat add_loop_value(isl_set *set, void *user)
{
	LoopValue *lv = user;
	isl_local_space *ls = isl_local_space_from_space(
		isl_set_get_space(set));
	isl_pw_aff *iter = isl_pw_aff_var_on_domain(
		ls, isl_dim_set, lv->loop->depth);

	isl_set_free(set);
	lv->upa = isl_union_pw_aff_add_pw_aff(
		lv->upa, sy_loop_schedule_value(lv->loop->node, iter));
	return lv->upa ? isl_stat_ok : isl_stat_error;
}

/* first, then next; either may be NULL (nothing to schedule). */
static isl_schedule *sequence(isl_schedule *first, isl_schedule *next)
{
	if (!first || !next)
		return first ? first : next;
	return isl_schedule_sequence(first, next);
}

static isl_schedule *subtree_schedule(const SyScop *scop, const SyNode *node,
	const SyScheduleSpec *spec, GHashTable *only);

/* The sequence of the n schedules in s (all taken), joined in halves:
 * each join rewrites the children of both sides, so joining one at a
 * time is quadratic in a block's statements. */
static isl_schedule *sequence_of(isl_schedule **s, guint n)
{
	if (n == 0)
		return NULL;
	if (n == 1)
		return s[0];
	return sequence(sequence_of(s, n / 2), sequence_of(s + n / 2, n - n / 2));
}

static isl_schedule *block_schedule(const SyScop *scop, const SyNode *node,
	const SyScheduleSpec *spec, GHashTable *only)
{
	GPtrArray *parts = g_ptr_array_new();
	isl_schedule *sched;

	for (guint i = 0; i < node->children->len; i++) {
		isl_schedule *child = subtree_schedule(scop,
			g_ptr_array_index(node->children, i), spec, only);

		if (child)
			g_ptr_array_add(parts, child);
	}
	sched = sequence_of((isl_schedule **)parts->pdata, parts->len);
	g_ptr_array_unref(parts);
	return sched;
}

/* The schedule of a subtree in source order; NULL when it holds no
 * statement (or kill, with kills) of only (all if NULL). */
static isl_schedule *subtree_schedule(const SyScop *scop, const SyNode *node,
	const SyScheduleSpec *spec, GHashTable *only)
{
	isl_schedule *sched = NULL, *child;
	SyStmt *stmt;

	switch (node->kind) {
	case SY_NODE_STMT:
	case SY_NODE_DECL:
		stmt = g_hash_table_lookup(scop->by_node, node);
		if (!stmt || (stmt->kill && !spec->kills) ||
			(only && !g_hash_table_contains(only, stmt)))
			return NULL;
		return isl_schedule_from_domain(
			isl_union_set_from_set(isl_set_copy(stmt->domain)));
	case SY_NODE_BLOCK:
		return block_schedule(scop, node, spec, only);
	case SY_NODE_IF:
		sched = subtree_schedule(scop, node->then_node, spec, only);
		if (node->else_node)
			sched = sequence(sched, subtree_schedule(scop,
				node->else_node, spec, only));
		return sched;
	case SY_NODE_FOR: {
		LoopValue lv = {sy_scop_find_loop(scop, node), NULL};
		isl_union_set *dom;

		child = subtree_schedule(scop, node->body, spec, only);
		if (!child ||
			(spec->omit && g_hash_table_contains(spec->omit, node)))
			return child;
		dom = isl_schedule_get_domain(child);
		lv.upa = isl_union_pw_aff_empty(isl_union_set_get_space(dom));
		isl_union_set_foreach_set(dom, add_loop_value, &lv);
		isl_union_set_free(dom);
		return isl_schedule_insert_partial_schedule(child,
			spec->band ? spec->band(node, lv.upa, spec->user)
				   : isl_multi_union_pw_aff_from_union_pw_aff(
					     lv.upa));
	}
	}
	return NULL;
}

/* Kills of variables the SCoP never touches are noise: drop them. */
static void drop_unused(Builder *b)
{
	SyScop *scop = b->scop;

	for (guint i = scop->kills->len; i-- > 0;) {
		SyStmt *kill = g_ptr_array_index(scop->kills, i);
		SyAccess *access = g_ptr_array_index(kill->accesses, 0);
		SyArray *array = access->array;

		if (array->read || array->written)
			continue;
		g_hash_table_remove(scop->by_node, kill->node);
		g_ptr_array_remove_index(scop->kills, i);
		g_hash_table_remove(b->by_var, array->var);
		g_ptr_array_remove(scop->arrays, array);
	}
}

SyScop *sy_scop_build(isl_ctx *ctx, const SyProgram *prog, GError **error)
{
	SyScop *scop = g_new0(SyScop, 1);
	Builder b = {scop, NULL, NULL, NULL, NULL, error};
	gboolean ok;

	scop->ctx = ctx;
	scop->prog = prog;
	scop->arrays = g_ptr_array_new_with_free_func(array_free);
	scop->stmts = g_ptr_array_new_with_free_func(stmt_free);
	scop->kills = g_ptr_array_new_with_free_func(stmt_free);
	scop->accesses = g_ptr_array_new();
	scop->loops = g_ptr_array_new_with_free_func(loop_free);
	scop->by_node = g_hash_table_new(NULL, NULL);
	b.frames = g_array_new(FALSE, FALSE, sizeof(Frame));
	b.loops = g_ptr_array_new();
	b.iters = g_ptr_array_new();
	b.by_var = g_hash_table_new(NULL, NULL);

	ok = visit(&b, prog->scop);
	if (ok) {
		drop_unused(&b);
		scop->domain = isl_union_set_empty(
			isl_space_params_alloc(ctx, 0));
		for (guint i = 0; i < scop->stmts->len; i++) {
			SyStmt *stmt = g_ptr_array_index(scop->stmts, i);

			scop->domain = isl_union_set_add_set(
				scop->domain, isl_set_copy(stmt->domain));
		}
		SyScheduleSpec plain = {NULL, FALSE, NULL, NULL};
		SyScheduleSpec kills = {NULL, TRUE, NULL, NULL};

		scop->schedule = sy_scop_schedule(scop, &plain);
		scop->kill_schedule = sy_scop_schedule(scop, &kills);
	}
	g_array_unref(b.frames);
	g_ptr_array_unref(b.loops);
	g_ptr_array_unref(b.iters);
	g_hash_table_unref(b.by_var);
	if (!ok) {
		sy_scop_free(scop);
		return NULL;
	}
	return scop;
}

isl_schedule *sy_scop_schedule(const SyScop *scop, const SyScheduleSpec *spec)
{
	return subtree_schedule(scop, scop->prog->scop, spec, NULL);
}

isl_schedule *sy_scop_kill_schedule_of(const SyScop *scop, GHashTable *only)
{
	SyScheduleSpec kills = {NULL, TRUE, NULL, NULL};

	return subtree_schedule(scop, scop->prog->scop, &kills, only);
}

SyStmt *sy_scop_find_stmt(const SyScop *scop, const SyNode *node)
{
	return g_hash_table_lookup(scop->by_node, node);
}

const SyLoop *sy_scop_find_loop(const SyScop *scop, const SyNode *node)
{
	return g_hash_table_lookup(scop->by_node, node);
}

SyStmt *sy_scop_stmt_by_name(const SyScop *scop, const char *name)
{
	for (guint i = 0; i < scop->stmts->len; i++) {
		SyStmt *stmt = g_ptr_array_index(scop->stmts, i);

		if (strcmp(stmt->name, name) == 0)
			return stmt;
	}
	return NULL;
}

SyAccess *sy_scop_access_by_ref(const SyScop *scop, const char *ref)
{
	for (guint i = 0; i < scop->accesses->len; i++) {
		SyAccess *access = g_ptr_array_index(scop->accesses, i);

		if (strcmp(access->ref, ref) == 0)
			return access;
	}
	return NULL;
}

isl_union_map *sy_scop_accesses(
	const SyScop *scop, gboolean write, gboolean kill)
{
	GPtrArray *list = kill ? scop->kills : scop->stmts;
	isl_union_map *all = isl_union_map_empty(
		isl_space_params_alloc(scop->ctx, 0));

	for (guint i = 0; i < list->len; i++) {
		SyStmt *stmt = g_ptr_array_index(list, i);

		for (guint j = 0; j < stmt->accesses->len; j++) {
			SyAccess *access = g_ptr_array_index(stmt->accesses, j);

			if (access->write == write)
				all = isl_union_map_add_map(
					all, isl_map_copy(access->map));
		}
	}
	return all;
}
