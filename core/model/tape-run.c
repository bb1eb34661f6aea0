/* Replays of a finished tape (see tape.h): one set of inputs, or many
 * side by side. */
#include "model/resources-memory.h"
#include "model/tape-private.h"

#include <string.h>

gboolean sy_tape_run(
	const SyTape *t, const gint64 *inputs, SyTapeReg *regs, double *outputs)
{
	const Op *ops = (const Op *)(gpointer)t->ops->data;
	guint n = t->ops->len;

	for (guint i = 0; i < n; i++) {
		const Op *o = &ops[i];
		SyTapeReg *x = &regs[o->dst];
		SyTapeReg ra = regs[o->a], rb = regs[o->b];
		gint64 a, b;

		if (G_UNLIKELY(o->imm)) {
			if (o->imm & IMM_A)
				ra = o->c;
			else
				rb = o->c;
		}
		a = ra.i;
		b = rb.i;

		switch ((OpKind)o->op) {
		case OP_CONST: x->i = o->k; break;
		case OP_ADD: x->i = a + b; break;
		case OP_SUB: x->i = a - b; break;
		case OP_MUL: x->i = a * b; break;
		case OP_MIN: x->i = MIN(a, b); break;
		case OP_MAX: x->i = MAX(a, b); break;
		case OP_EQ: x->i = a == b; break;
		case OP_LE: x->i = a <= b; break;
		case OP_LT: x->i = a < b; break;
		case OP_INPUT: x->i = inputs[o->k]; break;
		case OP_LOAD_I64: x->i = *(const gint64 *)o->addr; break;
		case OP_LOAD_U32: x->i = *(const guint *)o->addr; break;
		case OP_I2F: x->f = (double)a; break;
		case OP_FADD: x->f = ra.f + rb.f; break;
		case OP_FMUL: x->f = ra.f * rb.f; break;
		case OP_FDIVR: x->f = ra.f / rb.f; break;
		case OP_FMAX: x->f = ra.f > rb.f ? ra.f : rb.f; break;
		case OP_CHECK:
			if ((a != 0) != (o->k != 0))
				return FALSE;
			break;
		case OP_CHECK_EQ:
			if ((a == b) != (o->k != 0))
				return FALSE;
			break;
		case OP_CHECK_LE:
			if ((a <= b) != (o->k != 0))
				return FALSE;
			break;
		case OP_CHECK_LT:
			if ((a < b) != (o->k != 0))
				return FALSE;
			break;
		case OP_CHECK_FLT:
			if ((ra.f < rb.f) != (o->k != 0))
				return FALSE;
			break;
		case OP_FIXED:
			if (a != o->k)
				return FALSE;
			break;
		case OP_STORE_I64: *(gint64 *)o->addr = a; break;
		case OP_STORE_U32: *(guint *)o->addr = (guint)a; break;
		case OP_STORE_F64: *(double *)o->addr = ra.f; break;
		case OP_OUT: outputs[o->k] = ra.f; break;
		case OP_BRAM18K: x->i = sy_memory_bram18k((guint)a, b); break;
		default:
			x->i = sy_tape_op_apply((OpKind)o->op, a, b, o->k);
			break;
		}
	}
	return TRUE;
}

/* Lane arithmetic: a set whose checks failed computes on anything, so
 * sums and products wrap and no division traps (INT64_MIN / -1); the
 * sets that hold compute as C on gint64. */
static inline gint64 lane_add(gint64 a, gint64 b)
{
	return (gint64)((guint64)a + (guint64)b);
}

static inline gint64 lane_sub(gint64 a, gint64 b)
{
	return (gint64)((guint64)a - (guint64)b);
}

static inline gint64 lane_mul(gint64 a, gint64 b)
{
	return (gint64)((guint64)a * (guint64)b);
}

/* |x| < 2^52 */
static inline gboolean small(gint64 x)
{
	return (guint64)x + (G_GUINT64_CONSTANT(1) << 52) <
		(G_GUINT64_CONSTANT(1) << 53);
}

/* a / b as C truncates it (0 where b is 0).  Through doubles where
 * |a| and |b| are below 2^52, a division the FPU pipelines: there the
 * quotient rounded to a double truncates to C's.  (With a = q b + r,
 * 0 < r < b for a, b > 0, a / b is at least 1 / b below q + 1, and
 * the rounding moves it by under (q + 1) 2^-53, less than 1 / b as
 * (q + 1) b <= a + b < 2^53; signs are symmetric.) */
static inline gint64 lane_div(gint64 a, gint64 b)
{
	if (G_LIKELY(small(a) && small(b) && b))
		return (gint64)((double)a / (double)b);
	if (!b)
		return 0;
	return b == -1 ? lane_sub(0, a) : a / b;
}

