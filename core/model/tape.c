/* A tape of the latency model's arithmetic (see tape.h). */
#include "model/tape-private.h"

#include <string.h>

guint sy_tape_op_hash(gconstpointer p)
{
	const Op *o = p;

	return (guint)(o->op * 31u + o->a * 131u + o->b * 1031u) ^ (guint)o->k ^
		(guint)((guintptr)o->addr >> 3);
}

gboolean sy_tape_op_equal(gconstpointer x, gconstpointer y)
{
	const Op *a = x, *b = y;

	return a->op == b->op && a->a == b->a && a->b == b->b && a->k == b->k &&
		a->addr == b->addr;
}

SyTape *sy_tape_new(void)
{
	SyTape *t = g_new0(SyTape, 1);

	t->ops = g_array_new(FALSE, FALSE, sizeof(Op));
	t->values = g_array_new(FALSE, FALSE, sizeof(SyTapeReg));
	t->seen = g_hash_table_new_full(
		sy_tape_op_hash, sy_tape_op_equal, g_free, NULL);
	t->live = g_hash_table_new(NULL, NULL);
	t->defined = g_hash_table_new(NULL, NULL);
	return t;
}

void sy_tape_free(SyTape *t)
{
	if (!t)
		return;
	g_array_unref(t->ops);
	g_array_unref(t->values);
	if (t->seen)
		g_hash_table_unref(t->seen);
	if (t->live)
		g_hash_table_unref(t->live);
	if (t->defined)
		g_hash_table_unref(t->defined);
	g_free(t);
}

/* The node of o (value v), made once: the same computation on the
 * same nodes is the same node. */
static SyTapeRef node(SyTape *t, Op o, SyTapeReg v)
{
	gpointer r;

	if (g_hash_table_lookup_extended(t->seen, &o, NULL, &r))
		return GPOINTER_TO_UINT(r);
	g_array_append_val(t->ops, o);
	g_array_append_val(t->values, v);
	g_hash_table_insert(t->seen, g_memdup2(&o, sizeof(o)),
		GUINT_TO_POINTER(t->ops->len));
	return t->ops->len;
}

/* A node for a (a constant's own where a has none). */
static SyTapeRef ref_of(SyTape *t, SyNum a)
{
	if (a.r)
		return a.r;
	return node(t, sy_tape_op(OP_CONST, 0, 0, a.v, NULL),
		(SyTapeReg){.i = a.v});
}

static gboolean recording(const SyTape *t)
{
	return t && !t->finished;
}

SyNum sy_tape_input(SyTape *t, guint k, gint64 value)
{
	SyNum n = {value, 0};

	if (!recording(t))
		return n;
	t->n_inputs = MAX(t->n_inputs, k + 1);
	n.r = node(t, sy_tape_op(OP_INPUT, 0, 0, k, NULL),
		(SyTapeReg){.i = value});
	return n;
}

void sy_tape_live(SyTape *t, const void *field)
{
	if (recording(t))
		g_hash_table_insert(t->live, (gpointer)field, NULL);
}

void sy_tape_define(SyTape *t, const void *field, SyNum value)
{
	/* A constant's node is none: the field then reads as one. */
	if (recording(t))
		g_hash_table_insert(
			t->defined, (gpointer)field, GUINT_TO_POINTER(value.r));
}

/* A field's node: its definition, a load where it is live, else none
 * (a constant). */
static SyTapeRef field_ref(SyTape *t, const void *field, OpKind load, gint64 v)
{
	gpointer r;

	if (!recording(t))
		return 0;
	if (g_hash_table_lookup_extended(t->defined, field, NULL, &r))
		return GPOINTER_TO_UINT(r);
	if (!g_hash_table_contains(t->live, field))
		return 0;
	return node(t, sy_tape_op(load, 0, 0, 0, (void *)field),
		(SyTapeReg){.i = v});
}

SyNum sy_tape_field(SyTape *t, const void *field, gboolean wide, gint64 v)
{
	return (SyNum){
		v, field_ref(t, field, wide ? OP_LOAD_I64 : OP_LOAD_U32, v)};
}

