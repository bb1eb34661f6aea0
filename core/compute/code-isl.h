/* Code from isl's ASTs.  A statement's arguments are computed where isl
 * builds its user node (sy_code_annotate, from the build and the way
 * back to the statement's instance) and kept on the node; converting
 * the tree then takes them.  One place for what the transformed loop
 * nest (codegen.c), the HLS modules and the testbench each did.
 *
 * isl's integers are unbounded, ours 64 bits: a larger one fails the
 * conversion with an error on isl's context (isl_error_invalid), which
 * the stage's check (sy_isl_stage_check) reports like any other. */
#pragma once

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/aff.h>

#include "compute/code.h"

G_BEGIN_DECLS

/* NULL where isl failed (expr NULL) or an integer needs more than 64
 * bits (then an error on the context). */
__isl_give SyCodeExpr *sy_code_expr_from_isl(__isl_keep isl_ast_expr *expr);

/* What a user node becomes: the statement the callback gives, or NULL
 * for the default, a copy of the statement sy_code_annotate attached,
 * or without one, a statement named after the call whose arguments are
 * the call's. */
typedef __isl_give SyCode *(*SyCodeUserFunc)(
	__isl_keep isl_ast_node *node, gpointer user);

/* NULL where isl failed (node NULL) or an integer needs more than 64
 * bits (then an error on the context).  user_fn may be NULL. */
__isl_give SyCode *sy_code_from_isl(
	__isl_keep isl_ast_node *node, SyCodeUserFunc user_fn, gpointer user);

/* Adds the arguments of a statement instance: stmt is the statement to
 * fill (named after isl's call), build is at its user node, back goes
 * from the node's schedule point to the instance. */
typedef void (*SyCodeArgsFunc)(__isl_keep SyCode *stmt,
	__isl_keep isl_ast_build *build, __isl_keep isl_pw_multi_aff *back,
	gpointer user);

/* For isl_ast_build_set_at_each_domain's callback: node with the
 * statement args_fn fills attached. */
__isl_give isl_ast_node *sy_code_annotate(__isl_take isl_ast_node *node,
	__isl_keep isl_ast_build *build, SyCodeArgsFunc args_fn, gpointer user);

/* The statement sy_code_annotate attached to user node node, NULL if
 * none. */
__isl_keep const SyCode *sy_code_annotation(__isl_keep isl_ast_node *node);

/* Adds expr, converted (NULL: a condition that always holds), to stmt's
 * arguments.  An integer beyond 64 bits adds NULL and sets an
 * error on the context. */
void sy_code_user_add_isl(
	__isl_keep SyCode *stmt, __isl_take isl_ast_expr *expr);

G_END_DECLS
