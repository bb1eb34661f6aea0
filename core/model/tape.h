/* A tape: straight-line integer and floating-point arithmetic recorded
 * while the latency model reads one design, replayed for other sizes of
 * the design's class without isl, without allocation and without the
 * model's walks.
 *
 * The model computes with SyNum (an integer) and SyReal (a double),
 * each a value and, while a tape records, the tape's node that computes
 * it.  Recording changes nothing in what the model computes: the value
 * is always computed, the node only follows it.  A value read from a
 * field the sizes set (a loop's trip count, a PE count, a path's words)
 * is a node that reads the field (sy_tape_live) or the node that
 * defines it from the sizes (sy_tape_define); any other value is a
 * constant and costs nothing.
 *
 * The model's decisions (which branch of a guard, whether two tiles
 * count the same, which PE is the slowest) are recorded as checks: the
 * tape replays one path through the model's code, and a replay whose
 * checks do not all hold fails (sy_tape_run returns FALSE), so that a
 * replay that succeeds computes exactly what the model would: the same
 * operations on the same values, in the same order. */
#pragma once

#include <glib.h>

#include "base/integer.h"
#include "base/own.h"

G_BEGIN_DECLS

typedef struct _SyTape SyTape;

/* A node of a tape; 0: none (a constant). */
typedef guint32 SyTapeRef;

typedef struct {
	gint64 v;
	SyTapeRef r;
} SyNum;

typedef struct {
	double v;
	SyTapeRef r;
} SyReal;

/* A register of a replay. */
typedef union {
	gint64 i;
	double f;
} SyTapeReg;

__isl_give SyTape *sy_tape_new(void);
void sy_tape_free(__isl_take SyTape *t);

/* Input k of the tape (its value in sy_tape_run's inputs[k]); value
 * is the one it has while recording. */
SyNum sy_tape_input(__isl_keep SyTape *t, guint k, gint64 value);

/* Fields whose values change with the sizes.  A live field is read by
 * its node at each replay (something else sets it first); a defined
 * one is computed by the node defining it.  Reads of any other field
 * are constants. */
void sy_tape_live(__isl_keep SyTape *t, __isl_keep const void *field);
void sy_tape_define(
	__isl_keep SyTape *t, __isl_keep const void *field, SyNum value);

/* A constant. */
static inline SyNum sy_num(gint64 v)
{
	return (SyNum){v, 0};
}

/* field = v's value, defined by v's node on t (t may be NULL). */
static inline void sy_tape_set_i64(
	__isl_keep SyTape *t, __isl_keep gint64 *field, SyNum v)
{
	*field = v.v;
	if (t)
		sy_tape_define(t, field, v);
}

static inline void sy_tape_set_u32(
	__isl_keep SyTape *t, __isl_keep guint *field, SyNum v)
{
	*field = (guint)v.v;
	if (t)
		sy_tape_define(t, field, v);
}

/* A field's value (gint64, guint) with its node where t records (t
 * may be NULL). */
SyNum sy_tape_field(__isl_keep SyTape *t, __isl_keep const void *field,
	gboolean wide, gint64 value);

static inline SyNum sy_num_i64(
	__isl_keep SyTape *t, __isl_keep const gint64 *field)
{
	if (G_LIKELY(!t))
		return sy_num(*field);
	return sy_tape_field(t, field, TRUE, *field);
}

static inline SyNum sy_num_u32(
	__isl_keep SyTape *t, __isl_keep const guint *field)
{
	if (G_LIKELY(!t))
		return sy_num(*field);
	return sy_tape_field(t, field, FALSE, *field);
}

/* The tape's operations on integers. */
typedef enum {
	SY_TAPE_ADD,
	SY_TAPE_SUB,
	SY_TAPE_MUL,
	SY_TAPE_DIV,
	SY_TAPE_FDIV,
	SY_TAPE_CDIV,
	SY_TAPE_MOD,
	SY_TAPE_GCD,
	SY_TAPE_MIN,
	SY_TAPE_MAX,
	SY_TAPE_EQ,
	SY_TAPE_LE,
	SY_TAPE_LT,
	SY_TAPE_AND,
	SY_TAPE_OR,
} SyTapeOp;

/* a op b as C computes it on gint64 (division truncates; FDIV floors;
 * CDIV is the ceiling; a division by 0 gives 0, which callers avoid
 * as in C; comparisons and logic give 0 or 1), recorded where t
 * records. */
SyNum sy_tape_binary(__isl_keep SyTape *t, SyTapeOp op, SyNum a, SyNum b);