/* Whether node r gives 0 or 1 (a comparison or logic). */
static gboolean boolean(const SyTape *t, SyTapeRef r)
{
	return sy_tape_boolean_op(g_array_index(t->ops, Op, r - 1).op);
}

/* a && b, a || b with a constant: the other where it is 0 or 1. */
static gboolean logic_identity(
	const SyTape *t, OpKind op, SyNum c, SyNum x, SyNum *n)
{
	if (c.r || !x.r || (op != OP_AND && op != OP_OR))
		return FALSE;
	if ((op == OP_AND) == (c.v != 0)) {
		if (!boolean(t, x.r))
			return FALSE;
		*n = x;
	}
	/* Else a && 0 is 0 and a || 1 is 1: n is already the constant. */
	return TRUE;
}

/* Node r's operation, and its constant operand b where it has one. */
static const Op *op_of(const SyTape *t, SyTapeRef r)
{
	return &g_array_index(t->ops, Op, r - 1);
}

static gboolean constant_b(const SyTape *t, const Op *o, gint64 *c)
{
	if (!o->b || op_of(t, o->b)->op != OP_CONST)
		return FALSE;
	*c = op_of(t, o->b)->k;
	return TRUE;
}

/* x op c where x is y op k with constants c and k: y op (c, k
 * combined) for sums and products (exact in gint64's wrapping too), x
 * itself for min and max of the same constant.  FALSE: no rewrite. */
static gboolean reassociate(SyTape *t, OpKind op, SyNum x, gint64 c, SyNum *n)
{
	const Op *o = op_of(t, x.r);
	SyNum y;
	gint64 k;

	if (o->op != op || !constant_b(t, o, &k))
		return FALSE;
	if (op == OP_MIN || op == OP_MAX) {
		if (k != c)
			return FALSE;
		*n = x;
		return TRUE;
	}
	if (op != OP_ADD && op != OP_MUL)
		return FALSE;
	y = (SyNum){g_array_index(t->values, SyTapeReg, o->a - 1).i, o->a};
	k = op == OP_ADD ? k + c : k * c;
	if (op == OP_ADD && !k) {
		*n = (SyNum){n->v, y.r};
		return TRUE;
	}
	n->r = node(t, sy_tape_op(op, y.r, ref_of(t, sy_num(k)), 0, NULL),
		(SyTapeReg){.i = n->v});
	return TRUE;
}

/* x op x: x for min, max and (of 0 or 1) logic, 1 for == and <=, 0
 * for < and -. */
static gboolean same_operands(const SyTape *t, OpKind op, SyNum x, SyNum *n)
{
	switch (op) {
	case OP_MIN:
	case OP_MAX: *n = x; return TRUE;
	case OP_AND:
	case OP_OR:
		if (!boolean(t, x.r))
			return FALSE;
		*n = x;
		return TRUE;
	case OP_EQ:
	case OP_LE:
	case OP_LT:
	case OP_SUB:
		/* n is already the constant. */
		return TRUE;
	default: return FALSE;
	}
}

/* Whether x op y is x: x is (z op y) or (y op z) for min, max, and
 * logic of 0 or 1. */
static gboolean absorbs(const SyTape *t, OpKind op, SyNum x, SyNum y)
{
	const Op *o;

	if (!x.r ||
		(op != OP_MIN && op != OP_MAX && op != OP_AND && op != OP_OR))
		return FALSE;
	o = op_of(t, x.r);
	if (o->op != op || (o->a != y.r && o->b != y.r))
		return FALSE;
	return op == OP_MIN || op == OP_MAX || boolean(t, y.r);
}

/* a op b: the value, and a node where either has one (x + 0, x * 1
 * and the like are x). */
