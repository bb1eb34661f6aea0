/* A recorded tape made shorter before it replays (sy_tape_finish, see
 * tape.h): a replay runs each op millions of times, so what its
 * operands are known to be is worth working out once.
 *
 * Each op is rebuilt on facts about its operands: an op whose value is
 * known becomes a constant, one whose value is one of its operands'
 * becomes that operand, a check known to hold goes, and the same op on
 * the same operands is one node.  A fact holds on every replay whose
 * checks before the op held: it comes from the op's operands' facts,
 * or from a check before it (each kept check narrows its operands' for
 * the ops after it).  So a replay that holds computes every value bit
 * for bit as before; one that fails still fails, at its first failing
 * check, which is kept (the facts before it hold there and none shows
 * it holding) and reads the same values. */
#include "model/tape-private.h"

#include <math.h>
#include <string.h>

/* What a node's value is known to be, as an integer and as a double
 * (a node is one or the other; a constant both). */
typedef struct {
	gint64 lo, hi; /* lo <= value <= hi */
	double mag; /* |value| <= mag, not NaN; INFINITY: unknown */
	guint flags;
} Fact;

enum {
	ZERO = 1 << 0, /* +0.0 or -0.0 */
	PLUS = 1 << 1, /* never -0.0 */
	NONNEG = 1 << 2, /* the sign bit clear and not NaN: +0.0 to +inf */
	POSITIVE = 1 << 3, /* above +0.0, not NaN */
	INTEGRAL = 1 << 4, /* an integer (or inf or NaN): 0 or at least 1 */
};

typedef struct {
	GArray *out; /* Op, recorded form: operands are nodes from 1 */
	GArray *facts; /* Fact, per node of out */
	GHashTable *seen; /* Op * -> node of out */
} Fold;

static Fact any(void)
{
	return (Fact){G_MININT64, G_MAXINT64, INFINITY, 0};
}

static Fact range(gint64 lo, gint64 hi)
{
	Fact x = any();

	x.lo = lo;
	x.hi = hi;
	return x;
}

static double real_of(gint64 bits)
{
	double x;

	memcpy(&x, &bits, sizeof(x));
	return x;
}

static gint64 bits_of(double x)
{
	gint64 bits;

	memcpy(&bits, &x, sizeof(bits));
	return bits;
}

/* A constant's facts: its integer and its double. */
static Fact constant_fact(gint64 k)
{
	double x = real_of(k);
	Fact f = range(k, k);

	f.mag = isfinite(x) ? fabs(x) : INFINITY;
	f.flags = (x == 0 ? ZERO : 0) | (k != G_MININT64 ? PLUS : 0) |
		(!signbit(x) && !isnan(x) ? NONNEG : 0) |
		(x > 0 ? POSITIVE : 0) |
		(!isfinite(x) || x == trunc(x) ? INTEGRAL : 0);
	return f;
}

static const Op *node_op(const Fold *f, SyTapeRef r)
{
	return &g_array_index(f->out, Op, r - 1);
}

static Fact *fact(const Fold *f, SyTapeRef r)
{
	return &g_array_index(f->facts, Fact, r - 1);
}

static gboolean is_constant(const Fold *f, SyTapeRef r, gint64 *k)
{
	if (!r || node_op(f, r)->op != OP_CONST)
		return FALSE;
	*k = node_op(f, r)->k;
	return TRUE;
}

/* Loads, stores and outputs are each their own; any other op on the
 * same operands is the same node (a check made twice is made once). */
static gboolean shared(OpKind op)
{
	return op != OP_LOAD_I64 && op != OP_LOAD_U32 && op != OP_STORE_I64 &&
		op != OP_STORE_U32 && op != OP_STORE_F64 && op != OP_OUT;
}

/* The node of o, whose value has facts x. */
static SyTapeRef emit(Fold *f, Op o, Fact x)
{
	gpointer r;

	if (shared(o.op) && g_hash_table_lookup_extended(f->seen, &o, NULL, &r))
		return GPOINTER_TO_UINT(r);
	g_array_append_val(f->out, o);
	g_array_append_val(f->facts, x);
	if (shared(o.op))
		g_hash_table_insert(f->seen, g_memdup2(&o, sizeof(o)),
			GUINT_TO_POINTER(f->out->len));
	return f->out->len;
}

static SyTapeRef constant(Fold *f, gint64 k)
{
	return emit(f, sy_tape_op(OP_CONST, 0, 0, k, NULL), constant_fact(k));
}