static inline gint64 sy_tape_apply(SyTapeOp op, gint64 a, gint64 b)
{
	switch (op) {
	case SY_TAPE_ADD: return a + b;
	case SY_TAPE_SUB: return a - b;
	case SY_TAPE_MUL: return a * b;
	case SY_TAPE_DIV: return b ? a / b : 0;
	case SY_TAPE_FDIV: return !b ? 0 : sy_integer_div_floor(a, b);
	case SY_TAPE_CDIV: return !b ? 0 : sy_integer_div_ceil(a, b);
	case SY_TAPE_MOD: return b ? a % b : 0;
	case SY_TAPE_GCD: return sy_integer_gcd(a, b);
	case SY_TAPE_MIN: return MIN(a, b);
	case SY_TAPE_MAX: return MAX(a, b);
	case SY_TAPE_EQ: return a == b;
	case SY_TAPE_LE: return a <= b;
	case SY_TAPE_LT: return a < b;
	case SY_TAPE_AND: return a && b;
	case SY_TAPE_OR: return a || b;
	}
	return 0;
}

/* The same, inline where nothing records: the model's exact path runs
 * these in its walks. */
static inline SyNum sy_num_op(
	__isl_keep SyTape *t, SyTapeOp op, SyNum a, SyNum b)
{
	if (G_LIKELY(!t))
		return sy_num(sy_tape_apply(op, a.v, b.v));
	return sy_tape_binary(t, op, a, b);
}

static inline SyNum sy_num_add(__isl_keep SyTape *t, SyNum a, SyNum b)
{
	if (G_LIKELY(!t))
		return sy_num(a.v + b.v);
	return sy_tape_binary(t, SY_TAPE_ADD, a, b);
}

static inline SyNum sy_num_sub(__isl_keep SyTape *t, SyNum a, SyNum b)
{
	if (G_LIKELY(!t))
		return sy_num(a.v - b.v);
	return sy_tape_binary(t, SY_TAPE_SUB, a, b);
}

static inline SyNum sy_num_mul(__isl_keep SyTape *t, SyNum a, SyNum b)
{
	if (G_LIKELY(!t))
		return sy_num(a.v * b.v);
	return sy_tape_binary(t, SY_TAPE_MUL, a, b);
}

static inline SyNum sy_num_lt(__isl_keep SyTape *t, SyNum a, SyNum b)
{
	if (G_LIKELY(!t))
		return sy_num(a.v < b.v);
	return sy_tape_binary(t, SY_TAPE_LT, a, b);
}

static inline SyNum sy_num_le(__isl_keep SyTape *t, SyNum a, SyNum b)
{
	if (G_LIKELY(!t))
		return sy_num(a.v <= b.v);
	return sy_tape_binary(t, SY_TAPE_LE, a, b);
}

static inline SyNum sy_num_eq(__isl_keep SyTape *t, SyNum a, SyNum b)
{
	if (G_LIKELY(!t))
		return sy_num(a.v == b.v);
	return sy_tape_binary(t, SY_TAPE_EQ, a, b);
}