static SyNum binary(SyTape *t, OpKind op, SyNum a, SyNum b)
{
	SyNum n = {sy_tape_op_apply(op, a.v, b.v, 0), 0};

	if (!recording(t) || (!a.r && !b.r))
		return n;
	if (logic_identity(t, op, a, b, &n) || logic_identity(t, op, b, a, &n))
		return n;
	/* A constant second: x - c is x + -c; c + x, c * x, min and max
	 * of c and x turn round. */
	if (op == OP_SUB && !b.r)
		op = OP_ADD, b = sy_num(-b.v);
	if ((op == OP_ADD || op == OP_MUL || op == OP_MIN || op == OP_MAX) &&
		!a.r) {
		SyNum s = a;

		a = b;
		b = s;
	}
	if (!b.r && reassociate(t, op, a, b.v, &n))
		return n;
	if (a.r == b.r && same_operands(t, op, a, &n))
		return n;
	if (b.r && (absorbs(t, op, a, b) || absorbs(t, op, b, a)))
		return absorbs(t, op, a, b) ? a : b;
	/* 1 - (a < b) is b <= a, and 1 - (a <= b) is b < a: the
	 * comparisons checks fuse with. */
	if (op == OP_SUB && !a.r && a.v == 1) {
		const Op *o = op_of(t, b.r);

		if (o->op == OP_LT || o->op == OP_LE) {
			SyNum x = {
				g_array_index(t->values, SyTapeReg, o->b - 1).i,
				o->b};
			SyNum y = {
				g_array_index(t->values, SyTapeReg, o->a - 1).i,
				o->a};

			return binary(t, o->op == OP_LT ? OP_LE : OP_LT, x, y);
		}
	}
	if ((op == OP_ADD || op == OP_SUB) && !b.r && !b.v)
		return a;
	if (op == OP_ADD && !a.r && !a.v)
		return b;
	if ((op == OP_MUL || op == OP_DIV || op == OP_FDIV || op == OP_CDIV) &&
		!b.r && b.v == 1)
		return a;
	if (op == OP_MUL && !a.r && a.v == 1)
		return b;
	if (op == OP_MUL && ((!a.r && !a.v) || (!b.r && !b.v)))
		return n;
	n.r = node(t, sy_tape_op(op, ref_of(t, a), ref_of(t, b), 0, NULL),
		(SyTapeReg){.i = n.v});
	return n;
}

SyNum sy_tape_binary(SyTape *t, SyTapeOp op, SyNum a, SyNum b)
{
	return binary(t, (OpKind)op, a, b);
}

SyNum sy_num_pack_widest(SyTape *t, guint bits, SyNum a)
{
	SyNum n = {sy_tape_op_apply(OP_PACK, a.v, 0, bits), 0};

	if (recording(t) && a.r)
		n.r = node(t, sy_tape_op(OP_PACK, a.r, 0, bits, NULL),
			(SyTapeReg){.i = n.v});
	return n;
}

SyNum sy_tape_opaque(SyTape *t, OpKind op, SyNum a, SyNum b, gint64 value)
{
	SyNum n = {value, 0};

	if (recording(t) && (a.r || b.r))
		n.r = node(t,
			sy_tape_op(op, ref_of(t, a), ref_of(t, b), 0, NULL),
			(SyTapeReg){.i = value});
	return n;
}

gboolean sy_tape_holds(SyTape *t, SyNum a)
{
	gboolean holds = a.v != 0;

	if (recording(t) && a.r)
		node(t, sy_tape_op(OP_CHECK, a.r, 0, holds, NULL),
			(SyTapeReg){.i = 0});
	return holds;
}

gint64 sy_num_fixed(SyTape *t, SyNum a)
{
	if (recording(t) && a.r)
		node(t, sy_tape_op(OP_FIXED, a.r, 0, a.v, NULL),
			(SyTapeReg){.i = 0});
	return a.v;
}

SyReal sy_tape_real_of(SyTape *t, SyNum a)
{
	SyReal x = {(double)a.v, 0};

	if (recording(t) && a.r)
		x.r = node(t, sy_tape_op(OP_I2F, a.r, 0, 0, NULL),
			(SyTapeReg){.f = x.v});
	return x;
}

static SyTapeRef real_ref(SyTape *t, SyReal a)
{
	gint64 bits;

	if (a.r)
		return a.r;
	/* A double constant: its bits as the key. */
	memcpy(&bits, &a.v, sizeof(bits));
	return node(t, sy_tape_op(OP_CONST, 0, 0, bits, NULL),
		(SyTapeReg){.f = a.v});
}

