#include <limits.h>
#include <stdlib.h>

#include <isl/id.h>
#include <isl/map.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "compute/code-isl.h"
#include "poly/isl-stage.h"

G_STATIC_ASSERT(sizeof(long) == sizeof(gint64));

/* The name of the ids that carry a statement (SyCode) on a user node. */
static const char annotation_name[] = "sy_code";

/* Expressions */

static SyCodeExpr *int_from_isl(isl_ast_expr *expr)
{
	isl_val *v = isl_ast_expr_int_get_val(expr);
	SyCodeExpr *e = NULL;

	if (v && isl_val_is_int(v) == isl_bool_true &&
		isl_val_cmp_si(v, LONG_MAX) <= 0 &&
		isl_val_cmp_si(v, LONG_MIN) >= 0)
		e = sy_code_expr_int(isl_val_get_num_si(v));
	else if (v)
		isl_handle_error(isl_ast_expr_get_ctx(expr), isl_error_invalid,
			"an integer of more than 64 bits in generated code",
			__FILE__, __LINE__);
	isl_val_free(v);
	return e;
}

static SyCodeExpr *id_from_isl(isl_ast_expr *expr)
{
	isl_id *id = isl_ast_expr_id_get_id(expr);
	SyCodeExpr *e = id ? sy_code_expr_id(isl_id_get_name(id)) : NULL;

	isl_id_free(id);
	return e;
}

/* isl's operations are ours in the same order (code.h). */
static SyCodeExpr *op_from_isl(isl_ast_expr *expr)
{
	enum isl_ast_expr_op_type type = isl_ast_expr_op_get_type(expr);
	guint n = sy_isl_size(isl_ast_expr_op_get_n_arg(expr));
	SyCodeExpr **args = g_new0(SyCodeExpr *, n + 1);
	SyCodeExpr *e;

	if (type < 0 || type >= (int)SY_CODE_N_OPS) {
		g_free(args);
		return NULL;
	}
	for (guint k = 0; k < n; k++) {
		isl_ast_expr *arg = isl_ast_expr_op_get_arg(expr, (int)k);

		args[k] = sy_code_expr_from_isl(arg);
		isl_ast_expr_free(arg);
	}
	/* A missing argument (isl failed) fails the operation. */
	e = sy_code_expr_op((SyCodeOp)type, n, args);
	g_free(args);
	return e;
}

SyCodeExpr *sy_code_expr_from_isl(isl_ast_expr *expr)
{
	switch (isl_ast_expr_get_type(expr)) {
	case isl_ast_expr_int: return int_from_isl(expr);
	case isl_ast_expr_id: return id_from_isl(expr);
	case isl_ast_expr_op: return op_from_isl(expr);
	default: return NULL;
	}
}

void sy_code_user_add_isl(SyCode *stmt, isl_ast_expr *expr)
{
	sy_code_user_add(stmt, expr ? sy_code_expr_from_isl(expr) : NULL);
	isl_ast_expr_free(expr);
}

/* Statements */

/* The statement's name (the call's function) and, where sy_code_user_add
 * adds them, the call's arguments. */
static SyCode *call_from_isl(isl_ast_node *node, gboolean with_args)
{
	isl_ast_expr *call = isl_ast_node_user_get_expr(node);
	isl_ast_expr *fn = isl_ast_expr_op_get_arg(call, 0);
	isl_id *id = isl_ast_expr_id_get_id(fn);
	guint n = sy_isl_size(isl_ast_expr_op_get_n_arg(call));
	SyCode *stmt = id ? sy_code_user_new(isl_id_get_name(id)) : NULL;

	for (guint k = 1; stmt && with_args && k < n; k++)
		sy_code_user_add_isl(
			stmt, isl_ast_expr_op_get_arg(call, (int)k));
	isl_id_free(id);
	isl_ast_expr_free(fn);
	isl_ast_expr_free(call);
	return stmt;
}

isl_ast_node *sy_code_annotate(isl_ast_node *node, isl_ast_build *build,
	SyCodeArgsFunc args_fn, gpointer user)
{
	SyCode *stmt = call_from_isl(node, FALSE);
	isl_map *map = isl_map_reverse(
		isl_map_from_union_map(isl_ast_build_get_schedule(build)));
	isl_pw_multi_aff *back = isl_pw_multi_aff_from_map(map);
	isl_id *id;

	if (stmt)
		args_fn(stmt, build, back, user);
	isl_pw_multi_aff_free(back);
	id = isl_id_alloc(isl_ast_node_get_ctx(node), annotation_name, stmt);
	/* isl out of operations gives no id: the statement is still ours. */
	if (!id)
		sy_code_free(stmt);
	id = isl_id_set_free_user(
		id, (void (*)(void *))(void (*)(void))sy_code_free);
	return isl_ast_node_set_annotation(node, id);
}

