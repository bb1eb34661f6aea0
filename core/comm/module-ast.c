/* The schedule, AST and parameters of the modules' code (see
 * module-ast.h). */
#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/id.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include "comm/module-ast.h"
#include "compute/codegen.h"

/* Points scheduled at their free dimensions, where the fixed ones hold
 * (the fixed dimensions are parameters: isl builds loops only for the
 * others, which keeps it fast).  The statement keeps only its free
 * dimensions too: isl carries every dimension of the statement through
 * every level of the AST, and the fixed ones are the parameters
 * (sy_module_ast_lift puts them back). */
typedef struct {
	isl_union_map **sched;
	isl_set *eq;
	const char *const *fixed;
} Points;

static isl_stat add_points(isl_set *points, void *user)
{
	Points *p = user;
	isl_id *name = isl_set_get_tuple_id(points);
	isl_map *id = isl_map_identity(
		isl_space_map_from_set(isl_set_get_space(points)));

	id = isl_map_intersect_domain(id, points);
	id = isl_map_reset_tuple_id(id, isl_dim_out);
	id = isl_map_intersect_range(id, isl_set_copy(p->eq));
	for (int d = (int)isl_map_dim(id, isl_dim_out) - 1; d >= 0; d--)
		if (p->fixed[d]) {
			id = isl_map_project_out(id, isl_dim_out, d, 1);
			id = isl_map_project_out(id, isl_dim_in, d, 1);
		}
	id = isl_map_set_tuple_id(id, isl_dim_in, name);
	*p->sched = isl_union_map_add_map(*p->sched, id);
	return isl_stat_ok;
}

/* The names of the free dimensions' loops: the same in every module. */
static isl_id_list *free_iterators(
	const SyHlsModel *m, isl_ctx *ctx, const char *const *fixed)
{
	isl_id_list *all = sy_codegen_iterators(
		m->array->analysis->prog, ctx, m->n_dims + 2);
	isl_id_list *list = isl_id_list_alloc(ctx, (int)m->n_dims + 2);

	for (guint d = 0; d < m->n_dims + 2; d++)
		if (d >= m->n_dims || !fixed[d])
			list = isl_id_list_add(
				list, isl_id_list_get_at(all, (int)d));
	isl_id_list_free(all);
	return list;
}

/* Schedule dimension d equal to parameter fixed[d] where that is not
 * NULL, in space (parameters: the fixed names). */
static isl_set *fixed_equalities(
	const SyHlsModel *m, isl_ctx *ctx, const char *const *fixed,
	isl_space **space)
{
	guint np = 0, k = 0;
	isl_set *eq;
	isl_local_space *ls;

	for (guint d = 0; d < m->n_dims; d++)
		np += fixed[d] != NULL;
	*space = isl_space_set_alloc(ctx, np, m->n_dims);
	for (guint d = 0; d < m->n_dims; d++)
		if (fixed[d])
			*space = isl_space_set_dim_id(*space, isl_dim_param,
				k++, isl_id_alloc(ctx, fixed[d], NULL));
	eq = isl_set_universe(isl_space_copy(*space));
	ls = isl_local_space_from_space(isl_space_copy(*space));
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
	return eq;
}

static void param_free(gpointer data)
{
	SyCodeParam *param = data;

	g_free(param->name);
	g_free(param);
}

GPtrArray *sy_module_ast_params(const char *const *fixed, guint n_dims)
{
	GPtrArray *params = g_ptr_array_new_with_free_func(param_free);

	for (guint d = 0; d < n_dims; d++) {
		SyCodeParam *param;

		if (!fixed[d])
			continue;
		param = g_new0(SyCodeParam, 1);
		param->name = g_strdup(fixed[d]);
		param->dim = d;
		g_ptr_array_add(params, param);
	}
	return params;
}

GPtrArray *sy_module_ast_params_copy(const GPtrArray *params)
{
	GPtrArray *copy = g_ptr_array_new_with_free_func(param_free);

	for (guint i = 0; i < params->len; i++) {
		const SyCodeParam *param = g_ptr_array_index(params, i);
		SyCodeParam *c = g_new0(SyCodeParam, 1);

		c->name = g_strdup(param->name);
		c->dim = param->dim;
		g_ptr_array_add(copy, c);
	}
	return copy;
}