gboolean sy_tape_real_lt(SyTape *t, SyReal a, SyReal b)
{
	gboolean lt = a.v < b.v;

	if (recording(t) && (a.r || b.r))
		node(t,
			sy_tape_op(OP_CHECK_FLT, real_ref(t, a), real_ref(t, b),
				lt, NULL),
			(SyTapeReg){.i = 0});
	return lt;
}

SyReal sy_tape_real(SyTape *t, SyTapeRealOp op, SyReal a, SyReal b)
{
	static const OpKind kind[] = {OP_FADD, OP_FMUL, OP_FDIVR, OP_FMAX};
	SyReal x = {sy_tape_real_apply(kind[op], a.v, b.v), 0};

	if (!recording(t) || (!a.r && !b.r))
		return x;
	/* x * 1.0 is x, whatever x; no other identity: +0.0 + -0.0 is
	 * +0.0, so 0 + x is not x. */
	if (op == SY_TAPE_RMUL &&
		((!a.r && a.v == 1.0) || (!b.r && b.v == 1.0)))
		return a.r ? a : b;

	x.r = node(t,
		sy_tape_op(kind[op], real_ref(t, a), real_ref(t, b), 0, NULL),
		(SyTapeReg){.f = x.v});
	return x;
}

/* field = r's value at each replay (none in an outputs-only tape);
 * later reads of field take r. */
static void store(SyTape *t, OpKind op, SyTapeRef r, void *field)
{
	/* Each store its own: two fields of one value are two stores. */
	Op o = sy_tape_op(op, r, 0, 0, field);

	g_hash_table_insert(t->defined, field, GUINT_TO_POINTER(r));
	if (t->outputs_only || !r)
		return;
	g_array_append_val(t->ops, o);
	g_array_append_val(t->values, (SyTapeReg){.i = 0});
}

/* A constant is stored now, once: no replay changes it. */
void sy_tape_store_i64(SyTape *t, SyNum a, gint64 *field)
{
	*field = a.v;
	if (recording(t))
		store(t, OP_STORE_I64, a.r, field);
}

void sy_tape_store_u32(SyTape *t, SyNum a, guint *field)
{
	*field = (guint)a.v;
	if (recording(t))
		store(t, OP_STORE_U32, a.r, field);
}

void sy_tape_store_real(SyTape *t, SyReal a, double *field)
{
	*field = a.v;
	if (recording(t))
		store(t, OP_STORE_F64, a.r, field);
}

void sy_tape_outputs_only(SyTape *t)
{
	t->outputs_only = TRUE;
}

void sy_tape_output(SyTape *t, guint k, SyReal a)
{
	Op o = sy_tape_op(OP_OUT, 0, 0, k, NULL);

	if (!recording(t))
		return;
	o.a = real_ref(t, a);
	t->n_outputs = MAX(t->n_outputs, k + 1);
	g_array_append_val(t->ops, o);
	g_array_append_val(t->values, (SyTapeReg){.i = 0});
}

/* Appends to out the checks that node (a recorded ref) is, or is not
 * (expected 0), nonzero: a conjunction that holds as checks of its
 * terms, a disjunction that does not likewise, and a comparison fused
 * with its check.  map: recorded refs to out's. */
static void split_check(GArray *out, const GArray *ops, const guint *map,
	SyTapeRef node, gint64 expected)
{
	const Op *n = &g_array_index(ops, Op, node - 1);
	Op c = sy_tape_op(OP_CHECK, map[node], 0, expected, NULL);

	/* (x == 1) and (x == 0) of x 0 or 1: x's own check. */
	if (n->op == OP_EQ) {
		const Op *p = &g_array_index(ops, Op, n->a - 1);
		const Op *q = &g_array_index(ops, Op, n->b - 1);

		if (p->op == OP_CONST && (p->k == 0 || p->k == 1) &&
			sy_tape_boolean_op(q->op)) {
			split_check(out, ops, map, n->b,
				p->k ? expected : !expected);
			return;
		}
		if (q->op == OP_CONST && (q->k == 0 || q->k == 1) &&
			sy_tape_boolean_op(p->op)) {
			split_check(out, ops, map, n->a,
				q->k ? expected : !expected);
			return;
		}
	}

	if ((n->op == OP_AND && expected) || (n->op == OP_OR && !expected)) {
		split_check(out, ops, map, n->a, expected);
		split_check(out, ops, map, n->b, expected);
		return;
	}
	if (n->op == OP_EQ || n->op == OP_LE || n->op == OP_LT)
		c = sy_tape_op(n->op == OP_EQ    ? OP_CHECK_EQ
				: n->op == OP_LE ? OP_CHECK_LE
						 : OP_CHECK_LT,
			map[n->a], map[n->b], expected, NULL);
	g_array_append_val(out, c);
}

