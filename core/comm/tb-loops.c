/* The testbench's loops: isl's AST over U[tile, unit in chain order],
 * the boxes a path's L3 module moves in the order it moves them, each
 * statement annotated with its box's offset and, reading back, the
 * condition under which an element of the box is written back. */
#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/constraint.h>
#include <isl/id.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "comm/tb-loops.h"
#include "compute/code-isl.h"
#include "compute/codegen.h"
#include "poly/isl-stage.h"

/* What each box's statement is annotated with. */
typedef struct {
	isl_multi_pw_aff *offset; /* on U; NULL for no offset */
	/* Paths out: the elements of a box written back, on U with the
	 * element as parameters sy_a0, sy_a1, ...; NULL for paths in. */
	isl_set *written;
} Box;

/* The parameter space of the elements' coordinates sy_a0, sy_a1, ... */
static isl_space *element_params(isl_ctx *ctx, guint n)
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
static isl_set *elements_as_params(isl_map *map)
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
static isl_map *box_elements(
	const SyHlsBox *box, __isl_take isl_multi_pw_aff *offset)
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
static isl_set *written_set(const SyHlsModel *m, const SyHlsPath *hp,
	__isl_take isl_multi_aff *perm, isl_set *set, isl_multi_pw_aff *offset)
{
	isl_map *out = isl_map_apply_range(
		isl_map_from_multi_aff(perm), sy_hls_model_copy_out(m, hp));
	isl_set *written = elements_as_params(
		isl_map_intersect_domain(out, isl_set_copy(set)));

	if (!offset)
		return written;
	return isl_set_gist(written,
		elements_as_params(
			box_elements(&hp->box, isl_multi_pw_aff_copy(offset))));
}

/* A box's arguments: its offset per dimension, then (paths out) the
 * condition that its element is written back, NULL where every element
 * is. */
