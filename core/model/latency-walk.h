/* Counting a module's printed loops (compute/code.h) for the latency
 * model: the iterations its pipelined loops run and how often each
 * pipeline is entered, with HLS's loop flattening, guards evaluated
 * where their values are known.  Loops with plain bounds whose bodies
 * do not read their iterator are counted once and multiplied; those
 * whose bodies read it, in pieces (the first iteration, the last, and
 * one for those between) where the iterations between count the same;
 * others (triangles, a PE coordinate) are run, their bodies counted
 * once per iteration. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "compute/code.h"
#include "model/tape.h"

G_BEGIN_DECLS

#define SY_WALK_MAX_NAMES 32

/* Identifiers with known values: the module's fixed dimensions (tile,
 * PE coordinates) and the loops' iterators around; tape (or NULL)
 * records the walk's arithmetic and decisions (model/tape.h): every
 * count below is a SyNum. */
typedef struct {
	const char *name[SY_WALK_MAX_NAMES];
	SyNum value[SY_WALK_MAX_NAMES];
	guint n;
	__isl_keep SyTape *tape;
} SyWalkEnv;

/* Binds name (kept: it must outlive its binding) to value; FALSE if
 * the environment is full. */
gboolean sy_walk_env_push(
	__isl_keep SyWalkEnv *env, __isl_keep const char *name, SyNum value);
void sy_walk_env_pop(__isl_keep SyWalkEnv *env);

/* The value of e; FALSE where it reads an identifier env does not bind
 * or an operation that is not arithmetic, comparison or logic, or
 * divides by 0. */
gboolean sy_walk_num(__isl_keep const SyCodeExpr *e,
	__isl_keep const SyWalkEnv *env, __isl_keep SyNum *value);

/* A constant loop's trip count (code->trip where it is not -1: the
 * sizes may set it); FALSE where it is not constant. */
gboolean sy_walk_trip(__isl_keep const SyCode *code,
	__isl_keep const SyWalkEnv *env, __isl_keep SyNum *trip);

/* A pipelined loop's initiation interval and depth. */
typedef struct {
	SyNum ii, depth;
} SyWalkPipe;

/* What a walk counts: the cycles its pipelined loops issue iterations
 * (iterations x II), the cycles their depths add (a pipeline's depth
 * per entry; a flattened nest is entered once), and per statement
 * (SyCode.stmt, below n_stmts) its runs, lanes of an unrolled loop
 * included.  Each pipelined loop's II and depth are those pipes maps it
 * to (SyCode * -> SyWalkPipe *), else pipe's. */
typedef struct {
	SyNum issue;
	SyNum depth;
	guint n_stmts;
	SyNum *runs; /* n_stmts, or NULL */
	__isl_keep GHashTable *pipes; /* or NULL */
	SyWalkPipe pipe;
} SyWalkCount;

/* Adds code's counts in env to c; FALSE (error set, SY_DESIGN_ERROR)
 * where a loop's bounds cannot be evaluated. */
gboolean sy_walk_count(__isl_keep const SyCode *code, __isl_keep SyWalkEnv *env,
	__isl_keep SyWalkCount *c, GError **error);

/* The node a chain of one-child blocks and marks leads to (code
 * itself if it is neither). */
__isl_keep const SyCode *sy_walk_through(__isl_keep const SyCode *code);

/* Whether the counts below code depend on name: a guard, or a loop
 * whose bounds are not constant, reads it. */
gboolean sy_walk_depends(
	__isl_keep const SyCode *code, __isl_keep const char *name);

/* Identifiers ranging over intervals (a box of tiles), looked up
 * before an environment's. */
typedef struct {
	const char *name[8];
	SyNum lo[8], hi[8];
	guint n;
} SyWalkRanges;

/* The values e takes where the ranges' names range over their
 * intervals and env's are fixed, bounded by [lo, hi] (exact for sums
 * and products by constants, min, max and comparisons; an
 * over-approximation elsewhere); FALSE where e reads a name neither
 * binds or an operation this does not bound. */
gboolean sy_walk_range(__isl_keep const SyCodeExpr *e,
	__isl_keep const SyWalkRanges *ranges, __isl_keep const SyWalkEnv *env,
	__isl_keep SyNum *lo, __isl_keep SyNum *hi);

/* Whether code's counts are the same wherever ranges' names are in
 * their intervals: its bounds and guards are (each decision recorded
 * where env's tape records). */
gboolean sy_walk_uniform(__isl_keep const SyCode *code,
	__isl_keep const SyWalkRanges *ranges, __isl_keep const SyWalkEnv *env);

/* Whether e reads identifier name. */
gboolean sy_walk_expr_uses(
	__isl_keep const SyCodeExpr *e, __isl_keep const char *name);

/* Whether cond pins lane: one of its conjuncts is lane == a constant. */
gboolean sy_walk_pins(
	__isl_keep const SyCodeExpr *cond, __isl_keep const char *lane);

G_END_DECLS

G_BEGIN_DECLS

/* Calls at for each statement instance code runs in env (a tile loop:
 * its statement's arguments, the tile's coordinates, evaluated), in
 * order; FALSE (error set) where a bound or an argument cannot be
 * evaluated, or where at returns FALSE. */
typedef gboolean (*SyWalkPoint)(
	__isl_keep const SyNum *args, guint n, gpointer data, GError **error);
gboolean sy_walk_points(__isl_keep const SyCode *code,
	__isl_keep SyWalkEnv *env, SyWalkPoint at, gpointer data,
	GError **error);

G_END_DECLS
