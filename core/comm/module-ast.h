/* What the modules' code (module-code.c) is built from: the schedule of
 * their statements' points at the free dimensions (the fixed ones, tile
 * and PE, are parameters), isl's AST of it, the way back from a user
 * node to a statement's points, the fixed dimensions as the code's
 * parameters, and the renaming of one module's parameters into
 * another's. */
#pragma once

#include <isl/ast.h>
#include <isl/ast_build.h>

#include "comm/hls-model.h"
#include "compute/code.h"

G_BEGIN_DECLS

/* The points (S[schedule], taken) where schedule dimension d is the
 * parameter fixed[d] if that is not NULL, scheduled at their free
 * dimensions; each statement keeps only its free dimensions too (isl
 * carries every dimension of a statement through every level of the
 * AST).  *space: the parameters'. */
__isl_give isl_union_map *sy_module_ast_sched(__isl_keep const SyHlsModel *m,
	__isl_take isl_union_set *points, __isl_keep const char *const *fixed,
	__isl_give isl_space **space);

/* isl's AST of sched (taken; space: its parameters', taken), the loops
 * named as in every module, at_each called at every user node. */
__isl_give isl_ast_node *sy_module_ast_build(__isl_keep const SyHlsModel *m,
	__isl_take isl_union_map *sched, __isl_keep const char *const *fixed,
	__isl_take isl_space *space,
	__isl_give isl_ast_node *(*at_each)(__isl_take isl_ast_node *node,
		__isl_keep isl_ast_build *build, __isl_keep void *user),
	__isl_keep void *user);

/* back (schedule -> the statement's free dimensions, taken), at a user
 * node of an AST of sy_module_ast_sched, with the fixed dimensions put
 * back: schedule -> the statement's points (h->points). */
__isl_give isl_pw_multi_aff *sy_module_ast_lift(
	__isl_keep const SyHlsModel *m, __isl_keep const char *const *fixed,
	__isl_keep const SyHlsStmt *h, __isl_take isl_pw_multi_aff *back);

/* The fixed dimensions, in order, as SyCodeParam. */
__isl_give GPtrArray *sy_module_ast_params(
	__isl_keep const char *const *fixed, guint n_dims);
__isl_give GPtrArray *sy_module_ast_params_copy(
	__isl_keep const GPtrArray *params);

/* Renames identifier from[k] to to[k] (k < n) everywhere in code. */
void sy_module_ast_rename(__isl_keep SyCode *code,
	__isl_keep const char *const *from, __isl_keep const char *const *to,
	guint n);

G_END_DECLS
