/* The polyhedral model of the SCoP: statements with iteration domains,
 * tagged access relations, array extents, and the original schedule as an
 * isl schedule tree in source order (one single-member band per loop, a
 * sequence per block), built as pet does. */
#pragma once

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include "base/own.h"
#include "frontend/program.h"

G_BEGIN_DECLS

typedef struct _SyArray SyArray;
typedef struct _SyAccess SyAccess;
typedef struct _SyStmt SyStmt;

struct _SyArray {
	char *name;
	__isl_keep const SyVar *var;
	guint n_dims; /* 0 for a scalar */
	__isl_keep const gint64 *dims; /* the variable's */
	gboolean local; /* declared in the SCoP: an on-chip temporary */
	gboolean read;
	gboolean written;
	isl_set *extent; /* { A[a0, a1] : 0 <= a0 < 64 and ... } */
};

struct _SyAccess {
	char *ref; /* "R0": its name in dependences */
	guint index; /* position in SyScop.accesses */
	__isl_keep SyArray *array;
	__isl_keep SyStmt *stmt;
	gboolean write;
	__isl_keep const SyExpr *expr; /* NULL for a kill */
	isl_multi_pw_aff *subscripts; /* S[i, j] -> A[f(i, j)] */
	isl_map *map; /* the same, restricted to the domain */
};

struct _SyStmt {
	char *name; /* "S0"; kills are "K0" */
	gboolean kill; /* a local declaration's new lifetime */
	__isl_keep const SyNode *node; /* the assignment or the declaration */
	guint n_iters;
	const SyNode **loops; /* enclosing loops, outermost first; the array
				 is owned, the loops __isl_keep */
	const SyVar **iters; /* the same: __isl_keep iterators */
	isl_set *domain;
	GPtrArray *accesses; /* SyAccess: the write, then reads in order */
};

/* A loop of the SCoP, with its iterations as a set over the iterators of
 * the loops around it and itself (conditions included). */
typedef struct {
	__isl_keep const SyNode *node;
	guint depth;
	const SyVar **iters; /* depth + 1, __isl_keep iterators */
	isl_set *iterations;
} SyLoop;

typedef struct {
	__isl_keep isl_ctx *ctx;
	__isl_keep const SyProgram *prog;
	GPtrArray *arrays; /* SyArray in order of first use */
	GPtrArray *stmts; /* SyStmt S0..Sn */
	GPtrArray *kills; /* SyStmt K0..Kn */
	GPtrArray *accesses; /* __isl_keep SyAccess (the statements'),
				R0..Rn */
	GPtrArray *loops; /* SyLoop in source order */
	isl_union_set *domain;
	isl_schedule *schedule; /* statements only */
	isl_schedule *kill_schedule; /* statements and kills */
	GHashTable *by_node; /* private: SyNode -> SyStmt or SyLoop */
} SyScop;

/* The model of prog, which must outlive it. */
__isl_give SyScop *sy_scop_build(__isl_keep isl_ctx *ctx,
	__isl_keep const SyProgram *prog, GError **error);
void sy_scop_free(__isl_take SyScop *scop);

/* How to build a schedule from the source.  omit: FOR nodes to leave
 * out (may be NULL); kills: with the kill statements; band: if not NULL,
 * makes each loop's band from its schedule values, so that a loop can
 * be strip-mined. */
typedef __isl_give isl_multi_union_pw_aff *(*SyLoopBandFunc)(
	__isl_keep const SyNode *loop, __isl_take isl_union_pw_aff *value,
	gpointer user);

typedef struct {
	__isl_keep GHashTable *omit;
	gboolean kills;
	SyLoopBandFunc band;
	gpointer user;
} SyScheduleSpec;

/* The schedule in source order, built as spec says. */
__isl_give isl_schedule *sy_scop_schedule(
	__isl_keep const SyScop *scop, __isl_keep const SyScheduleSpec *spec);

/* kill_schedule restricted to the statements and kills in only (a set
 * of SyStmt), without the loops and sequences that hold none of them;
 * NULL if only holds none. */
__isl_give isl_schedule *sy_scop_kill_schedule_of(
	__isl_keep const SyScop *scop, __isl_keep GHashTable *only);

__isl_keep SyStmt *sy_scop_find_stmt(
	__isl_keep const SyScop *scop, __isl_keep const SyNode *node);
__isl_keep const SyLoop *sy_scop_find_loop(
	__isl_keep const SyScop *scop, __isl_keep const SyNode *node);
__isl_keep SyStmt *sy_scop_stmt_by_name(
	__isl_keep const SyScop *scop, __isl_keep const char *name);
__isl_keep SyAccess *sy_scop_access_by_ref(
	__isl_keep const SyScop *scop, __isl_keep const char *ref);

/* The schedule value of a loop's iteration: i for i++, -i for i--,
 * floor(i / c) for i += c, so consecutive iterations differ by one. */
__isl_give isl_pw_aff *sy_loop_schedule_value(
	__isl_keep const SyNode *loop, __isl_take isl_pw_aff *iter);

/* The read, write or kill relations of the whole SCoP. */
__isl_give isl_union_map *sy_scop_accesses(
	__isl_keep const SyScop *scop, gboolean write, gboolean kill);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyScop, sy_scop_free)

G_END_DECLS