/* An integer operand: a constant where its value is known. */
static SyTapeRef integer(Fold *f, SyTapeRef r)
{
	const Fact *x;

	if (!r || node_op(f, r)->op == OP_CONST)
		return r;
	x = fact(f, r);
	return x->lo == x->hi ? constant(f, x->lo) : r;
}

/* The facts of an operand (none: 0). */
static Fact operand(const Fold *f, SyTapeRef r)
{
	if (!r)
		return constant_fact(0);
	if (node_op(f, r)->op == OP_CONST)
		return constant_fact(node_op(f, r)->k);
	return *fact(f, r);
}

/* a + b, a - b, a x b over the ranges, unknown where it may wrap. */
static Fact sum_fact(const Fact *a, const Fact *b, gboolean minus)
{
	gint64 lo, hi;

	if (minus ? __builtin_sub_overflow(a->lo, b->hi, &lo) ||
				__builtin_sub_overflow(a->hi, b->lo, &hi)
		  : __builtin_add_overflow(a->lo, b->lo, &lo) ||
				__builtin_add_overflow(a->hi, b->hi, &hi))
		return any();
	return range(lo, hi);
}

static Fact product_fact(const Fact *a, const Fact *b)
{
	gint64 p[4];

	if (__builtin_mul_overflow(a->lo, b->lo, &p[0]) ||
		__builtin_mul_overflow(a->lo, b->hi, &p[1]) ||
		__builtin_mul_overflow(a->hi, b->lo, &p[2]) ||
		__builtin_mul_overflow(a->hi, b->hi, &p[3]))
		return any();
	return range(MIN(MIN(p[0], p[1]), MIN(p[2], p[3])),
		MAX(MAX(p[0], p[1]), MAX(p[2], p[3])));
}

/* The largest |value| (-1: it may be G_MININT64). */
static gint64 magnitude(const Fact *a)
{
	return a->lo == G_MININT64 ? -1 : MAX(-a->lo, a->hi);
}

/* The divisions (0 where b is 0).  By a constant c: monotonic in a; a
 * remainder is below |c| with a's sign.  Else the quotient and the
 * remainder are at most |a| in magnitude. */
static Fact divide_fact(OpKind op, const Fact *a, const Fact *b)
{
	gint64 c = b->lo, m = magnitude(a);

	if (c == b->hi && c != 0 && c != -1 && c != G_MININT64) {
		gint64 r = ABS(c) - 1;
		gint64 x = sy_tape_apply((SyTapeOp)op, a->lo, c);
		gint64 y = sy_tape_apply((SyTapeOp)op, a->hi, c);

		if (op != OP_MOD)
			return range(MIN(x, y), MAX(x, y));
		return range(a->lo >= 0 ? 0 : MAX(a->lo, -r),
			a->hi <= 0 ? 0 : MIN(a->hi, r));
	}
	if (a->lo >= 0 && b->lo >= 0)
		return range(0,
			op == OP_MOD ? MIN(a->hi, MAX(b->hi - 1, 0)) : a->hi);
	return m < 0 ? any() : range(-m, m);
}

/* 0 or 1 where the ranges decide it, else -1. */
static int compare(OpKind op, const Fact *a, const Fact *b)
{
	switch (op) {
	case OP_EQ:
	case OP_CHECK_EQ:
		if (a->lo == a->hi && b->lo == b->hi && a->lo == b->lo)
			return 1;
		return a->hi < b->lo || b->hi < a->lo ? 0 : -1;
	case OP_LE:
	case OP_CHECK_LE: return a->hi <= b->lo ? 1 : a->lo > b->hi ? 0 : -1;
	case OP_LT:
	case OP_CHECK_LT: return a->hi < b->lo ? 1 : a->lo >= b->hi ? 0 : -1;
	default: return -1;
	}
}

/* 1 where a is never 0, 0 where always, else -1. */
static int nonzero(const Fact *a)
{
	if (a->lo == 0 && a->hi == 0)
		return 0;
	return a->lo > 0 || a->hi < 0 ? 1 : -1;
}

static Fact boolean_fact(int v)
{
	return v < 0 ? range(0, 1) : range(v, v);
}