/* Checks no replay needs become constants (drop_dead removes them): a
 * check made twice, and a <= b where a < b is checked to hold. */
static void drop_implied(GArray *ops)
{
	g_autoptr(GHashTable) seen = g_hash_table_new_full(
		sy_tape_op_hash, sy_tape_op_equal, g_free, NULL);

	for (guint i = 0; i < ops->len; i++) {
		Op *o = &g_array_index(ops, Op, i);

		if (!sy_tape_is_check(o->op))
			continue;
		if (g_hash_table_contains(seen, o))
			o->op = OP_CONST;
		else
			g_hash_table_add(seen, g_memdup2(o, sizeof(*o)));
	}
	for (guint i = 0; i < ops->len; i++) {
		Op *o = &g_array_index(ops, Op, i);
		Op lt = sy_tape_op(OP_CHECK_LT, o->a, o->b, 1, NULL);

		if (o->op == OP_CHECK_LE && o->k == 1 &&
			g_hash_table_contains(seen, &lt))
			o->op = OP_CONST;
	}
}

/* The recorded ops with their checks split and fused (split_check):
 * the comparisons and conjunctions only checks read then go. */
static GArray *fuse_checks(const GArray *ops)
{
	GArray *out = g_array_new(FALSE, FALSE, sizeof(Op));
	g_autofree guint *map = g_new0(guint, ops->len + 1);

	for (guint i = 0; i < ops->len; i++) {
		Op o = g_array_index(ops, Op, i);

		if (o.op == OP_CHECK && o.a) {
			split_check(out, ops, map, o.a, o.k);
			continue;
		}
		o.a = map[o.a];
		o.b = map[o.b];
		g_array_append_val(out, o);
		map[i + 1] = out->len;
	}
	return out;
}

/* Each binary op with one constant operand takes it as its own (an
 * immediate): the constant's op goes where nothing else reads it.  For
 * a batch replay's tape: in a single replay, a register is read faster
 * than an op's constant is chosen. */
static void take_constants(GArray *ops)
{
	for (guint i = 0; i < ops->len; i++) {
		Op *o = &g_array_index(ops, Op, i);
		const Op *a, *b;

		if (!sy_tape_reads_b(o->op))
			continue;
		a = &g_array_index(ops, Op, o->a - 1);
		b = &g_array_index(ops, Op, o->b - 1);
		if (b->op == OP_CONST) {
			o->imm = IMM_B;
			o->c.i = b->k;
			o->b = 0;
		} else if (a->op == OP_CONST) {
			o->imm = IMM_A;
			o->c.i = a->k;
			o->a = 0;
		}
	}
}

/* ops without what no store or check reads, renumbered. */
static GArray *drop_dead(const GArray *ops)
{
	guint n = ops->len;
	g_autofree guint *to = g_new0(guint, n + 1);
	g_autofree gboolean *used = g_new0(gboolean, n + 1);
	GArray *kept = g_array_new(FALSE, FALSE, sizeof(Op));

	/* Nodes come after their operands: one pass backwards marks
	 * what the stores and checks read. */
	for (guint i = n; i-- > 0;) {
		const Op *o = &g_array_index(ops, Op, i);

		if (!used[i + 1] && !sy_tape_is_sink(o->op))
			continue;
		used[i + 1] = TRUE;
		used[o->a] = TRUE;
		used[o->b] = TRUE;
	}
	for (guint i = 0; i < n; i++) {
		Op o = g_array_index(ops, Op, i);

		if (!used[i + 1])
			continue;
		o.a = to[o.a];
		o.b = to[o.b];
		g_array_append_val(kept, o);
		to[i + 1] = kept->len - 1;
	}
	return kept;
}