isl_union_map *sy_module_ast_sched(const SyHlsModel *m,
	isl_union_set *points, const char *const *fixed, isl_space **space)
{
	isl_ctx *ctx = m->array->analysis->ctx;
	isl_set *eq = fixed_equalities(m, ctx, fixed, space);
	isl_union_map *sched =
		isl_union_map_empty(isl_space_params_alloc(ctx, 0));
	Points pts = {&sched, eq, fixed};

	isl_union_set_foreach_set(points, add_points, &pts);
	isl_union_set_free(points);
	isl_set_free(eq);
	return sched;
}

isl_ast_node *sy_module_ast_build(const SyHlsModel *m, isl_union_map *sched,
	const char *const *fixed, isl_space *space,
	isl_ast_node *(*at_each)(
		isl_ast_node *node, isl_ast_build *build, void *user),
	void *user)
{
	isl_ctx *ctx = m->array->analysis->ctx;
	isl_ast_build *build = isl_ast_build_from_context(
		isl_set_universe(isl_space_params(space)));
	isl_ast_node *tree;

	build = isl_ast_build_set_iterators(
		build, free_iterators(m, ctx, fixed));
	build = isl_ast_build_set_at_each_domain(build, at_each, user);
	tree = isl_ast_build_node_from_schedule_map(build, sched);
	isl_ast_build_free(build);
	return tree;
}

isl_pw_multi_aff *sy_module_ast_lift(const SyHlsModel *m,
	const char *const *fixed, const SyHlsStmt *h, isl_pw_multi_aff *back)
{
	isl_space *from = isl_space_range(isl_pw_multi_aff_get_space(back));
	isl_space *space = isl_space_map_from_domain_and_range(
		isl_space_copy(from),
		isl_space_align_params(isl_set_get_space(h->points),
			isl_space_copy(from)));
	isl_multi_aff *ma = isl_multi_aff_zero(isl_space_copy(space));
	isl_local_space *ls = isl_local_space_from_space(
		isl_space_domain(space));
	int free_dim = 0;

	for (guint d = 0; d < m->n_dims; d++) {
		isl_aff *aff;

		if (fixed[d]) {
			int pos = isl_space_find_dim_by_name(
				from, isl_dim_param, fixed[d]);

			aff = isl_aff_var_on_domain(isl_local_space_copy(ls),
				isl_dim_param, (unsigned)pos);
		} else {
			aff = isl_aff_var_on_domain(isl_local_space_copy(ls),
				isl_dim_set, (unsigned)free_dim++);
		}
		ma = isl_multi_aff_set_aff(ma, (int)d, aff);
	}
	isl_local_space_free(ls);
	isl_space_free(from);
	return isl_pw_multi_aff_pullback_pw_multi_aff(
		isl_pw_multi_aff_from_multi_aff(ma), back);
}

/* Renaming */

typedef struct {
	const char *const *from, *const *to;
	guint n;
} Rename;

static void expr_rename(SyCodeExpr *e, const Rename *r)
{
	if (!e)
		return;
	for (guint k = 0; e->kind == SY_CODE_EXPR_ID && k < r->n; k++)
		if (g_str_equal(e->name, r->from[k])) {
			g_free(e->name);
			e->name = g_strdup(r->to[k]);
			return;
		}
	for (guint i = 0; e->kind == SY_CODE_EXPR_OP && i < e->n_args; i++)
		expr_rename(e->args[i], r);
}

static void code_rename(SyCode *c, const Rename *r)
{
	if (!c)
		return;
	expr_rename(c->init, r);
	expr_rename(c->cond, r);
	expr_rename(c->inc, r);
	code_rename(c->body, r);
	code_rename(c->else_body, r);
	for (guint i = 0; c->children && i < c->children->len; i++)
		code_rename(g_ptr_array_index(c->children, i), r);
	for (guint i = 0; c->args && i < c->args->len; i++)
		expr_rename(g_ptr_array_index(c->args, i), r);
}

void sy_module_ast_rename(SyCode *code, const char *const *from,
	const char *const *to, guint n)
{
	code_rename(code, &(Rename){from, to, n});
}