/* An integer op's value's range. */
static Fact integer_fact(const Op *o, const Fact *a, const Fact *b)
{
	int x, y;

	switch ((OpKind)o->op) {
	case OP_ADD: return sum_fact(a, b, FALSE);
	case OP_SUB: return sum_fact(a, b, TRUE);
	case OP_MUL: return product_fact(a, b);
	case OP_DIV:
	case OP_FDIV:
	case OP_CDIV:
	case OP_MOD: return divide_fact(o->op, a, b);
	case OP_GCD:
		if (magnitude(a) < 0 || magnitude(b) < 0)
			return any();
		return range(0, MAX(magnitude(a), magnitude(b)));
	case OP_MIN: return range(MIN(a->lo, b->lo), MIN(a->hi, b->hi));
	case OP_MAX: return range(MAX(a->lo, b->lo), MAX(a->hi, b->hi));
	case OP_EQ:
	case OP_LE:
	case OP_LT: return boolean_fact(compare(o->op, a, b));
	case OP_AND:
	case OP_OR:
		x = nonzero(a);
		y = nonzero(b);
		if (o->op == OP_AND)
			return boolean_fact(!x || !y       ? 0
					: x == 1 && y == 1 ? 1
							   : -1);
		return boolean_fact(x == 1 || y == 1 ? 1 : !x && !y ? 0 : -1);
	case OP_PACK:
		/* At least 1, at most the word's 512 bits of k. */
		return o->k > 0 ? range(1, MAX(512 / o->k, 1)) : any();
	case OP_BRAM18K: return range(0, G_MAXINT64);
	case OP_LOAD_U32: return range(0, G_MAXUINT32);
	default: return any();
	}
}

/* x op y is x where op is min or max and the ranges order them. */
static gboolean keeps_first(OpKind op, const Fact *x, const Fact *y)
{
	return (op == OP_MIN && x->hi <= y->lo) ||
		(op == OP_MAX && x->lo >= y->hi);
}

/* x op c is x: a sum with 0, a product or quotient by 1; c op x is x:
 * a sum with 0 or a product by 1. */
static gboolean identity(OpKind op, gint64 c, gboolean second)
{
	if (op == OP_ADD || (op == OP_SUB && second))
		return c == 0;
	if (op == OP_MUL)
		return c == 1;
	return second && c == 1 &&
		(op == OP_DIV || op == OP_FDIV || op == OP_CDIV);
}

/* a && b, a || b are a where a is 0 or 1 and b decides nothing. */
static gboolean logic_keeps(OpKind op, const Fact *a, const Fact *b)
{
	if (a->lo < 0 || a->hi > 1)
		return FALSE;
	return op == OP_AND ? nonzero(b) == 1 : op == OP_OR && nonzero(b) == 0;
}

/* The node of integer op o on operands with known facts. */
static SyTapeRef fold_integer(Fold *f, Op o)
{
	gint64 x = 0, y = 0;
	Fact a, b, v;

	o.a = integer(f, o.a);
	o.b = integer(f, o.b);
	a = operand(f, o.a);
	b = operand(f, o.b);
	if (o.op != OP_BRAM18K && is_constant(f, o.a, &x) &&
		(!sy_tape_reads_b(o.op) || is_constant(f, o.b, &y)))
		return constant(f,
			sy_tape_op_apply(
				o.op, x, sy_tape_reads_b(o.op) ? y : 0, o.k));
	v = integer_fact(&o, &a, &b);
	if (o.op != OP_BRAM18K && v.lo == v.hi)
		return constant(f, v.lo);
	if (keeps_first(o.op, &a, &b) || logic_keeps(o.op, &a, &b) ||
		(is_constant(f, o.b, &y) && identity(o.op, y, TRUE)))
		return o.a;
	if (keeps_first(o.op, &b, &a) || logic_keeps(o.op, &b, &a) ||
		(is_constant(f, o.a, &x) && identity(o.op, x, FALSE)))
		return o.b;
	return emit(f, o, v);
}

/* Whether x y, of x never -0.0 and y above +0.0, is never -0.0: it is
 * +0.0 where x is, and no product of a nonzero x rounds to 0 where one
 * of them is an integer (0 or at least 1). */
static gboolean keeps_plus(const Fact *x, const Fact *y)
{
	return (x->flags & PLUS) && (y->flags & POSITIVE) &&
		((x->flags | y->flags) & INTEGRAL);
}

/* A product's facts: +-0 where a factor is and the other finite; the
 * sign bit clear (or NaN, of 0 x inf) where both factors' are. */