/* The other divisions from the quotient and remainder. */
static inline gint64 lane_divide(OpKind op, gint64 a, gint64 b)
{
	gint64 q = lane_div(a, b), r = lane_sub(a, lane_mul(q, b));

	if (!b)
		return 0;
	switch (op) {
	case OP_MOD: return r;
	case OP_FDIV: return r && (a < 0) != (b < 0) ? q - 1 : q;
	case OP_CDIV: return r && (a < 0) == (b < 0) ? q + 1 : q;
	default: return q;
	}
}

/* Conversions between gint64 and double for |x| < 2^51, in vector
 * code: 1.5 x 2^52 + x is a double whose low bits are x. */
#define MAGIC_F 6755399441055744.0
#define MAGIC_I G_GINT64_CONSTANT(0x4338000000000000)

static inline double lane_i2f(gint64 x)
{
	SyTapeReg r = {.i = lane_add(x, MAGIC_I)};

	return r.f - MAGIC_F;
}

/* x rounded to the nearest integer (ties to even), as a gint64. */
static inline gint64 lane_f2i(double x)
{
	SyTapeReg r = {.f = x + MAGIC_F};

	return lane_sub(r.i, MAGIC_I);
}

/* (double)x for any x, in vector code: its two halves converted
 * exactly, the high one scaled exactly, and their sum rounded once, as
 * the conversion rounds x. */
static inline double lane_i2f_exact(gint64 x)
{
	return lane_i2f(x >> 32) * 4294967296.0 + lane_i2f(x & 0xffffffff);
}

/* Whether x is at least 2^51 in magnitude. */
static inline guint64 lane_big(gint64 x)
{
	return ((guint64)x + (G_GUINT64_CONSTANT(1) << 51)) >> 52;
}

/* op's quotient (or remainder) of a and b, |a|, |b| < 2^51 and b not
 * 0, as lane_divide gives it, in vector code.  The double quotient
 * lies between C's floor and ceiling of a / b (both are doubles, and
 * rounding keeps order), so rounded it is C's quotient or the one next
 * to it away from 0, which the remainder's sign tells. */
static inline gint64 lane_divide_small(OpKind op, gint64 a, gint64 b)
{
	gint64 q = lane_f2i(lane_i2f(a) / lane_i2f(b));
	gint64 r = lane_sub(a, lane_mul(q, b));
	gint64 apart = (a < 0) != (b < 0);
	gint64 step = (r != 0 && (r < 0) != (a < 0)) * (apart ? -1 : 1);

	q -= step;
	r += step * b;
	switch (op) {
	case OP_MOD: return r;
	case OP_FDIV: return q - (r != 0 && apart);
	case OP_CDIV: return q + (r != 0 && !apart);
	default: return q;
	}
}

/* sy_design_pack_widest(bits, n): the lowest set bit of n, at most
 * the widest packing of bits (maxp) in a word, in vector code. */
static inline gint64 lane_pack(gint64 n, gint64 maxp)
{
	guint64 low = (guint64)n & (0 - (guint64)n);

	return low == 0 || low > (guint64)maxp ? maxp : (gint64)low;
}

/* The lanes' loops built for AVX2 and AVX-512 too where GCC can pick
 * at load time (AVX2's four 64-bit lanes compare and select where
 * SSE2's two add; AVX-512 (x86-64-v4) has eight, 64-bit products and
 * conversions to and from doubles in one instruction, and masks for
 * compares: half the time of AVX2's on a replay).  Every clone
 * computes the same bits: integers exactly, doubles as IEEE rounds
 * one operation (no contraction, -ffp-contract=off). */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) &&         \
	defined(__linux__)
#define LANES_TARGETS                                                          \
	__attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define LANES_TARGETS
#endif
#define INLINE inline __attribute__((always_inline))

#define LANES(stmt)                                                            \
	do {                                                                   \
		for (guint j = 0; j < SY_TAPE_LANES; j++) {                    \
			stmt;                                                  \
		}                                                              \
	} while (0)

/* The operands of lane j: the op's constant where it takes one (ia,
 * ib: known where the lanes' loops are inlined, so that each is built
 * for registers and for each constant). */
#define A(j) (ia ? c : a[j])
#define B(j) (ib ? c : b[j])

