/* Code: the body of a generated function as a tree of blocks, loops,
 * guards, marks and statements over expressions, in no language.  isl
 * builds the trees (code-isl.h), the C printer prints them (ast-print.h)
 * for `--emit c` and the HLS modules alike, JSON keeps them
 * (code-json.h): what a design says its modules run is what is printed.
 *
 * Expressions mirror isl's AST expressions operation for operation, so
 * that a tree converted from isl prints exactly as isl's did. */
#pragma once

#include <glib.h>

#include "base/own.h"

G_BEGIN_DECLS

typedef enum {
	SY_CODE_EXPR_INT,
	SY_CODE_EXPR_ID,
	SY_CODE_EXPR_OP,
} SyCodeExprKind;

/* isl_ast_expr_op_type's operations, in its order. */
typedef enum {
	SY_CODE_OP_AND,
	SY_CODE_OP_AND_THEN,
	SY_CODE_OP_OR,
	SY_CODE_OP_OR_ELSE,
	SY_CODE_OP_MAX, /* n-ary, 2 or more */
	SY_CODE_OP_MIN,
	SY_CODE_OP_MINUS, /* unary */
	SY_CODE_OP_ADD,
	SY_CODE_OP_SUB,
	SY_CODE_OP_MUL,
	SY_CODE_OP_DIV, /* exact */
	SY_CODE_OP_FDIV_Q, /* rounded towards -infinity */
	SY_CODE_OP_PDIV_Q, /* of a non-negative dividend */
	SY_CODE_OP_PDIV_R,
	SY_CODE_OP_ZDIV_R, /* only compared against zero */
	SY_CODE_OP_COND, /* a ? b : c */
	SY_CODE_OP_SELECT,
	SY_CODE_OP_EQ,
	SY_CODE_OP_LE,
	SY_CODE_OP_LT,
	SY_CODE_OP_GE,
	SY_CODE_OP_GT,
	SY_CODE_OP_CALL, /* function, then its arguments */
	SY_CODE_OP_ACCESS, /* array, then its subscripts */
	SY_CODE_OP_MEMBER, /* structure, then member */
	SY_CODE_OP_ADDRESS_OF, /* unary */
	SY_CODE_N_OPS
} SyCodeOp;

typedef struct _SyCodeExpr SyCodeExpr;

struct _SyCodeExpr {
	SyCodeExprKind kind;
	gint64 value; /* INT */
	char *name; /* ID */
	SyCodeOp op; /* OP */
	guint n_args;
	SyCodeExpr **args; /* OP: n_args, each non-NULL */
};

__isl_give SyCodeExpr *sy_code_expr_int(gint64 value);
__isl_give SyCodeExpr *sy_code_expr_id(__isl_keep const char *name);
/* An operation of n arguments, each non-NULL; NULL (and the arguments
 * freed) if n is not an arity op takes. */
__isl_give SyCodeExpr *sy_code_expr_op(
	SyCodeOp op, guint n, __isl_take SyCodeExpr **args);
/* The same for one, two or three arguments. */
__isl_give SyCodeExpr *sy_code_expr_op1(SyCodeOp op, __isl_take SyCodeExpr *a);
__isl_give SyCodeExpr *sy_code_expr_op2(
	SyCodeOp op, __isl_take SyCodeExpr *a, __isl_take SyCodeExpr *b);
__isl_give SyCodeExpr *sy_code_expr_op3(SyCodeOp op, __isl_take SyCodeExpr *a,
	__isl_take SyCodeExpr *b, __isl_take SyCodeExpr *c);
void sy_code_expr_free(__isl_take SyCodeExpr *expr);
__isl_give SyCodeExpr *sy_code_expr_copy(__isl_keep const SyCodeExpr *expr);
/* Equal trees; two NULLs are equal. */
gboolean sy_code_expr_is_equal(
	__isl_keep const SyCodeExpr *a, __isl_keep const SyCodeExpr *b);

/* The operation's name ("add", "fdiv_q", "address_of": isl's), and the
 * operation of a name (SY_CODE_N_OPS for none). */
__isl_keep const char *sy_code_op_name(SyCodeOp op);
SyCodeOp sy_code_op_from_name(__isl_keep const char *name);
/* Whether op takes n arguments. */
gboolean sy_code_op_takes(SyCodeOp op, guint n);

typedef enum {
	SY_CODE_BLOCK,
	SY_CODE_FOR,
	SY_CODE_IF,
	SY_CODE_MARK,
	SY_CODE_USER, /* a statement */
} SyCodeKind;