static Fact product_real_fact(const Fact *a, const Fact *b)
{
	Fact v = any();

	v.mag = a->mag * b->mag;
	if (((a->flags & ZERO) && isfinite(b->mag)) ||
		((b->flags & ZERO) && isfinite(a->mag)))
		v.flags |= ZERO;
	if ((a->flags & b->flags & NONNEG) || keeps_plus(a, b) ||
		keeps_plus(b, a))
		v.flags |= PLUS;
	if ((a->flags & b->flags & NONNEG) && isfinite(a->mag) &&
		isfinite(b->mag))
		v.flags |= NONNEG;
	v.flags |= a->flags & b->flags & INTEGRAL;
	if ((a->flags & b->flags & (POSITIVE | INTEGRAL)) ==
		(POSITIVE | INTEGRAL))
		v.flags |= POSITIVE;
	return v;
}

/* A double op's value's facts.  A sum is -0.0 only where both terms
 * are (in any rounding but downwards), and +-0 where both are; a
 * product of finite values is +-0 where one is; the larger of two is
 * one of them.  Magnitudes round as the values do, which keeps their
 * order; a bound that overflows is none. */
static Fact real_fact(OpKind op, const Fact *a, const Fact *b)
{
	Fact v = any();

	switch (op) {
	case OP_FADD:
		v.mag = a->mag + b->mag;
		v.flags = (a->flags & b->flags & (ZERO | NONNEG | INTEGRAL)) |
			((a->flags | b->flags) & PLUS);
		if ((a->flags & b->flags & NONNEG) &&
			((a->flags | b->flags) & POSITIVE))
			v.flags |= POSITIVE;
		break;
	case OP_FMUL: v = product_real_fact(a, b); break;
	case OP_FMAX:
		v.mag = MAX(a->mag, b->mag);
		v.flags = a->flags & b->flags &
			(ZERO | PLUS | NONNEG | POSITIVE | INTEGRAL);
		if ((a->flags & b->flags & NONNEG) &&
			((a->flags | b->flags) & POSITIVE))
			v.flags |= POSITIVE;
		break;
	default: break;
	}
	if (!isfinite(v.mag))
		v.mag = INFINITY;
	return v;
}

/* A conversion's facts: a finite value, never -0.0. */
static Fact convert_fact(const Fact *a)
{
	Fact v = any();

	v.mag = MAX(fabs((double)a->lo), fabs((double)a->hi));
	v.flags = PLUS | INTEGRAL | (a->lo >= 0 ? NONNEG : 0) |
		(a->lo > 0 ? POSITIVE : 0) |
		(a->lo == 0 && a->hi == 0 ? ZERO : 0);
	return v;
}

/* The node of double op o (or the conversion) on operands with known
 * facts: x + (+-0) is x where x is never -0.0, x x 1.0 and x / 1.0
 * are x, and a value known to be +0.0 is that constant. */
static SyTapeRef fold_real(Fold *f, Op o)
{
	gint64 x, y;
	Fact a, b, v;

	if (o.op == OP_I2F) {
		o.a = integer(f, o.a);
		if (is_constant(f, o.a, &x))
			return constant(f, bits_of((double)x));
		a = operand(f, o.a);
		return emit(f, o, convert_fact(&a));
	}
	if (is_constant(f, o.a, &x) && is_constant(f, o.b, &y))
		return constant(f,
			bits_of(sy_tape_real_apply(
				o.op, real_of(x), real_of(y))));
	a = operand(f, o.a);
	b = operand(f, o.b);
	if (o.op == OP_FADD && (b.flags & ZERO) && (a.flags & PLUS))
		return o.a;
	if (o.op == OP_FADD && (a.flags & ZERO) && (b.flags & PLUS))
		return o.b;
	if ((o.op == OP_FMUL || o.op == OP_FDIVR) && is_constant(f, o.b, &y) &&
		real_of(y) == 1.0)
		return o.a;
	if (o.op == OP_FMUL && is_constant(f, o.a, &x) && real_of(x) == 1.0)
		return o.b;
	if (o.op == OP_FMAX && o.a == o.b)
		return o.a;
	v = real_fact(o.op, &a, &b);
	if ((v.flags & ZERO) && (v.flags & PLUS))
		return constant(f, 0);
	return emit(f, o, v);
}

/* Whether check o holds wherever the facts do (FALSE: unknown, or it
 * never holds, which a replay must see fail). */