#define SY_NUM_OP(name, OP)                                                    \
	static inline SyNum sy_num_##name(                                     \
		__isl_keep SyTape *t, SyNum a, SyNum b)                        \
	{                                                                      \
		return sy_num_op(t, SY_TAPE_##OP, a, b);                       \
	}
SY_NUM_OP(div, DIV)
SY_NUM_OP(fdiv, FDIV)
SY_NUM_OP(cdiv, CDIV)
SY_NUM_OP(mod, MOD)
SY_NUM_OP(gcd, GCD)
SY_NUM_OP(min, MIN)
SY_NUM_OP(max, MAX)
SY_NUM_OP(and, AND)
SY_NUM_OP(or, OR)
#undef SY_NUM_OP

static inline SyNum sy_num_neg(__isl_keep SyTape *t, SyNum a)
{
	return sy_num_sub(t, sy_num(0), a);
}

/* The widest packing of elements of bits into a word of at most 512
 * bits that divides n (comm/design.h's sy_design_pack_widest). */
SyNum sy_num_pack_widest(__isl_keep SyTape *t, guint bits, SyNum n);

/* Whether a is not 0: a decision, checked at each replay. */
gboolean sy_tape_holds(__isl_keep SyTape *t, SyNum a);

static inline gboolean sy_num_holds(__isl_keep SyTape *t, SyNum a)
{
	if (G_LIKELY(!t))
		return a.v != 0;
	return sy_tape_holds(t, a);
}

/* a's value, checked at each replay to be the same: for a value the
 * model uses as a count of things it does (loops it runs, entries it
 * makes), which a replay cannot change. */
gint64 sy_num_fixed(__isl_keep SyTape *t, SyNum a);

/* Doubles: a conversion, +, x, / and the larger of two (C's
 * a > b ? a : b, computed at each replay: no decision). */
static inline SyReal sy_real(double v)
{
	return (SyReal){v, 0};
}

typedef enum {
	SY_TAPE_RADD,
	SY_TAPE_RMUL,
	SY_TAPE_RDIV,
	SY_TAPE_RMAX,
} SyTapeRealOp;

SyReal sy_tape_real_of(__isl_keep SyTape *t, SyNum a);
SyReal sy_tape_real(__isl_keep SyTape *t, SyTapeRealOp op, SyReal a, SyReal b);

static inline SyReal sy_real_of(__isl_keep SyTape *t, SyNum a)
{
	if (G_LIKELY(!t))
		return sy_real((double)a.v);
	return sy_tape_real_of(t, a);
}

/* Whether a < b: a decision, checked at each replay. */
gboolean sy_tape_real_lt(__isl_keep SyTape *t, SyReal a, SyReal b);

static inline gboolean sy_real_lt(__isl_keep SyTape *t, SyReal a, SyReal b)
{
	if (G_LIKELY(!t))
		return a.v < b.v;
	return sy_tape_real_lt(t, a, b);
}

#define SY_REAL_OP(name, OP, expr)                                             \
	static inline SyReal sy_real_##name(                                   \
		__isl_keep SyTape *t, SyReal a, SyReal b)                      \
	{                                                                      \
		if (G_LIKELY(!t))                                              \
			return sy_real(expr);                                  \
		return sy_tape_real(t, SY_TAPE_##OP, a, b);                    \
	}
SY_REAL_OP(add, RADD, a.v + b.v)
SY_REAL_OP(mul, RMUL, a.v *b.v)
SY_REAL_OP(div, RDIV, a.v / b.v)
SY_REAL_OP(max, RMAX, a.v > b.v ? a.v : b.v)
#undef SY_REAL_OP

/* Writes a's value to field (gint64, guint, double) now and at each
 * replay (a constant: now only); the field must outlive the tape.
 * Later reads of the field take a's node. */
void sy_tape_store_i64(__isl_keep SyTape *t, SyNum a, __isl_keep gint64 *field);
void sy_tape_store_u32(__isl_keep SyTape *t, SyNum a, __isl_keep guint *field);
void sy_tape_store_real(
	__isl_keep SyTape *t, SyReal a, __isl_keep double *field);

/* From now on, stores write their fields and give later reads their
 * nodes, but replays do not repeat them: what a replay gives is its
 * outputs (sy_tape_output).  For a tape whose replays run many sizes
 * at once (sy_tape_run_batch), where a field holds one size's value. */
void sy_tape_outputs_only(__isl_keep SyTape *t);

/* Output k of a replay: a's value (sy_tape_run's outputs[k]). */
void sy_tape_output(__isl_keep SyTape *t, guint k, SyReal a);

/* Ends the recording: folds what the values' ranges and the checks
 * before each op decide (an op known to give a constant or one of its
 * operands, a check known to hold), then drops what no store, check or
 * output reads.  The tape then replays; it records no more. */
void sy_tape_finish(__isl_keep SyTape *t);

/* The registers a replay needs, and the operations it runs. */
gsize sy_tape_n_regs(__isl_keep const SyTape *t);
gsize sy_tape_n_ops(__isl_keep const SyTape *t);
guint sy_tape_n_inputs(__isl_keep const SyTape *t);
guint sy_tape_n_outputs(__isl_keep const SyTape *t);

/* Whether a replay reads input k (a batch's callers fill only those). */
gboolean sy_tape_reads_input(__isl_keep const SyTape *t, guint k);

/* Whether a replay reads live fields (which something else must set
 * first), or its inputs alone. */
gboolean sy_tape_reads_fields(__isl_keep const SyTape *t);

/* Replays the tape on inputs (sy_tape_n_inputs of them) in regs
 * (sy_tape_n_regs of them), giving outputs (sy_tape_n_outputs of them;
 * NULL where it has none): FALSE where a check fails (the stores and
 * outputs before it are done, the rest not); allocates nothing. */
gboolean sy_tape_run(__isl_keep const SyTape *t,
	__isl_keep const gint64 *inputs, __isl_keep SyTapeReg *regs,
	__isl_keep double *outputs);

/* Sizes a batch replay runs side by side: as many as a batch of the
 * form's points (model/form-replay.c), so that each op's dispatch is
 * paid once per batch (256 lanes of a tape of 34 registers are 68 KB,
 * past a 48 KB L1 but well within L2: 1.05 to 1.15 times 128's rate). */
#define SY_TAPE_LANES 256

/* The alignment, in bytes, of a batch replay's registers that keeps
 * each vector of its loops within a cache line (g_aligned_alloc0):
 * misaligned, a replay takes a fifth longer. */
#define SY_TAPE_ALIGN 64

/* Replays a tape that reads no field and stores nothing (its results
 * are outputs) on n sets of inputs at once: input k of set j is
 * inputs[k * n + j], output k of set j goes to outputs[k * n + j], and
 * ok[j] says whether set j's checks all held (where not, its outputs
 * are meaningless).  regs: sy_tape_n_regs x SY_TAPE_LANES of them,
 * best aligned to SY_TAPE_ALIGN.
 * Returns how many sets held; allocates nothing.  Each set's outputs
 * are those sy_tape_run gives it. */
gsize sy_tape_run_batch(__isl_keep const SyTape *t, gsize n,
	__isl_keep const gint64 *inputs, __isl_keep SyTapeReg *regs,
	__isl_keep double *outputs, __isl_keep gboolean *ok);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyTape, sy_tape_free)

G_END_DECLS