/* What a loop asks of the HLS tool. */
typedef enum {
	SY_CODE_PRAGMA_NONE,
	SY_CODE_PRAGMA_PIPELINE, /* with an initiation interval */
	SY_CODE_PRAGMA_UNROLL,
} SyCodePragma;

typedef struct _SyCode SyCode;

struct _SyCode {
	SyCodeKind kind;
	/* FOR: the iterator; MARK: the mark; USER: the statement. */
	char *name;
	/* FOR: the loop's parts (a degenerate loop runs once, at init,
	 * and is printed as a block naming the iterator's value); IF: the
	 * condition in cond. */
	SyCodeExpr *init, *cond, *inc;
	gboolean degenerate;
	gint64 trip; /* FOR: iterations where constant, else -1 */
	SyCodePragma pragma;
	guint ii; /* PRAGMA_PIPELINE: the initiation interval asked for */
	SyCode *body; /* FOR, MARK; IF: the then branch */
	SyCode *else_body; /* IF: NULL without an else branch */
	GPtrArray *children; /* BLOCK: SyCode */
	/* USER: its arguments, SyCodeExpr; NULL stands for a condition
	 * that always holds. */
	GPtrArray *args;
	/* USER: the statement's index among its program's statements (the
	 * SCoP's order, as the design's facts list them), so that a printer
	 * finds it without a lookup by name; -1 where none was given. */
	int stmt;
};

__isl_give SyCode *sy_code_block_new(void);
/* Adds child at the end of block. */
void sy_code_block_add(__isl_keep SyCode *block, __isl_take SyCode *child);
/* A loop; its trip count is found where init, cond and inc say it
 * plainly (init and the bound integers, a positive integer step). */
__isl_give SyCode *sy_code_for_new(__isl_keep const char *iterator,
	__isl_take SyCodeExpr *init, __isl_take SyCodeExpr *cond,
	__isl_take SyCodeExpr *inc, gboolean degenerate,
	__isl_take SyCode *body);
__isl_give SyCode *sy_code_if_new(__isl_take SyCodeExpr *cond,
	__isl_take SyCode *then_body, __isl_take SyCode *else_body);
__isl_give SyCode *sy_code_mark_new(
	__isl_keep const char *name, __isl_take SyCode *body);
__isl_give SyCode *sy_code_user_new(__isl_keep const char *name);
/* Adds an argument (NULL: a condition that always holds). */
void sy_code_user_add(__isl_keep SyCode *user, __isl_take SyCodeExpr *arg);

void sy_code_free(__isl_take SyCode *code);
__isl_give SyCode *sy_code_copy(__isl_keep const SyCode *code);
/* Equal trees (pragmas and trip counts included); two NULLs are
 * equal. */
gboolean sy_code_is_equal(
	__isl_keep const SyCode *a, __isl_keep const SyCode *b);

/* The trip count of a loop of these parts, -1 where it is not plain
 * (see sy_code_for_new). */
gint64 sy_code_for_trip(__isl_keep const char *iterator,
	__isl_keep const SyCodeExpr *init, __isl_keep const SyCodeExpr *cond,
	__isl_keep const SyCodeExpr *inc, gboolean degenerate);

__isl_keep const char *sy_code_kind_name(SyCodeKind kind);

/* The prefixes of isl's loop iterators, in the order code generation
 * tries them (the first the kernel does not use; the last is Systole's
 * own), NULL-terminated. */
extern const char *const sy_code_iterator_prefixes[];

/* The schedule dimension a loop iterates, -1 for none: isl's iterators
 * are named after their position in the schedule, a prefix and the
 * position ("c7"; the I/O modules' tile loops are "t7"). */
int sy_code_loop_dim(__isl_keep const SyCode *loop);
/* Whether code has a loop of schedule dimension dim
 * (sy_code_loop_dim). */
gboolean sy_code_has_loop(__isl_keep const SyCode *code, int dim);
/* The loop node is, through marks and blocks of one child, when it
 * iterates one of the first n schedule dimensions (the host's tile
 * loops: ast-print.c); NULL otherwise. */
__isl_keep const SyCode *sy_code_outer_loop(
	__isl_keep const SyCode *node, guint n);
/* body under a loop of iterator that runs once, at value: a degenerate
 * loop as isl builds them ("iterator <= value"), for a dimension isl
 * left out, its value fixed (a host's tile loop, ast-print.c). */
__isl_give SyCode *sy_code_at_value(
	__isl_keep const char *iterator, gint64 value, __isl_take SyCode *body);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyCode, sy_code_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyCodeExpr, sy_code_expr_free)

G_END_DECLS