/* x = a op b for a divisor of 2^s: shifts, exact for every a. */
INLINE
static void divide_shift(
	OpKind op, gint64 d, SyTapeReg *restrict x, const SyTapeReg *restrict a)
{
	int s = __builtin_ctzll((guint64)d);
	gint64 low = d - 1;

	switch (op) {
	case OP_FDIV: LANES(x[j].i = a[j].i >> s); break;
	case OP_CDIV:
		LANES(x[j].i = (a[j].i >> s) + ((a[j].i & low) != 0));
		break;
	case OP_MOD:
		/* C's remainder takes a's sign. */
		LANES(x[j].i = (a[j].i & low) -
				(a[j].i < 0 && (a[j].i & low) != 0 ? d : 0));
		break;
	default:
		LANES(x[j].i = (a[j].i >> s) +
				(a[j].i < 0 && (a[j].i & low) != 0));
		break;
	}
}

/* x = a op b for the divisions: in vector code where the lanes allow. */
INLINE
static void divide(OpKind op, gboolean ia, gboolean ib, SyTapeReg c,
	SyTapeReg *restrict x, const SyTapeReg *restrict a,
	const SyTapeReg *restrict b)
{
	guint64 slow = 0;

	if (ib && c.i > 0 && !(c.i & (c.i - 1))) {
		divide_shift(op, c.i, x, a);
		return;
	}
	/* A divisor of 0 or an operand past 2^51: C's division. */
	LANES(slow |= lane_big(A(j).i) | lane_big(B(j).i) | (B(j).i == 0));
	if (!slow) {
		switch (op) {
		case OP_MOD:
			LANES(x[j].i = lane_divide_small(
				      OP_MOD, A(j).i, B(j).i));
			break;
		case OP_FDIV:
			LANES(x[j].i = lane_divide_small(
				      OP_FDIV, A(j).i, B(j).i));
			break;
		case OP_CDIV:
			LANES(x[j].i = lane_divide_small(
				      OP_CDIV, A(j).i, B(j).i));
			break;
		default:
			LANES(x[j].i = lane_divide_small(
				      OP_DIV, A(j).i, B(j).i));
			break;
		}
		return;
	}
	if (op == OP_DIV)
		LANES(x[j].i = lane_div(A(j).i, B(j).i));
	else
		LANES(x[j].i = lane_divide(op, A(j).i, B(j).i));
}

/* x = sy_memory_bram18k(a, b) from its table; a lane past the table
 * fails (it is read, as a lane whose checks fail). */
INLINE
static void bram18k(gboolean ia, gboolean ib, SyTapeReg c,
	SyTapeReg *restrict x, const SyTapeReg *restrict a,
	const SyTapeReg *restrict b, gint64 *restrict fail)
{
	const SyMemoryTableRow *table = sy_memory_bram18k_table();

	LANES(gint64 w = A(j).i; gint64 d = MAX(B(j).i, 0);
		gboolean in = sy_memory_in_table(w, d);
		x[j].i = in ? sy_memory_table_at(table, w, d) : 0;
		fail[j] |= !in);
}

/* Lanes whose check fails: fail[j] not 0. */
#define FAILS(cond) LANES(fail[j] |= (cond) != k)

/* One op over the lanes: x = a op b, or a check, which marks the lanes
 * it fails in fail; a binary op's operand may be its constant (ia, ib:
 * o->c).  Input and output k of lane j are at [k * n + j] for the m
 * lanes of sets; the others compute what the first does, and their
 * fails are not read.  Every loop runs over all lanes, so that the
 * compiler makes vector code of it; x is never a or b (tape.c's
 * allocate). */
