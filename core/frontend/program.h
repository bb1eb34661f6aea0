/* The parsed program: declarations that the SCoP can see and the SCoP as a
 * tree of blocks, loops, conditions and assignments.  Names inside the
 * SCoP are resolved (SyExpr.ref points at the SyVar), nothing is affine
 * yet: that is the SCoP builder's job (scop.h). */
#pragma once

#include "base/own.h"
#include "frontend/expr.h"
#include "frontend/preproc.h"

G_BEGIN_DECLS

typedef enum {
	SY_VAR_SCALAR,
	SY_VAR_ARRAY,
	SY_VAR_POINTER,
	SY_VAR_ITERATOR,
} SyVarKind;

typedef struct {
	SyVarKind kind;
	char *name;
	char *type; /* element type as written: "data_t" */
	char *base_type; /* with typedefs resolved: "float" */
	gboolean integer; /* an integer element type */
	guint n_dims;
	gint64 *dims; /* -1 where the size is not a constant */
	GError *size_error; /* why, at the declaration, if a size is bad */
	gboolean local; /* declared inside the SCoP */
	gboolean global; /* declared at file scope */
	SyLoc loc;
} SyVar;

typedef enum {
	SY_NODE_BLOCK,
	SY_NODE_FOR,
	SY_NODE_IF,
	SY_NODE_STMT,
	SY_NODE_DECL,
} SyNodeKind;

typedef struct _SyNode SyNode;

struct _SyNode {
	SyNodeKind kind;
	SyLoc loc;
	guint span;
	GPtrArray *children; /* BLOCK: SyNode */
	__isl_keep SyVar *iter; /* FOR: the iterator (the program's) */
	SyExpr *init; /* FOR: first value */
	SyExpr *cond; /* FOR: loop test; IF: condition */
	gint64 step; /* FOR: +c or -c */
	SyNode *body; /* FOR */
	SyNode *then_node; /* IF */
	SyNode *else_node; /* IF, may be NULL */
	SyExpr *lhs; /* STMT: array element or scalar */
	SyPunct op; /* STMT: SY_P_ASSIGN, SY_P_ADD_ASSIGN, ... */
	SyExpr *rhs; /* STMT */
	char *text; /* STMT: the statement as written */
	__isl_keep SyVar *var; /* DECL: the local variable (the program's) */
};

typedef struct {
	SyPreprocessed *pp;
	GPtrArray *vars; /* SyVar: every declaration seen */
	GPtrArray *pragmas; /* SyToken copies of #pragma lines in the SCoP */
	SyNode *scop; /* BLOCK */
	char *function; /* the function around the SCoP */
	GPtrArray *params; /* __isl_keep SyVar (in vars): its parameters */
	gboolean params_known; /* all of them could be read */
	SyLoc begin; /* the '#pragma scop' line */
	SyLoc end; /* the '#pragma endscop' line */
} SyProgram;

__isl_give SyProgram *sy_program_parse(
	__isl_take SyPreprocessed *pp, GError **error);
void sy_program_free(__isl_take SyProgram *prog);
void sy_node_free(__isl_take SyNode *node);

/* The variable a NAME or INDEX expression in the SCoP refers to. */
static inline __isl_keep const SyVar *sy_expr_var(__isl_keep const SyExpr *expr)
{
	return (const SyVar *)expr->ref;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyProgram, sy_program_free)

G_END_DECLS