/* Gives each value a register, one a value no later op reads frees:
 * a batch replay's registers then fit the cache.  Operands become
 * registers; returns how many there are. */
static guint allocate(GArray *ops)
{
	guint n = ops->len, n_regs = 0;
	g_autofree guint *last = g_new0(guint, n + 1);
	g_autofree guint *reg = g_new0(guint, n + 1);
	g_autoptr(GArray) free_regs = g_array_new(FALSE, FALSE, sizeof(guint));

	for (guint i = 0; i < n; i++) {
		const Op *o = &g_array_index(ops, Op, i);

		if (sy_tape_reads_reg_a(o))
			last[o->a] = i;
		if (sy_tape_reads_reg_b(o))
			last[o->b] = i;
	}
	for (guint i = 0; i < n; i++) {
		Op *o = &g_array_index(ops, Op, i);
		guint a = sy_tape_reads_reg_a(o) ? o->a : n,
		      b = sy_tape_reads_reg_b(o) ? o->b : n;

		o->a = reg[a];
		o->b = reg[b];
		/* The result in a register the operands are not in: a
		 * batch replay's loops then read and write apart. */
		if (!sy_tape_is_sink(o->op)) {
			if (free_regs->len) {
				reg[i] = g_array_index(
					free_regs, guint, free_regs->len - 1);
				g_array_set_size(free_regs, free_regs->len - 1);
			} else
				reg[i] = n_regs++;
			o->dst = reg[i];
		}
		if (a < n && last[a] == i)
			g_array_append_val(free_regs, reg[a]);
		if (b < n && b != a && last[b] == i)
			g_array_append_val(free_regs, reg[b]);
	}
	return n_regs;
}

/* Whether the ops read no field and store none: a batch replay's. */
static gboolean batch_ops(const GArray *ops)
{
	for (guint i = 0; i < ops->len; i++) {
		OpKind op = g_array_index(ops, Op, i).op;

		if (op == OP_LOAD_I64 || op == OP_LOAD_U32 ||
			op == OP_STORE_I64 || op == OP_STORE_U32 ||
			op == OP_STORE_F64)
			return FALSE;
	}
	return TRUE;
}

void sy_tape_finish(SyTape *t)
{
	g_autoptr(GArray) fused = fuse_checks(t->ops);
	g_autoptr(GArray) folded = sy_tape_fold(fused);

	drop_implied(folded);
	t->batch = batch_ops(folded);
	if (t->batch)
		take_constants(folded);
	g_array_unref(t->ops);
	t->ops = drop_dead(folded);
	t->n_regs = allocate(t->ops);
	g_array_set_size(t->values, 0);
	g_clear_pointer(&t->seen, g_hash_table_unref);
	g_clear_pointer(&t->live, g_hash_table_unref);
	g_clear_pointer(&t->defined, g_hash_table_unref);
	t->finished = TRUE;
}

gsize sy_tape_n_regs(const SyTape *t)
{
	return MAX(t->n_regs, 1);
}

gsize sy_tape_n_ops(const SyTape *t)
{
	return t->ops->len;
}

guint sy_tape_n_inputs(const SyTape *t)
{
	return t->n_inputs;
}

guint sy_tape_n_outputs(const SyTape *t)
{
	return t->n_outputs;
}

gboolean sy_tape_reads_input(const SyTape *t, guint k)
{
	for (guint i = 0; i < t->ops->len; i++) {
		const Op *o = &g_array_index(t->ops, Op, i);

		if (o->op == OP_INPUT && o->k == k)
			return TRUE;
	}
	return FALSE;
}

gboolean sy_tape_reads_fields(const SyTape *t)
{
	for (guint i = 0; i < t->ops->len; i++) {
		OpKind op = g_array_index(t->ops, Op, i).op;

		if (op == OP_LOAD_I64 || op == OP_LOAD_U32)
			return TRUE;
	}
	return FALSE;
}
