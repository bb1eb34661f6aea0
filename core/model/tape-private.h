/* The tape's operations and layout, shared by its recording (tape.c)
 * and its replays (tape-run.c). */
#pragma once

#include "comm/design.h"
#include "model/tape.h"

/* The public operations first, with their own values. */
typedef enum {
	OP_ADD = SY_TAPE_ADD,
	OP_SUB = SY_TAPE_SUB,
	OP_MUL = SY_TAPE_MUL,
	OP_DIV = SY_TAPE_DIV,
	OP_FDIV = SY_TAPE_FDIV,
	OP_CDIV = SY_TAPE_CDIV,
	OP_MOD = SY_TAPE_MOD,
	OP_GCD = SY_TAPE_GCD,
	OP_MIN = SY_TAPE_MIN,
	OP_MAX = SY_TAPE_MAX,
	OP_EQ = SY_TAPE_EQ,
	OP_LE = SY_TAPE_LE,
	OP_LT = SY_TAPE_LT,
	OP_AND = SY_TAPE_AND,
	OP_OR = SY_TAPE_OR,
	OP_CONST,
	OP_INPUT,
	OP_LOAD_I64,
	OP_LOAD_U32,
	OP_PACK,
	OP_BRAM18K, /* sy_memory_bram18k(a, b) */
	OP_I2F,
	OP_FADD,
	OP_FMUL,
	OP_FDIVR,
	OP_FMAX, /* C's a > b ? a : b */
	OP_CHECK, /* a != 0 is k */
	OP_FIXED, /* a is k */
	OP_CHECK_EQ, /* a == b is k: a comparison and its check in one */
	OP_CHECK_LE,
	OP_CHECK_LT,
	OP_CHECK_FLT, /* a < b (doubles) is k */
	OP_STORE_I64,
	OP_STORE_U32,
	OP_STORE_F64,
	OP_OUT, /* outputs[k] = a */
} OpKind;

/* While recording, a and b are nodes (1-based; 0: none); finished,
 * they are the registers the operands are in, and dst the one the
 * result goes to.  A finished binary op may take a constant operand as
 * c instead (imm: IMM_A or IMM_B), which costs no op and no register;
 * c shares addr's place (no load or store takes one). */
typedef struct {
	guint32 op;
	SyTapeRef a, b;
	guint32 dst;
	gint64 k;
	union {
		void *addr;
		SyTapeReg c;
	};
	guint32 imm;
} Op;

enum { IMM_A = 1, IMM_B = 2 };

/* The op of op on a and b with k (and a field's addr). */
static inline Op sy_tape_op(
	guint32 op, SyTapeRef a, SyTapeRef b, gint64 k, void *addr)
{
	return (Op){.op = op, .a = a, .b = b, .k = k, .addr = addr};
}

struct _SyTape {
	GArray *ops; /* Op; node r is ops[r - 1] while recording */
	GArray *values; /* SyTapeReg: each node's value while recording */
	GHashTable *seen; /* Op * -> node: one node per computation */
	GHashTable *live; /* fields read at each replay */
	GHashTable *defined; /* field -> node */
	guint n_inputs, n_outputs;
	guint n_regs; /* finished: the registers the ops use */
	gboolean outputs_only; /* stores are not replayed */
	gboolean batch; /* finished: no loads, no stores */
	gboolean finished;
};

/* Whether op gives 0 or 1 (a comparison or logic). */
static inline gboolean sy_tape_boolean_op(OpKind op)
{
	return op == OP_EQ || op == OP_LE || op == OP_LT || op == OP_AND ||
		op == OP_OR;
}

/* Whether op gives no value (a check, a store, an output). */
static inline gboolean sy_tape_is_sink(OpKind op)
{
	return op >= OP_CHECK;
}

static inline gboolean sy_tape_is_check(OpKind op)
{
	return op == OP_CHECK || op == OP_CHECK_EQ || op == OP_CHECK_LE ||
		op == OP_CHECK_LT || op == OP_CHECK_FLT;
}

/* A double op (OP_FADD, OP_FMUL, OP_FDIVR, OP_FMAX) on a and b, as the
 * replays compute it. */
static inline double sy_tape_real_apply(OpKind op, double a, double b)
{
	switch (op) {
	case OP_FADD: return a + b;
	case OP_FMUL: return a * b;
	case OP_FDIVR: return a / b;
	default: return a > b ? a : b;
	}
}

/* Which operands an operation reads. */
static inline gboolean sy_tape_reads_a(OpKind op)
{
	return op != OP_CONST && op != OP_INPUT && op != OP_LOAD_I64 &&
		op != OP_LOAD_U32;
}

static inline gboolean sy_tape_reads_b(OpKind op)
{
	return op <= OP_OR || op == OP_BRAM18K || op == OP_FADD ||
		op == OP_FMUL || op == OP_FDIVR || op == OP_FMAX ||
		op == OP_CHECK_EQ || op == OP_CHECK_LE || op == OP_CHECK_LT ||
		op == OP_CHECK_FLT;
}

/* Which registers o reads: its operands but a constant it takes. */
static inline gboolean sy_tape_reads_reg_a(__isl_keep const Op *o)
{
	return sy_tape_reads_a(o->op) && !(o->imm & IMM_A);
}

static inline gboolean sy_tape_reads_reg_b(__isl_keep const Op *o)
{
	return sy_tape_reads_b(o->op) && !(o->imm & IMM_B);
}

/* Ops as keys: the same operation on the same operands. */
guint sy_tape_op_hash(__isl_keep gconstpointer p);
gboolean sy_tape_op_equal(
	__isl_keep gconstpointer x, __isl_keep gconstpointer y);

/* The integer operations: C's on gint64 (model/tape.h). */
static inline gint64 sy_tape_op_apply(OpKind op, gint64 a, gint64 b, gint64 k)
{
	if (op <= OP_OR)
		return sy_tape_apply((SyTapeOp)op, a, b);
	return op == OP_PACK ? sy_design_pack_widest((guint)k, a) : 0;
}

/* ops (recorded: operands are nodes from 1) rebuilt shorter, every
 * value and every check's outcome the same on every replay whose
 * checks hold (tape-fold.c). */
__isl_give GArray *sy_tape_fold(__isl_keep const GArray *ops);

/* A node of op on a and b whose value (computed by the caller) is
 * value: for operations the tape does not compute itself (OP_BRAM18K,
 * which model/resources-memory.c records). */
SyNum sy_tape_opaque(
	__isl_keep SyTape *t, OpKind op, SyNum a, SyNum b, gint64 value);