static gboolean holds(const Fold *f, const Op *o)
{
	Fact a = operand(f, o->a), b = operand(f, o->b);
	gint64 x, y;
	int v;

	switch ((OpKind)o->op) {
	case OP_CHECK: v = nonzero(&a); break;
	case OP_FIXED: return a.lo == a.hi && a.lo == o->k;
	case OP_CHECK_FLT:
		if (!is_constant(f, o->a, &x) || !is_constant(f, o->b, &y))
			return FALSE;
		v = real_of(x) < real_of(y);
		break;
	default:
		v = o->a == o->b ? o->op != OP_CHECK_LT
				 : compare(o->op, &a, &b);
		break;
	}
	return v >= 0 && v == (o->k != 0);
}

/* Narrows x to lo .. hi (not where that leaves nothing: a check that
 * never holds). */
static void narrow(Fold *f, SyTapeRef r, gint64 lo, gint64 hi)
{
	Fact *x;

	if (!r || node_op(f, r)->op == OP_CONST)
		return;
	x = fact(f, r);
	if (MAX(x->lo, lo) <= MIN(x->hi, hi)) {
		x->lo = MAX(x->lo, lo);
		x->hi = MIN(x->hi, hi);
	}
}

/* What check o, kept, tells the ops after it about its operands. */
static void learn(Fold *f, const Op *o)
{
	Fact a = operand(f, o->a), b = operand(f, o->b);
	gboolean k = o->k != 0;

	switch ((OpKind)o->op) {
	case OP_FIXED: narrow(f, o->a, o->k, o->k); break;
	case OP_CHECK:
		if (!k)
			narrow(f, o->a, 0, 0);
		else if (a.lo == 0)
			narrow(f, o->a, 1, G_MAXINT64);
		else if (a.hi == 0)
			narrow(f, o->a, G_MININT64, -1);
		break;
	case OP_CHECK_EQ:
		if (k) {
			narrow(f, o->a, b.lo, b.hi);
			narrow(f, o->b, a.lo, a.hi);
		}
		break;
	case OP_CHECK_LE:
	case OP_CHECK_LT: {
		/* a <= b - d, or b <= a - (1 - d) where it does not. */
		gint64 d = o->op == OP_CHECK_LT;

		if (k && b.hi > G_MININT64 + d && a.lo < G_MAXINT64 - d) {
			narrow(f, o->a, G_MININT64, b.hi - d);
			narrow(f, o->b, a.lo + d, G_MAXINT64);
		} else if (!k && a.hi > G_MININT64 + 1 &&
			b.lo < G_MAXINT64 - 1) {
			narrow(f, o->b, G_MININT64, a.hi - (1 - d));
			narrow(f, o->a, b.lo + (1 - d), G_MAXINT64);
		}
		break;
	}
	default: break;
	}
}

/* The node of recorded op o, its operands nodes of f already (0: a
 * check that goes). */
static SyTapeRef fold_op(Fold *f, Op o)
{
	SyTapeRef r;

	switch ((OpKind)o.op) {
	case OP_CONST: return constant(f, o.k);
	case OP_INPUT:
	case OP_LOAD_I64:
	case OP_LOAD_U32: return emit(f, o, integer_fact(&o, NULL, NULL));
	case OP_I2F:
	case OP_FADD:
	case OP_FMUL:
	case OP_FDIVR:
	case OP_FMAX: return fold_real(f, o);
	case OP_STORE_F64:
	case OP_OUT: return emit(f, o, any());
	case OP_CHECK_FLT: break;
	case OP_STORE_I64:
	case OP_STORE_U32: o.a = integer(f, o.a); return emit(f, o, any());
	case OP_CHECK:
	case OP_FIXED:
	case OP_CHECK_EQ:
	case OP_CHECK_LE:
	case OP_CHECK_LT:
		o.a = integer(f, o.a);
		o.b = integer(f, o.b);
		break;
	default: return fold_integer(f, o);
	}
	if (holds(f, &o))
		return 0;
	r = emit(f, o, any());
	learn(f, &o);
	return r;
}

GArray *sy_tape_fold(const GArray *ops)
{
	Fold f = {g_array_new(FALSE, FALSE, sizeof(Op)),
		g_array_new(FALSE, FALSE, sizeof(Fact)),
		g_hash_table_new_full(
			sy_tape_op_hash, sy_tape_op_equal, g_free, NULL)};
	g_autofree SyTapeRef *map = g_new0(SyTapeRef, ops->len + 1);

	for (guint i = 0; i < ops->len; i++) {
		Op o = g_array_index(ops, Op, i);

		o.a = map[o.a];
		o.b = map[o.b];
		map[i + 1] = fold_op(&f, o);
	}
	g_array_unref(f.facts);
	g_hash_table_unref(f.seen);
	return f.out;
}