const SyCode *sy_code_annotation(isl_ast_node *node)
{
	isl_id *id = isl_ast_node_get_annotation(node);
	const SyCode *stmt = NULL;

	if (id && g_strcmp0(isl_id_get_name(id), annotation_name) == 0)
		stmt = isl_id_get_user(id);
	/* The node keeps the id, and the id the statement. */
	isl_id_free(id);
	return stmt;
}

static SyCode *user_from_isl(isl_ast_node *node)
{
	isl_id *id = isl_ast_node_get_annotation(node);
	SyCode *stmt;

	if (id && g_strcmp0(isl_id_get_name(id), annotation_name) == 0)
		stmt = sy_code_copy(isl_id_get_user(id));
	else
		stmt = call_from_isl(node, TRUE);
	isl_id_free(id);
	return stmt;
}

/* Nodes */

typedef struct {
	SyCodeUserFunc user_fn;
	gpointer user;
	gboolean failed;
} Convert;

static SyCode *node_from_isl(isl_ast_node *node, Convert *cv);

/* Converts a child got from isl (taken). */
static SyCode *child_from_isl(isl_ast_node *child, Convert *cv)
{
	SyCode *c = node_from_isl(child, cv);

	isl_ast_node_free(child);
	return c;
}

static SyCodeExpr *expr_taken(isl_ast_expr *expr, Convert *cv)
{
	SyCodeExpr *e = sy_code_expr_from_isl(expr);

	cv->failed = cv->failed || !e;
	isl_ast_expr_free(expr);
	return e;
}

static SyCode *for_from_isl(isl_ast_node *node, Convert *cv)
{
	isl_ast_expr *it = isl_ast_node_for_get_iterator(node);
	isl_id *id = isl_ast_expr_id_get_id(it);
	gboolean degenerate = isl_ast_node_for_is_degenerate(node) ==
		isl_bool_true;
	SyCodeExpr *init = expr_taken(isl_ast_node_for_get_init(node), cv);
	SyCodeExpr *cond = expr_taken(isl_ast_node_for_get_cond(node), cv);
	SyCodeExpr *inc = expr_taken(isl_ast_node_for_get_inc(node), cv);
	SyCode *body = child_from_isl(isl_ast_node_for_get_body(node), cv);
	SyCode *c = sy_code_for_new(id ? isl_id_get_name(id) : "", init, cond,
		inc, degenerate, body);

	cv->failed = cv->failed || !id;
	isl_id_free(id);
	isl_ast_expr_free(it);
	return c;
}

static SyCode *if_from_isl(isl_ast_node *node, Convert *cv)
{
	SyCodeExpr *cond = expr_taken(isl_ast_node_if_get_cond(node), cv);
	SyCode *then_body = child_from_isl(
		isl_ast_node_if_get_then_node(node), cv);
	SyCode *else_body = NULL;

	if (isl_ast_node_if_has_else_node(node) == isl_bool_true)
		else_body = child_from_isl(
			isl_ast_node_if_get_else_node(node), cv);
	return sy_code_if_new(cond, then_body, else_body);
}

static SyCode *block_from_isl(isl_ast_node *node, Convert *cv)
{
	isl_ast_node_list *list = isl_ast_node_block_get_children(node);
	guint n = sy_isl_size(isl_ast_node_list_n_ast_node(list));
	SyCode *block = sy_code_block_new();

	for (guint i = 0; i < n; i++)
		sy_code_block_add(block,
			child_from_isl(
				isl_ast_node_list_get_ast_node(list, (int)i),
				cv));
	isl_ast_node_list_free(list);
	return block;
}

static SyCode *mark_from_isl(isl_ast_node *node, Convert *cv)
{
	isl_id *id = isl_ast_node_mark_get_id(node);
	SyCode *body = child_from_isl(isl_ast_node_mark_get_node(node), cv);
	SyCode *c = sy_code_mark_new(id ? isl_id_get_name(id) : "", body);

	cv->failed = cv->failed || !id;
	isl_id_free(id);
	return c;
}

static SyCode *node_from_isl(isl_ast_node *node, Convert *cv)
{
	SyCode *c = NULL;

	switch (isl_ast_node_get_type(node)) {
	case isl_ast_node_for: return for_from_isl(node, cv);
	case isl_ast_node_if: return if_from_isl(node, cv);
	case isl_ast_node_block: return block_from_isl(node, cv);
	case isl_ast_node_mark: return mark_from_isl(node, cv);
	case isl_ast_node_user:
		c = cv->user_fn ? cv->user_fn(node, cv->user) : NULL;
		if (!c)
			c = user_from_isl(node);
		break;
	default: break;
	}
	cv->failed = cv->failed || !c;
	return c;
}

SyCode *sy_code_from_isl(
	isl_ast_node *node, SyCodeUserFunc user_fn, gpointer user)
{
	Convert cv = {user_fn, user, FALSE};
	SyCode *code;

	if (!node)
		return NULL;
	code = node_from_isl(node, &cv);
	if (!cv.failed)
		return code;
	sy_code_free(code);
	return NULL;
}