INLINE
static void lanes(const Op *o, gboolean ia, gboolean ib, guint m, gsize n,
	const gint64 *restrict in, SyTapeReg *restrict x,
	const SyTapeReg *restrict a, const SyTapeReg *restrict b,
	double *restrict out, gint64 *restrict fail)
{
	gint64 k = o->k != 0;
	SyTapeReg c = o->c;

	switch ((OpKind)o->op) {
	case OP_CONST: LANES(x[j].i = o->k); break;
	case OP_INPUT:
		/* Lanes past the sets: the first's, never read. */
		memcpy(x, in + o->k * n, m * sizeof(*x));
		for (guint j = m; j < SY_TAPE_LANES; j++)
			x[j].i = in[o->k * n];
		break;
	case OP_ADD: LANES(x[j].i = lane_add(A(j).i, B(j).i)); break;
	case OP_SUB: LANES(x[j].i = lane_sub(A(j).i, B(j).i)); break;
	case OP_MUL: LANES(x[j].i = lane_mul(A(j).i, B(j).i)); break;
	case OP_DIV:
	case OP_FDIV:
	case OP_CDIV:
	case OP_MOD: divide(o->op, ia, ib, c, x, a, b); break;
	case OP_MIN: LANES(x[j].i = MIN(A(j).i, B(j).i)); break;
	case OP_MAX: LANES(x[j].i = MAX(A(j).i, B(j).i)); break;
	case OP_EQ: LANES(x[j].i = A(j).i == B(j).i); break;
	case OP_LE: LANES(x[j].i = A(j).i <= B(j).i); break;
	case OP_LT: LANES(x[j].i = A(j).i < B(j).i); break;
	case OP_AND: LANES(x[j].i = A(j).i && B(j).i); break;
	case OP_OR: LANES(x[j].i = A(j).i || B(j).i); break;
	case OP_I2F: LANES(x[j].f = lane_i2f_exact(a[j].i)); break;
	case OP_FADD: LANES(x[j].f = A(j).f + B(j).f); break;
	case OP_FMUL: LANES(x[j].f = A(j).f * B(j).f); break;
	case OP_FDIVR: LANES(x[j].f = A(j).f / B(j).f); break;
	case OP_FMAX: LANES(x[j].f = A(j).f > B(j).f ? A(j).f : B(j).f); break;
	case OP_CHECK: FAILS(a[j].i != 0); break;
	case OP_CHECK_EQ: FAILS(A(j).i == B(j).i); break;
	case OP_CHECK_LE: FAILS(A(j).i <= B(j).i); break;
	case OP_CHECK_LT: FAILS(A(j).i < B(j).i); break;
	case OP_CHECK_FLT: FAILS(A(j).f < B(j).f); break;
	case OP_FIXED: LANES(fail[j] |= a[j].i != o->k); break;
	case OP_PACK: {
		/* The widest packing of k bits a word takes (no element
		 * is 0 bits wide: 1 then, where C's would not end). */
		gint64 maxp = 1;

		while (o->k > 0 &&
			sy_design_pack_widest((guint)o->k, maxp * 2) > maxp)
			maxp *= 2;
		LANES(x[j].i = lane_pack(a[j].i, maxp));
		break;
	}
	case OP_GCD:
		/* gcd(x, 0) is |x| (as a gint64: G_MININT64's is itself). */
		if ((ia || ib) && c.i == 0) {
			const SyTapeReg *v = ia ? b : a;

			LANES(x[j].i = v[j].i < 0 ? lane_sub(0, v[j].i)
						  : v[j].i);
		} else
			LANES(x[j].i = sy_integer_gcd(A(j).i, B(j).i));
		break;
	case OP_BRAM18K: bram18k(ia, ib, c, x, a, b, fail); break;
	case OP_OUT:
		for (guint j = 0; j < m; j++)
			out[o->k * n + j] = a[j].f;
		break;
	default:
		LANES(x[j].i = sy_tape_op_apply(
			      (OpKind)o->op, A(j).i, B(j).i, o->k));
		break;
	}
}

#undef FAILS
#undef A
#undef B
#undef LANES

/* Sets at .. at + m - 1 (m at most SY_TAPE_LANES): how many held.  The
 * lanes' loops inlined here, in one function per target: an op costs
 * no call. */
LANES_TARGETS
static gsize run_lanes(const SyTape *t, gsize n, gsize at, guint m,
	const gint64 *inputs, SyTapeReg *regs, double *outputs, gboolean *ok)
{
	const Op *ops = (const Op *)(gpointer)t->ops->data;
	gint64 fail[SY_TAPE_LANES] = {0};
	gsize held = 0;

	for (guint i = 0; i < t->ops->len; i++) {
		const Op *o = &ops[i];
		SyTapeReg *x = regs + (gsize)o->dst * SY_TAPE_LANES;
		const SyTapeReg *a = regs + (gsize)o->a * SY_TAPE_LANES;
		const SyTapeReg *b = regs + (gsize)o->b * SY_TAPE_LANES;

		if (o->imm & IMM_A)
			lanes(o, TRUE, FALSE, m, n, inputs + at, x, a, b,
				outputs + at, fail);
		else if (o->imm & IMM_B)
			lanes(o, FALSE, TRUE, m, n, inputs + at, x, a, b,
				outputs + at, fail);
		else
			lanes(o, FALSE, FALSE, m, n, inputs + at, x, a, b,
				outputs + at, fail);
	}
	for (guint j = 0; j < m; j++) {
		ok[at + j] = !fail[j];
		held += ok[at + j];
	}
	return held;
}

gsize sy_tape_run_batch(const SyTape *t, gsize n, const gint64 *inputs,
	SyTapeReg *regs, double *outputs, gboolean *ok)
{
	gsize held = 0;

	for (gsize at = 0; at < n; at += SY_TAPE_LANES) {
		guint m = (guint)MIN(n - at, SY_TAPE_LANES);

		if (!t->batch) {
			memset(ok + at, 0, m * sizeof(*ok));
			continue;
		}
		held += run_lanes(t, n, at, m, inputs, regs, outputs, ok);
	}
	return held;
}