static void box_args(
	SyCode *call, isl_ast_build *build, isl_pw_multi_aff *at, void *user)
{
	Box *box = user;
	guint n = box->offset
		? sy_isl_size(isl_multi_pw_aff_dim(box->offset, isl_dim_out))
		: 0;

	for (guint d = 0; d < n; d++)
		sy_code_user_add_isl(call,
			isl_ast_build_expr_from_pw_aff(build,
				isl_pw_aff_pullback_pw_multi_aff(
					isl_multi_pw_aff_get_at(
						box->offset, (int)d),
					isl_pw_multi_aff_copy(at))));
	if (box->written) {
		isl_set *here = isl_set_from_union_set(
			isl_union_map_range(isl_ast_build_get_schedule(build)));
		isl_set *cond = isl_set_preimage_pw_multi_aff(
			isl_set_copy(box->written), isl_pw_multi_aff_copy(at));

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

static isl_ast_node *at_domain(
	isl_ast_node *node, isl_ast_build *build, void *box)
{
	return sy_code_annotate(node, build, box_args, box);
}

/* The PE dimensions a path's boxes are per, in the order its L3 module
 * walks them: interior chains run along their chain loop, which is
 * innermost here.  Returns how many. */
static guint chain_order(const SyHlsModel *m, const SyIoPath *p, guint *order)
{
	guint n = 0;

	for (guint k = 0; k < m->n_space; k++)
		if (p->exterior ? !p->direction[k] : k != p->chain)
			order[n++] = k;
	if (!p->exterior)
		order[n++] = p->chain;
	return n;
}

/* U[tile, unit in chain order]: the path's tiles, each unit within the
 * PE array. */
static isl_set *boxes_set(const SyHlsModel *m, const SyHlsPath *hp,
	const guint *order, guint n_unit)
{
	isl_ctx *ctx = m->array->analysis->ctx;
	isl_set *units = isl_set_universe(isl_space_set_alloc(ctx, 0, n_unit));

	for (guint v = 0; v < n_unit; v++) {
		isl_local_space *ls = isl_local_space_from_space(
			isl_set_get_space(units));
		isl_constraint *c = isl_constraint_alloc_inequality(
			isl_local_space_copy(ls));

		c = isl_constraint_set_coefficient_si(c, isl_dim_set, v, 1);
		units = isl_set_add_constraint(units, c);
		c = isl_constraint_alloc_inequality(ls);
		c = isl_constraint_set_coefficient_si(c, isl_dim_set, v, -1);
		c = isl_constraint_set_constant_si(
			c, m->array->pe[order[v]] - 1);
		units = isl_set_add_constraint(units, c);
	}
	return isl_set_set_tuple_name(
		isl_set_flat_product(
			isl_set_copy(hp->load ? hp->load : hp->tiles), units),
		"U");
}

/* U[tile, unit in chain order] -> [tile, unit in PE order]: the box's
 * unit coordinates are the kept PE dimensions in PE order. */
static isl_multi_aff *chain_to_pe(const SyHlsModel *m, const SyIoPath *p,
	isl_space *u, const guint *order, guint n_unit)
{
	isl_space *space = isl_space_map_from_domain_and_range(
		isl_space_copy(u),
		isl_space_set_alloc(
			isl_space_get_ctx(u), 0, m->n_tile + n_unit));
	isl_multi_aff *perm = isl_multi_aff_zero(space);
	isl_local_space *ls = isl_local_space_from_space(u);
	guint at = m->n_tile;

	for (guint d = 0; d < m->n_tile; d++)
		perm = isl_multi_aff_set_aff(perm, (int)d,
			isl_aff_var_on_domain(
				isl_local_space_copy(ls), isl_dim_set, d));
	for (guint k = 0; k < m->n_space; k++) {
		if (p->exterior && p->direction[k])
			continue;
		for (guint v = 0; v < n_unit; v++)
			if (order[v] == k)
				perm = isl_multi_aff_set_aff(perm, (int)at,
					isl_aff_var_on_domain(
						isl_local_space_copy(ls),
						isl_dim_set, m->n_tile + v));
		at++;
	}
	isl_local_space_free(ls);
	return perm;
}

/* Loops over a path's tiles and units, in the order its L3 module moves
 * their boxes: lines in row-major order, or chains and then their PEs.
 * NULL where isl failed. */
static SyCode *path_loops(const SyHlsModel *m, const SyHlsPath *hp)
{
	const SyIoPath *p = hp->path;
	isl_ctx *ctx = m->array->analysis->ctx;
	guint order[3], n_unit = chain_order(m, p, order);
	isl_set *set = boxes_set(m, hp, order, n_unit);
	isl_multi_aff *perm = chain_to_pe(
		m, p, isl_set_get_space(set), order, n_unit);
	Box box = {NULL, NULL};
	isl_map *sched;
	isl_ast_build *build;
	isl_ast_node *tree;
	SyCode *code;

	if (hp->box.offset)
		box.offset = isl_multi_pw_aff_pullback_multi_aff(
			isl_multi_pw_aff_copy(hp->box.offset),
			isl_multi_aff_copy(perm));
	if (!p->in)
		box.written = written_set(
			m, hp, isl_multi_aff_copy(perm), set, box.offset);
	isl_multi_aff_free(perm);
	sched = isl_map_intersect_domain(
		isl_map_identity(
			isl_space_map_from_set(isl_set_get_space(set))),
		set);
	build = isl_ast_build_from_context(isl_set_universe(
		element_params(ctx, p->in ? 0 : p->array->n_dims)));
	build = isl_ast_build_set_iterators(build,
		sy_codegen_iterators(
			m->array->analysis->prog, ctx, m->n_tile + n_unit + 1));
	build = isl_ast_build_set_at_each_domain(build, at_domain, &box);
	tree = isl_ast_build_node_from_schedule_map(
		build, isl_union_map_from_map(sched));
	isl_ast_build_free(build);
	code = sy_code_from_isl(tree, NULL, NULL);
	isl_ast_node_free(tree);
	isl_multi_pw_aff_free(box.offset);
	isl_set_free(box.written);
	return code;
}

/* One path's facts, added to facts; FALSE where isl failed.  The
 * backend refuses counts beyond 64 bits before it prints (the words of
 * every port are checked so, sy_design_complete); here the largest
 * value stands in. */
static gboolean add_path(
	SyTbFacts *facts, const SyHlsModel *m, const SyHlsPath *hp)
{
	SyChecked ck = {NULL};
	SyCode *loops = path_loops(m, hp);
	gint64 elements = 1;

	if (!loops)
		return FALSE;
	for (guint d = 0; d < hp->path->array->n_dims; d++)
		elements = sy_checked_mul(&ck, elements, hp->box.size[d],
			"the number of elements of a box");
	g_clear_error(&ck.error);
	sy_tb_facts_add(facts, hp->path, hp->path->array->n_dims, hp->box.size,
		hp->pack, elements / hp->pack, loops);
	return TRUE;
}

SyTbFacts *sy_tb_facts_from_model(const SyHlsModel *m)
{
	SyTbFacts *facts = sy_tb_facts_new();

	for (guint i = 0; i < m->paths->len; i++)
		if (!add_path(facts, m, g_ptr_array_index(m->paths, i))) {
			sy_tb_facts_free(facts);
			return NULL;
		}
	return facts;
}
