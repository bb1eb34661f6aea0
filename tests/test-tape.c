/* The tape (model/tape.h): what it records, what it drops and what a
 * replay computes, with exact values.  Each test records on fields of
 * its own, finishes the tape and replays it for other field values, as
 * the models' form does for other sizes of a design's class. */
#include <math.h>
#include <string.h>

#include "base/integer.h"
#include "model/tape.h"

/* Registers for a replay of t, left uninitialised as a caller may
 * leave them: the tape writes each register before it reads it
 * (valgrind holds this where the test runs under it). */
static SyTapeReg *regs_for(const SyTape *t)
{
	return g_new(SyTapeReg, sy_tape_n_regs(t));
}

/* Operations on constants are constants: no node, nothing to replay;
 * a field that is neither live nor defined reads as a constant too. */
static void test_tape_fold(void)
{
	g_autoptr(SyTape) t = sy_tape_new();
	gint64 field = 12;
	SyNum a = sy_num_add(t, sy_num(3), sy_num(4));
	SyNum m = sy_num_mul(t, a, sy_num(-6));
	SyNum f = sy_num_fdiv(t, m, sy_num(4));
	SyNum c = sy_num_cdiv(t, m, sy_num(4));
	SyNum g = sy_num_gcd(t, m, sy_num(-28));
	SyNum p = sy_num_pack_widest(t, 32, sy_num(48));
	SyNum x = sy_num_i64(t, &field);
	SyReal r = sy_real_mul(t, sy_real_of(t, a), sy_real(0.5));

	g_assert_cmpint(a.v, ==, 7);
	g_assert_cmpint(m.v, ==, -42);
	g_assert_cmpint(f.v, ==, -11);
	g_assert_cmpint(c.v, ==, -10);
	g_assert_cmpint(g.v, ==, 14);
	g_assert_cmpint(p.v, ==, 16);
	g_assert_cmpint(x.v, ==, 12);
	g_assert_cmpfloat(r.v, ==, 3.5);
	g_assert_cmpuint(a.r, ==, 0);
	g_assert_cmpuint(m.r, ==, 0);
	g_assert_cmpuint(f.r, ==, 0);
	g_assert_cmpuint(c.r, ==, 0);
	g_assert_cmpuint(g.r, ==, 0);
	g_assert_cmpuint(p.r, ==, 0);
	g_assert_cmpuint(x.r, ==, 0);
	g_assert_cmpuint(r.r, ==, 0);
	/* Decisions on constants are not checks. */
	g_assert_true(sy_num_holds(t, sy_num_lt(t, a, sy_num(8))));
	g_assert_false(sy_num_holds(t, sy_num_eq(t, a, sy_num(8))));
	g_assert_cmpint(sy_num_fixed(t, f), ==, -11);
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 0);
	sy_tape_finish(t);
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 0);
	g_assert_cmpuint(sy_tape_n_inputs(t), ==, 0);
	g_assert_cmpuint(sy_tape_n_regs(t), ==, 1);
}

/* Fields of the expression test, and what each store writes. */
typedef struct {
	gint64 x;
	guint y;
	gint64 div, cdiv, fdiv, cdiv_neg, fdiv_neg, mod, min, max, gcd;
	guint pack, next;
} Fields;

/* (x, y) and the stores' values, worked out by hand with C's
 * truncating division and remainder; a division by 0 gives 0, as
 * tape.h says.  The first row is the one recorded; the last has a y
 * above 2^31, which a signed read of the guint would get wrong. */
static const gint64 expression_rows[][13] = {
	/* x, y, (3x + y) / 2, cdiv(x, y), fdiv(x, y), cdiv(x, -y),
	 * fdiv(x, -y), x % y, min, max, gcd, pack_widest(32, y), y + 1 */
	{10, 4, 17, 3, 2, -2, -3, 2, 4, 10, 2, 4, 5},
	{-7, 2, -9, -3, -4, 4, 3, -1, -7, 2, 1, 2, 3},
	{-9, 4, -11, -2, -3, 3, 2, -1, -9, 4, 1, 4, 5},
	{25, 6, 40, 5, 4, -4, -5, 1, 6, 25, 1, 2, 7},
	{0, 5, 2, 0, 0, 0, 0, 0, 0, 5, 5, 1, 6},
	{-12, 8, -14, -1, -2, 2, 1, -4, -12, 8, 4, 8, 9},
	{48, 48, 96, 1, 1, -1, -1, 0, 48, 48, 48, 16, 49},
	{13, 0, 19, 0, 0, 0, 0, 0, 0, 13, 13, 16, 1},
	{-5, 3000000000, 1499999992, 0, -1, 1, 0, -5, -5, 3000000000, 5, 16,
		3000000001},
};

/* Records every store of Fields on t from s's x and y, checking the
 * values computed while recording against row 0. */
static void record_expression(SyTape *t, Fields *s)
{
	const gint64 *want = expression_rows[0];
	SyNum x = sy_num_i64(t, &s->x);
	SyNum y = sy_num_u32(t, &s->y);
	SyNum sum = sy_num_add(t, sy_num_mul(t, x, sy_num(3)), y);
	SyNum got[] = {
		sy_num_div(t, sum, sy_num(2)),
		sy_num_cdiv(t, x, y),
		sy_num_fdiv(t, x, y),
		sy_num_cdiv(t, x, sy_num_neg(t, y)),
		sy_num_fdiv(t, x, sy_num_neg(t, y)),
		sy_num_mod(t, x, y),
		sy_num_min(t, x, y),
		sy_num_max(t, x, y),
		sy_num_gcd(t, x, y),
		sy_num_pack_widest(t, 32, y),
		sy_num_add(t, y, sy_num(1)),
	};
	gint64 *wide[] = {&s->div, &s->cdiv, &s->fdiv, &s->cdiv_neg,
		&s->fdiv_neg, &s->mod, &s->min, &s->max, &s->gcd};

	g_assert_cmpuint(x.r, !=, 0);
	g_assert_cmpuint(y.r, !=, 0);
	for (guint i = 0; i < G_N_ELEMENTS(got); i++) {
		g_assert_cmpint(got[i].v, ==, want[i + 2]);
		g_assert_cmpuint(got[i].r, !=, 0);
	}
	for (guint i = 0; i < G_N_ELEMENTS(wide); i++)
		sy_tape_store_i64(t, got[i], wide[i]);
	sy_tape_store_u32(t, got[9], &s->pack);
	sy_tape_store_u32(t, got[10], &s->next);
}

/* An expression over a live gint64 and a live guint, replayed for
 * other values of both: every store as C computes it. */
static void test_tape_expression(void)
{
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *regs = NULL;
	Fields s = {.x = 10, .y = 4};

	sy_tape_live(t, &s.x);
	sy_tape_live(t, &s.y);
	record_expression(t, &s);
	sy_tape_finish(t);
	g_assert_cmpuint(sy_tape_n_inputs(t), ==, 0);
	regs = regs_for(t);
	for (guint i = 0; i < G_N_ELEMENTS(expression_rows); i++) {
		const gint64 *row = expression_rows[i];

		memset(&s, 0x5a, sizeof(s));
		s.x = row[0];
		s.y = (guint)row[1];
		g_assert_true(sy_tape_run(t, NULL, regs, NULL));
		g_assert_cmpint(s.x, ==, row[0]);
		g_assert_cmpuint(s.y, ==, row[1]);
		g_assert_cmpint(s.div, ==, row[2]);
		g_assert_cmpint(s.cdiv, ==, row[3]);
		g_assert_cmpint(s.fdiv, ==, row[4]);
		g_assert_cmpint(s.cdiv_neg, ==, row[5]);
		g_assert_cmpint(s.fdiv_neg, ==, row[6]);
		g_assert_cmpint(s.mod, ==, row[7]);
		g_assert_cmpint(s.min, ==, row[8]);
		g_assert_cmpint(s.max, ==, row[9]);
		g_assert_cmpint(s.gcd, ==, row[10]);
		g_assert_cmpuint(s.pack, ==, row[11]);
		g_assert_cmpuint(s.next, ==, row[12]);
	}
}

/* A defined field reads its defining node (here from an input), not
 * the field, which the replay never reads; a later definition by a
 * constant makes the field's reads constants again. */
static void test_tape_define(void)
{
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *regs = NULL;
	gint64 n = 10, m = 3, out = 0, other = 0;
	SyNum in = sy_tape_input(t, 1, 5);
	SyNum twice = sy_num_mul(t, in, sy_num(2));
	SyNum read, fixed;

	g_assert_cmpint(in.v, ==, 5);
	sy_tape_live(t, &n);
	sy_tape_define(t, &n, twice);
	read = sy_num_i64(t, &n);
	g_assert_cmpint(read.v, ==, 10);
	g_assert_cmpuint(read.r, ==, twice.r);
	sy_tape_store_i64(t, sy_num_add(t, read, sy_num(1)), &out);
	sy_tape_define(t, &m, in);
	sy_tape_define(t, &m, sy_num(3));
	fixed = sy_num_i64(t, &m);
	g_assert_cmpuint(fixed.r, ==, 0);
	sy_tape_store_i64(t, sy_num_mul(t, read, fixed), &other);
	sy_tape_finish(t);
	/* Inputs 0 and 1: the tape reads inputs[1]. */
	g_assert_cmpuint(sy_tape_n_inputs(t), ==, 2);
	regs = regs_for(t);
	n = 999;
	m = 100;
	g_assert_true(sy_tape_run(t, (const gint64[]){-1, 7}, regs, NULL));
	g_assert_cmpint(out, ==, 15);
	g_assert_cmpint(other, ==, 42);
	g_assert_cmpint(n, ==, 999);
	g_assert_true(sy_tape_run(t, (const gint64[]){-1, -4}, regs, NULL));
	g_assert_cmpint(out, ==, -7);
	g_assert_cmpint(other, ==, -24);
}

/* A decision recorded with sy_num_holds replays TRUE where it decides
 * the same and fails where it does not, in both senses; the stores
 * before the failing check are done, those after it are not. */
static void test_tape_holds(void)
{
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *regs = NULL;
	gint64 x = 5, before = 0, after = 0;
	SyNum v;

	sy_tape_live(t, &x);
	v = sy_num_i64(t, &x);
	sy_tape_store_i64(t, sy_num_add(t, v, sy_num(1)), &before);
	g_assert_true(sy_num_holds(t, sy_num_lt(t, v, sy_num(8))));
	g_assert_false(sy_num_holds(t, sy_num_le(t, v, sy_num(2))));
	sy_tape_store_i64(t, sy_num_mul(t, v, sy_num(2)), &after);
	sy_tape_finish(t);
	regs = regs_for(t);
	for (gint64 k = -3; k <= 10; k++) {
		gboolean same = k > 2 && k < 8;

		x = k;
		before = after = -100;
		g_assert_cmpint(sy_tape_run(t, NULL, regs, NULL), ==, same);
		g_assert_cmpint(before, ==, k + 1);
		g_assert_cmpint(after, ==, same ? 2 * k : -100);
	}
}

/* sy_num_fixed: a value checked to be the one recorded. */
static void test_tape_fixed(void)
{
	static const struct {
		gint64 x;
		gboolean same;
	} runs[] = {
		{10, TRUE},
		{9, TRUE},
		{12, TRUE},
		{13, FALSE},
		{8, FALSE},
		{-10, FALSE},
		{0, FALSE},
	};
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *regs = NULL;
	gint64 x = 10, out = 0;
	SyNum v, count;

	sy_tape_live(t, &x);
	v = sy_num_i64(t, &x);
	count = sy_num_cdiv(t, v, sy_num(4));
	g_assert_cmpint(sy_num_fixed(t, count), ==, 3);
	sy_tape_store_i64(t, sy_num_sub(t, v, count), &out);
	sy_tape_finish(t);
	regs = regs_for(t);
	for (guint i = 0; i < G_N_ELEMENTS(runs); i++) {
		x = runs[i].x;
		out = -100;
		g_assert_cmpint(
			sy_tape_run(t, NULL, regs, NULL), ==, runs[i].same);
		g_assert_cmpint(out, ==, runs[i].same ? runs[i].x - 3 : -100);
	}
}

/* The same computation recorded twice is one node; two stores of it
 * are two stores. */
static void test_tape_cse(void)
{
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *regs = NULL;
	gint64 x = 2, first = 0, second = 0;
	guint y = 9;
	SyNum a, b;

	sy_tape_live(t, &x);
	sy_tape_live(t, &y);
	a = sy_num_add(t, sy_num_mul(t, sy_num_i64(t, &x), sy_num(3)),
		sy_num_u32(t, &y));
	/* load x, 3, x * 3, load y, + */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 5);
	b = sy_num_add(t, sy_num_mul(t, sy_num_i64(t, &x), sy_num(3)),
		sy_num_u32(t, &y));
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 5);
	g_assert_cmpuint(b.r, ==, a.r);
	g_assert_cmpint(b.v, ==, 15);
	/* Another constant is another node. */
	sy_num_mul(t, sy_num_i64(t, &x), sy_num(4));
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 7);
	sy_tape_store_i64(t, a, &first);
	sy_tape_store_i64(t, b, &second);
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 9);
	sy_tape_finish(t);
	/* x * 4 and its 4 dropped (a tape that stores keeps its
	 * constants as ops: its single replays run faster so). */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 7);
	regs = regs_for(t);
	x = -4;
	y = 20;
	g_assert_true(sy_tape_run(t, NULL, regs, NULL));
	g_assert_cmpint(first, ==, 8);
	g_assert_cmpint(second, ==, 8);
}

/* Nodes that reach no store or check are dropped, and the nodes kept
 * still read the right registers. */
static void test_tape_dead(void)
{
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *regs = NULL;
	gint64 x = 6, out = 0, late = 0;
	guint y = 2;
	SyNum vx, vy;

	sy_tape_live(t, &x);
	sy_tape_live(t, &y);
	vx = sy_num_i64(t, &x);
	sy_num_mul(t, vx, sy_num(5));
	vy = sy_num_u32(t, &y);
	sy_num_sub(t, vy, vx);
	sy_num_max(t, sy_num_sub(t, vy, vx), sy_num(0));
	sy_tape_store_i64(t, sy_num_add(t, vx, vy), &out);
	/* load x, 5, x * 5, load y, y - x, 0, max, x + y, store */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 9);
	sy_tape_finish(t);
	/* load x, load y, x + y, store; x + y goes to a register of its
	 * own, never an operand's. */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 4);
	g_assert_cmpuint(sy_tape_n_regs(t), ==, 3);
	/* A finished tape records nothing more: the store writes now
	 * only. */
	sy_tape_store_i64(t, sy_num_add(t, vx, vx), &late);
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 4);
	g_assert_cmpint(late, ==, 12);
	late = 0;
	regs = regs_for(t);
	x = 3;
	y = 4;
	g_assert_true(sy_tape_run(t, NULL, regs, NULL));
	g_assert_cmpint(out, ==, 7);
	g_assert_cmpint(late, ==, 0);
}

/* The double the C code computes, bit for bit, for x and y. */
static double real_expression(gint64 x, guint y)
{
	return (double)x * 0.1 + (double)y * (1.0 / 3.0);
}

/* Doubles: conversions, products and sums replayed bit for bit as C
 * computes them. */
static void test_tape_real(void)
{
	static const struct {
		gint64 x;
		guint y;
		double want;
	} runs[] = {
		{10, 3, 2.0},
		{3, 0, 0.30000000000000004},
		{-10, 3, 0.0},
		{7, 11, 4.366666666666666},
		{1 << 30, 4000000000u, 1440707515.7333333},
	};
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *regs = NULL;
	gint64 x = 7;
	guint y = 11;
	double out = 0, square = 0;
	SyReal fx, fy, r;

	sy_tape_live(t, &x);
	sy_tape_live(t, &y);
	fx = sy_real_of(t, sy_num_i64(t, &x));
	fy = sy_real_of(t, sy_num_u32(t, &y));
	r = sy_real_add(t, sy_real_mul(t, fx, sy_real(0.1)),
		sy_real_mul(t, fy, sy_real(1.0 / 3.0)));
	g_assert_cmpuint(r.r, !=, 0);
	g_assert_cmpmem(&r.v, sizeof(double), &(double){real_expression(7, 11)},
		sizeof(double));
	sy_tape_store_real(t, r, &out);
	sy_tape_store_real(t, sy_real_mul(t, r, r), &square);
	sy_tape_finish(t);
	regs = regs_for(t);
	for (guint i = 0; i < G_N_ELEMENTS(runs); i++) {
		double c = real_expression(runs[i].x, runs[i].y);
		double c2 = c * c;

		x = runs[i].x;
		y = runs[i].y;
		g_assert_true(sy_tape_run(t, NULL, regs, NULL));
		g_assert_cmpfloat(out, ==, runs[i].want);
		g_assert_cmpmem(&out, sizeof(double), &c, sizeof(double));
		g_assert_cmpmem(&square, sizeof(double), &c2, sizeof(double));
	}
}

/* x + 0, 0 + x, x - 0, x * 1, 1 * x and x / 1 are x: no operation; x *
 * 0 is the constant 0; 0.0 + a double is an operation (+0.0 + -0.0 is
 * +0.0: not the double). */
static void test_tape_identities(void)
{
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *regs = NULL;
	gint64 x = 6, out = 0;
	SyNum v, same[8], zero;
	SyReal f;

	sy_tape_live(t, &x);
	v = sy_num_i64(t, &x);
	same[0] = sy_num_add(t, v, sy_num(0));
	same[1] = sy_num_add(t, sy_num(0), v);
	same[2] = sy_num_sub(t, v, sy_num(0));
	same[3] = sy_num_mul(t, v, sy_num(1));
	same[4] = sy_num_mul(t, sy_num(1), v);
	same[5] = sy_num_div(t, v, sy_num(1));
	same[6] = sy_num_fdiv(t, v, sy_num(1));
	same[7] = sy_num_cdiv(t, v, sy_num(1));
	for (guint i = 0; i < G_N_ELEMENTS(same); i++) {
		g_assert_cmpuint(same[i].r, ==, v.r);
		g_assert_cmpint(same[i].v, ==, 6);
	}
	zero = sy_num_mul(t, v, sy_num(0));
	g_assert_cmpuint(zero.r, ==, 0);
	g_assert_cmpint(zero.v, ==, 0);
	zero = sy_num_mul(t, sy_num(0), v);
	g_assert_cmpuint(zero.r, ==, 0);
	f = sy_real_of(t, v);
	/* The conversion is one node. */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 2);
	g_assert_cmpuint(sy_real_add(t, sy_real(0.0), f).r, !=, f.r);
	/* The constant 0.0 and the sum. */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 4);
	sy_tape_store_i64(t, same[7], &out);
	sy_tape_finish(t);
	/* load x, store */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 2);
	regs = regs_for(t);
	x = -13;
	g_assert_true(sy_tape_run(t, NULL, regs, NULL));
	g_assert_cmpint(out, ==, -13);
}

/* Constants meet: (x - 1) + 1 is x, (x * 2) * 3 one product by 6,
 * max(max(x, 1), 1) the inner max, and c + x is x + c; the replay
 * still computes the C values. */
static void test_tape_reassociate(void)
{
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *regs = NULL;
	gint64 x = 7, sum = 0, product = 0, top = 0;
	SyNum v, m, p;

	sy_tape_live(t, &x);
	v = sy_num_i64(t, &x);
	g_assert_cmpuint(
		sy_num_add(t, sy_num_sub(t, v, sy_num(1)), sy_num(1)).r, ==,
		v.r);
	/* load x, -1, x - 1 (as x + -1); + 1 makes nothing */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 3);
	p = sy_num_mul(t, sy_num(3), sy_num_mul(t, v, sy_num(2)));
	g_assert_cmpint(p.v, ==, 42);
	/* 2, x * 2, 6, x * 6: no 3 */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 7);
	m = sy_num_max(t, v, sy_num(1));
	g_assert_cmpuint(sy_num_max(t, m, sy_num(1)).r, ==, m.r);
	g_assert_cmpuint(sy_num_max(t, sy_num(1), m).r, ==, m.r);
	sy_tape_store_i64(t, sy_num_add(t, sy_num(5), v), &sum);
	sy_tape_store_i64(t, p, &product);
	sy_tape_store_i64(t, m, &top);
	sy_tape_finish(t);
	/* load x, 5, x + 5, 6, x * 6, max(x, 1) with its 1, 3 stores */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 10);
	regs = regs_for(t);
	for (x = -4; x <= 4; x++) {
		g_assert_true(sy_tape_run(t, NULL, regs, NULL));
		g_assert_cmpint(sum, ==, x + 5);
		g_assert_cmpint(product, ==, x * 6);
		g_assert_cmpint(top, ==, MAX(x, 1));
	}
}

/* x op x of one node: min, max and logic of a comparison are x, x
 * == x and x <= x are 1, x < x and x - x are 0; 1 - (a < b) is b <=
 * a and 1 - (a <= b) is b < a, and replays say so. */
static void test_tape_same(void)
{
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *regs = NULL;
	gint64 x = 7, y = 3, ge = 0, gt = 0;
	SyNum v, w, c;

	sy_tape_live(t, &x);
	sy_tape_live(t, &y);
	v = sy_num_i64(t, &x);
	w = sy_num_i64(t, &y);
	g_assert_cmpuint(sy_num_max(t, v, v).r, ==, v.r);
	g_assert_cmpuint(sy_num_min(t, v, v).r, ==, v.r);
	c = sy_num_lt(t, v, w);
	g_assert_cmpuint(sy_num_and(t, c, c).r, ==, c.r);
	g_assert_cmpuint(sy_num_or(t, c, c).r, ==, c.r);
	/* x && x of a number that is no comparison is an operation */
	g_assert_cmpuint(sy_num_and(t, v, v).r, !=, 0);
	g_assert_cmpint(sy_num_eq(t, v, v).v, ==, 1);
	g_assert_cmpuint(sy_num_eq(t, v, v).r, ==, 0);
	g_assert_cmpuint(sy_num_le(t, v, v).r, ==, 0);
	g_assert_cmpuint(sy_num_lt(t, v, v).r, ==, 0);
	g_assert_cmpint(sy_num_lt(t, v, v).v, ==, 0);
	g_assert_cmpuint(sy_num_sub(t, v, v).r, ==, 0);
	/* max(max(x, y), y) and (c && d) && d are the inner ones */
	g_assert_cmpuint(sy_num_max(t, sy_num_max(t, v, w), w).r, ==,
		sy_num_max(t, v, w).r);
	g_assert_cmpuint(sy_num_and(t, sy_num_and(t, c, sy_num_le(t, w, v)),
				 sy_num_le(t, w, v))
				 .r,
		==, sy_num_and(t, c, sy_num_le(t, w, v)).r);
	sy_tape_store_i64(t, sy_num_sub(t, sy_num(1), c), &ge);
	sy_tape_store_i64(t, sy_num_sub(t, sy_num(1), sy_num_le(t, v, w)), &gt);
	g_assert_cmpint(ge, ==, 1);
	g_assert_cmpint(gt, ==, 1);
	sy_tape_finish(t);
	/* load x, load y, y <= x, y < x, 2 stores */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 6);
	regs = regs_for(t);
	for (x = -2; x <= 2; x++)
		for (y = -2; y <= 2; y++) {
			g_assert_true(sy_tape_run(t, NULL, regs, NULL));
			g_assert_cmpint(ge, ==, x >= y);
			g_assert_cmpint(gt, ==, x > y);
		}
}

/* A check made twice is one; 0 <= x goes where 0 < x is checked to
 * hold; x != 0 with 0 <= x fuse so too. */
static void test_tape_implied(void)
{
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *regs = NULL;
	gint64 x = 5, out = 0;
	SyNum v;

	sy_tape_live(t, &x);
	v = sy_num_i64(t, &x);
	g_assert_true(sy_num_holds(t, sy_num_le(t, sy_num(0), v)));
	g_assert_true(sy_num_holds(t, sy_num_lt(t, sy_num(0), v)));
	g_assert_true(sy_num_holds(t,
		sy_num_and(t, sy_num_lt(t, sy_num(0), v),
			sy_num_le(t, v, sy_num(9)))));
	sy_tape_store_i64(t, sy_num_add(t, v, sy_num(1)), &out);
	sy_tape_finish(t);
	/* load x, 0, 9, 0 < x, x <= 9, 1, x + 1, store */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 8);
	regs = regs_for(t);
	for (x = -2; x <= 11; x++) {
		out = 0;
		g_assert_cmpint(
			sy_tape_run(t, NULL, regs, NULL), ==, x > 0 && x <= 9);
		if (x > 0 && x <= 9)
			g_assert_cmpint(out, ==, x + 1);
	}
}

/* What earlier checks say is used: after x < 10 and 0 < x hold, 0 <
 * x + 5 goes (not after 0 < x alone: x + 5 may wrap), min(x, 0) is 0
 * and max(x, 1) is x; cdiv(x, 4) fixed at 2 makes cdiv(x, 4) x 3 the
 * constant 6; 0 / y, y % 1 and (x < 0) && y are 0 whatever y.  The
 * checks kept fail where they should. */
static void test_tape_facts(void)
{
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *regs = NULL;
	gint64 x = 7, y = 3, low = 1, top = 1, six = 1, zero = 1, sum = 1;
	SyNum v, w, q;

	sy_tape_live(t, &x);
	sy_tape_live(t, &y);
	v = sy_num_i64(t, &x);
	w = sy_num_i64(t, &y);
	g_assert_true(sy_num_holds(t, sy_num_lt(t, v, sy_num(10))));
	g_assert_true(sy_num_holds(t, sy_num_lt(t, sy_num(0), v)));
	g_assert_true(sy_num_holds(
		t, sy_num_lt(t, sy_num(0), sy_num_add(t, v, sy_num(5)))));
	sy_tape_store_i64(t, sy_num_min(t, v, sy_num(0)), &low);
	sy_tape_store_i64(t, sy_num_max(t, v, sy_num(1)), &top);
	q = sy_num_cdiv(t, v, sy_num(4));
	g_assert_cmpint(sy_num_fixed(t, q), ==, 2);
	sy_tape_store_i64(t, sy_num_mul(t, q, sy_num(3)), &six);
	sy_tape_store_i64(t,
		sy_num_add(t,
			sy_num_add(t, sy_num_div(t, sy_num(0), w),
				sy_num_mod(t, w, sy_num(1))),
			sy_num_and(t, sy_num_lt(t, v, sy_num(0)), w)),
		&zero);
	sy_tape_store_i64(t, sy_num_add(t, v, w), &sum);
	g_assert_cmpint(low, ==, 0);
	g_assert_cmpint(top, ==, 7);
	g_assert_cmpint(six, ==, 6);
	g_assert_cmpint(zero, ==, 0);
	sy_tape_finish(t);
	/* load x, load y, 10, x < 10, 0, 0 < x, the store of 0, x's, 4,
	 * cdiv(x, 4), fixed, 6 and its store, 0's second store, x + y
	 * and its store */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 16);
	regs = regs_for(t);
	for (x = -3; x <= 12; x++) {
		gboolean same = x > 4 && x <= 8;

		low = top = six = zero = sum = -100;
		y = x * 7 - 20;
		g_assert_cmpint(sy_tape_run(t, NULL, regs, NULL), ==, same);
		if (!same)
			continue;
		g_assert_cmpint(low, ==, 0);
		g_assert_cmpint(top, ==, x);
		g_assert_cmpint(six, ==, 6);
		g_assert_cmpint(zero, ==, 0);
		g_assert_cmpint(sum, ==, 8 * x - 20);
	}
}

/* Outputs of the zeros test: x + n x 0.0, x x 0.0, that + 0.0, that
 * doubled, 0.0 + n x 3.0 + x x 0.0, and 0.0 + x x 0.5, of n = max(y,
 * 1). */
enum { Z_SUM, Z_ZERO, Z_PLUS, Z_TWICE, Z_COST, Z_HALF, Z_OUTPUTS };

/* The zeros test's outputs as C computes them. */
static void zeros(gint64 x, gint64 y, double *want)
{
	double n = (double)MAX(y, 1), fx = (double)x, z = fx * 0.0;

	want[Z_SUM] = fx + n * 0.0;
	want[Z_ZERO] = z;
	want[Z_PLUS] = z + 0.0;
	want[Z_TWICE] = z + z;
	want[Z_COST] = (0.0 + n * 3.0) + z;
	want[Z_HALF] = 0.0 + fx * 0.5;
}

/* Doubles known to be zeros: n x 0.0 of n >= 1 is +0.0, and x + +-0
 * is x where x is never -0.0 (a conversion, a sum with a term that is
 * not, an integer times a positive constant), so the model's sums of
 * costs that are 0 go; x x 0.0 of an x of any sign may be -0.0, and a
 * sum of it with itself stays: bit for bit, -0.0 where C gives it. */
static void test_tape_zeros(void)
{
	enum { N = 11 * 7 };
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *lanes = NULL, *regs = NULL;
	gint64 in[2 * N], one[2];
	double out[Z_OUTPUTS * N], alone[Z_OUTPUTS], want[Z_OUTPUTS];
	gboolean ok[N];
	SyReal n, fx, z;

	sy_tape_outputs_only(t);
	n = sy_real_of(t, sy_num_max(t, sy_tape_input(t, 1, 2), sy_num(1)));
	fx = sy_real_of(t, sy_tape_input(t, 0, 3));
	z = sy_real_mul(t, fx, sy_real(0.0));
	sy_tape_output(
		t, Z_SUM, sy_real_add(t, fx, sy_real_mul(t, n, sy_real(0.0))));
	sy_tape_output(t, Z_ZERO, z);
	sy_tape_output(t, Z_PLUS, sy_real_add(t, z, sy_real(0.0)));
	sy_tape_output(t, Z_TWICE, sy_real_add(t, z, z));
	sy_tape_output(t, Z_COST,
		sy_real_add(t,
			sy_real_add(t, sy_real(0.0),
				sy_real_mul(t, n, sy_real(3.0))),
			z));
	sy_tape_output(t, Z_HALF,
		sy_real_add(t, sy_real(0.0), sy_real_mul(t, fx, sy_real(0.5))));
	/* inputs, max(y, 1), n, x, 0 (an output), x x 0.0, that doubled,
	 * n x 3.0, x x 0.5, 6 outputs: n x 0.0 goes, and five sums (+-0
	 * + +0.0 is +0.0) */
	sy_tape_finish(t);
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 16);
	for (guint j = 0; j < N; j++) {
		in[j] = (gint64)(j % 11) - 5;
		in[N + j] = (gint64)(j / 11) - 3;
	}
	lanes = g_new(SyTapeReg, sy_tape_n_regs(t) * SY_TAPE_LANES);
	regs = regs_for(t);
	g_assert_cmpuint(sy_tape_run_batch(t, N, in, lanes, out, ok), ==, N);
	for (guint j = 0; j < N; j++) {
		one[0] = in[j];
		one[1] = in[N + j];
		zeros(one[0], one[1], want);
		g_assert_true(sy_tape_run(t, one, regs, alone));
		for (guint k = 0; k < Z_OUTPUTS; k++) {
			g_assert_cmpmem(&out[k * N + j], sizeof(double),
				&want[k], sizeof(double));
			g_assert_cmpmem(&alone[k], sizeof(double), &want[k],
				sizeof(double));
		}
		g_assert_cmpint(signbit(out[Z_ZERO * N + j]), ==, one[0] < 0);
	}
}

/* Conversions to double in a batch, of every magnitude: each (double)
 * x bit for bit, past 2^53 where it rounds (ties to even) too. */
static void test_tape_convert(void)
{
	static const gint64 values[] = {
		0,
		1,
		-1,
		(G_GINT64_CONSTANT(1) << 51) - 1,
		G_GINT64_CONSTANT(1) << 51,
		-(G_GINT64_CONSTANT(1) << 51),
		(G_GINT64_CONSTANT(1) << 53) + 1,
		(G_GINT64_CONSTANT(1) << 53) + 3,
		-(G_GINT64_CONSTANT(1) << 53) - 1,
		(G_GINT64_CONSTANT(1) << 62) + 513,
		(G_GINT64_CONSTANT(1) << 62) + 512,
		(G_GINT64_CONSTANT(1) << 62) + 1536,
		G_MAXINT64,
		G_MININT64,
		G_MININT64 + 1,
		G_GINT64_CONSTANT(-4294967296),
		G_GINT64_CONSTANT(4294967295),
		G_GINT64_CONSTANT(123456789012345678),
		G_GINT64_CONSTANT(-987654321098765432),
	};
	enum { N = G_N_ELEMENTS(values) };
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *lanes = NULL;
	double out[N];
	gboolean ok[N];

	sy_tape_outputs_only(t);
	sy_tape_output(t, 0, sy_real_of(t, sy_tape_input(t, 0, 5)));
	sy_tape_finish(t);
	lanes = g_new(SyTapeReg, sy_tape_n_regs(t) * SY_TAPE_LANES);
	g_assert_cmpuint(
		sy_tape_run_batch(t, N, values, lanes, out, ok), ==, N);
	for (guint j = 0; j < N; j++) {
		double want = (double)values[j];

		g_assert_cmpmem(&out[j], sizeof(double), &want, sizeof(double));
	}
	g_assert_cmpfloat(out[7], ==, 9007199254740996.0);
	g_assert_cmpfloat(out[10], ==, 4611686018427387904.0);
}

/* Outputs of the constants test, each with a constant operand the op
 * takes as its own. */
enum {
	K_DIV8,
	K_FDIV8,
	K_CDIV8,
	K_MOD8,
	K_DIV7,
	K_FDIV7,
	K_CDIV7,
	K_MOD7,
	K_CDIV_OF,
	K_SUB_FROM,
	K_LESS,
	K_MAX_REAL,
	K_QUOTIENT,
	K_GCD,
	K_GCD_OF,
	K_OUTPUTS
};

/* The constants test's outputs as C computes them. */
static void constants(gint64 x, gint64 y, double *want)
{
	double fx = (double)x;

	want[K_DIV8] = (double)(x / 8);
	want[K_FDIV8] = (double)sy_integer_div_floor(x, 8);
	want[K_CDIV8] = (double)sy_integer_div_ceil(x, 8);
	want[K_MOD8] = (double)(x % 8);
	want[K_DIV7] = (double)(x / 7);
	want[K_FDIV7] = (double)sy_integer_div_floor(x, 7);
	want[K_CDIV7] = (double)sy_integer_div_ceil(x, 7);
	want[K_MOD7] = (double)(x % 7);
	want[K_CDIV_OF] = y ? (double)sy_integer_div_ceil(64, y) : 0;
	want[K_SUB_FROM] = (double)(100 - x);
	want[K_LESS] = 5 < x;
	want[K_MAX_REAL] = 2.5 > fx ? 2.5 : fx;
	want[K_QUOTIENT] = fx / 4.0;
	want[K_GCD] = (double)sy_integer_gcd(x, 0);
	want[K_GCD_OF] = (double)sy_integer_gcd(0, y);
}

/* Ops with a constant operand of their own, first or second, in a
 * batch and alone: divisions by a power of 2 (shifts) and by 7, of
 * every sign and past 2^51, a constant divided, a difference, a
 * comparison, doubles and gcds with 0 (|x|); a check 0 < y fails the
 * sets it should. */
static void test_tape_constants(void)
{
	static const gint64 xs[] = {-17, -16, -9, -8, -7, -1, 0, 1, 7, 8, 9, 63,
		64, 65, (G_GINT64_CONSTANT(1) << 60) + 3,
		-(G_GINT64_CONSTANT(1) << 60) - 5};
	static const gint64 ys[] = {-3, 0, 1, 5, 64, 100};
	enum { N = G_N_ELEMENTS(xs) * G_N_ELEMENTS(ys) };
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *lanes = NULL, *regs = NULL;
	gint64 in[2 * N], one[2];
	double out[K_OUTPUTS * N], alone[K_OUTPUTS], want[K_OUTPUTS];
	gboolean ok[N];
	SyNum x, y;
	SyReal fx;

	sy_tape_outputs_only(t);
	x = sy_tape_input(t, 0, 9);
	y = sy_tape_input(t, 1, 5);
	fx = sy_real_of(t, x);
	g_assert_true(sy_num_holds(t, sy_num_lt(t, sy_num(0), y)));
	sy_tape_output(t, K_DIV8, sy_real_of(t, sy_num_div(t, x, sy_num(8))));
	sy_tape_output(t, K_FDIV8, sy_real_of(t, sy_num_fdiv(t, x, sy_num(8))));
	sy_tape_output(t, K_CDIV8, sy_real_of(t, sy_num_cdiv(t, x, sy_num(8))));
	sy_tape_output(t, K_MOD8, sy_real_of(t, sy_num_mod(t, x, sy_num(8))));
	sy_tape_output(t, K_DIV7, sy_real_of(t, sy_num_div(t, x, sy_num(7))));
	sy_tape_output(t, K_FDIV7, sy_real_of(t, sy_num_fdiv(t, x, sy_num(7))));
	sy_tape_output(t, K_CDIV7, sy_real_of(t, sy_num_cdiv(t, x, sy_num(7))));
	sy_tape_output(t, K_MOD7, sy_real_of(t, sy_num_mod(t, x, sy_num(7))));
	sy_tape_output(
		t, K_CDIV_OF, sy_real_of(t, sy_num_cdiv(t, sy_num(64), y)));
	sy_tape_output(
		t, K_SUB_FROM, sy_real_of(t, sy_num_sub(t, sy_num(100), x)));
	sy_tape_output(t, K_LESS, sy_real_of(t, sy_num_lt(t, sy_num(5), x)));
	sy_tape_output(t, K_MAX_REAL, sy_real_max(t, sy_real(2.5), fx));
	sy_tape_output(t, K_QUOTIENT, sy_real_div(t, fx, sy_real(4.0)));
	sy_tape_output(t, K_GCD, sy_real_of(t, sy_num_gcd(t, x, sy_num(0))));
	sy_tape_output(t, K_GCD_OF, sy_real_of(t, sy_num_gcd(t, sy_num(0), y)));
	sy_tape_finish(t);
	/* inputs, the check, 13 integer operations, 14 conversions (x's
	 * too), 2 on doubles, 15 outputs: no constant is an op */
	g_assert_cmpuint(sy_tape_n_ops(t), ==, 2 + 1 + 13 + 14 + 2 + 15);
	for (guint j = 0; j < N; j++) {
		in[j] = xs[j % G_N_ELEMENTS(xs)];
		in[N + j] = ys[j / G_N_ELEMENTS(xs)];
	}
	lanes = g_new(SyTapeReg, sy_tape_n_regs(t) * SY_TAPE_LANES);
	regs = regs_for(t);
	g_assert_cmpuint(sy_tape_run_batch(t, N, in, lanes, out, ok), ==,
		N * 4 / G_N_ELEMENTS(ys));
	for (guint j = 0; j < N; j++) {
		one[0] = in[j];
		one[1] = in[N + j];
		g_assert_cmpint(ok[j], ==, sy_tape_run(t, one, regs, alone));
		g_assert_cmpint(ok[j], ==, one[1] > 0);
		if (!ok[j])
			continue;
		constants(one[0], one[1], want);
		for (guint k = 0; k < K_OUTPUTS; k++) {
			g_assert_cmpmem(&out[k * N + j], sizeof(double),
				&want[k], sizeof(double));
			g_assert_cmpmem(&alone[k], sizeof(double), &want[k],
				sizeof(double));
		}
	}
	/* -17 (set 0, y = -3, fails) and set 16 (x -17, y 0, fails);
	 * set 32: x = -17, y = 1 */
	g_assert_cmpfloat(out[K_DIV8 * N + 32], ==, -2);
	g_assert_cmpfloat(out[K_FDIV8 * N + 32], ==, -3);
	g_assert_cmpfloat(out[K_CDIV8 * N + 32], ==, -2);
	g_assert_cmpfloat(out[K_MOD8 * N + 32], ==, -1);
	g_assert_cmpfloat(out[K_CDIV_OF * N + 32], ==, 64);
}

/* Outputs of the batch test's tape: x / y, floor, ceiling and
 * remainder, the packing of 32-bit elements in x, gcd, and
 * max(x / 3.0, y) in doubles. */
enum { B_DIV, B_FDIV, B_CDIV, B_MOD, B_PACK, B_GCD, B_REAL, B_OUTPUTS };

/* Inputs of set j: every sign and divisors of -1; divisors of 0 and
 * dividends past 2^51 (where a batch divides as C does) in the second
 * block of lanes only, so that the others divide in vector code. */
static void batch_inputs(guint j, gint64 *x, gint64 *y)
{
	static const gint64 small[] = {
		-7, 7, 0, 1, -1, 2, -2, 12, 48, 999, 1000, -1000, 4096, 3};

	*x = small[j % G_N_ELEMENTS(small)] * (gint64)(j / 7 + 1);
	*y = small[(j * 5 + 5) % G_N_ELEMENTS(small)];
	if (j / SY_TAPE_LANES != 1) {
		if (!*y)
			*y = 5;
	} else if (j % 9 == 0)
		*x = (G_GINT64_CONSTANT(1) << 60) + (gint64)j;
}

/* A batch replay gives each set what a replay of it alone gives, bit
 * for bit, and fails the sets whose checks fail (x < 1000), over
 * lanes of several blocks, the last one part full. */
static void test_tape_batch(void)
{
	enum { N = 2 * SY_TAPE_LANES + 22 };
	g_autoptr(SyTape) t = sy_tape_new();
	g_autofree SyTapeReg *lanes = NULL, *regs = NULL;
	gint64 in[2 * N], one[2];
	double out[B_OUTPUTS * N], alone[B_OUTPUTS];
	gboolean ok[N];
	gsize held = 0, expected = 0;
	SyNum x, y;

	sy_tape_outputs_only(t);
	x = sy_tape_input(t, 0, 12);
	y = sy_tape_input(t, 1, 5);
	g_assert_true(sy_num_holds(t, sy_num_lt(t, x, sy_num(1000))));
	sy_tape_output(t, B_DIV, sy_real_of(t, sy_num_div(t, x, y)));
	sy_tape_output(t, B_FDIV, sy_real_of(t, sy_num_fdiv(t, x, y)));
	sy_tape_output(t, B_CDIV, sy_real_of(t, sy_num_cdiv(t, x, y)));
	sy_tape_output(t, B_MOD, sy_real_of(t, sy_num_mod(t, x, y)));
	sy_tape_output(t, B_PACK, sy_real_of(t, sy_num_pack_widest(t, 32, x)));
	sy_tape_output(t, B_GCD, sy_real_of(t, sy_num_gcd(t, x, y)));
	sy_tape_output(t, B_REAL,
		sy_real_max(t, sy_real_div(t, sy_real_of(t, x), sy_real(3.0)),
			sy_real_of(t, y)));
	sy_tape_finish(t);
	g_assert_true(sy_tape_reads_input(t, 0));
	g_assert_false(sy_tape_reads_input(t, 2));
	g_assert_cmpuint(sy_tape_n_outputs(t), ==, B_OUTPUTS);
	for (guint j = 0; j < N; j++)
		batch_inputs(j, &in[j], &in[N + j]);
	lanes = g_new(SyTapeReg, sy_tape_n_regs(t) * SY_TAPE_LANES);
	regs = regs_for(t);
	for (guint j = 0; j < N; j++)
		expected += in[j] < 1000;
	g_assert_cmpuint(expected, >, N / 2);
	g_assert_cmpuint(expected, <, N);
	g_assert_cmpuint(
		sy_tape_run_batch(t, N, in, lanes, out, ok), ==, expected);
	for (guint j = 0; j < N; j++) {
		one[0] = in[j];
		one[1] = in[N + j];
		g_assert_cmpint(ok[j], ==, sy_tape_run(t, one, regs, alone));
		g_assert_cmpint(ok[j], ==, one[0] < 1000);
		held += ok[j];
		for (guint k = 0; ok[j] && k < B_OUTPUTS; k++)
			g_assert_cmpmem(&out[k * N + j], sizeof(double),
				&alone[k], sizeof(double));
	}
	g_assert_cmpuint(held, ==, expected);
	/* -7 and 2 (set 0): C's -3, its floor -4, ceiling -3, -1 left;
	 * -7 has 1 for a packing, 1 for a gcd with 2; max(-7 / 3.0, 2). */
	g_assert_cmpint(in[0], ==, -7);
	g_assert_cmpint(in[N], ==, 2);
	g_assert_cmpfloat(out[B_DIV * N], ==, -3);
	g_assert_cmpfloat(out[B_FDIV * N], ==, -4);
	g_assert_cmpfloat(out[B_CDIV * N], ==, -3);
	g_assert_cmpfloat(out[B_MOD * N], ==, -1);
	g_assert_cmpfloat(out[B_PACK * N], ==, 1);
	g_assert_cmpfloat(out[B_GCD * N], ==, 1);
	g_assert_cmpfloat(out[B_REAL * N], ==, 2);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/tape/fold", test_tape_fold);
	g_test_add_func("/tape/expression", test_tape_expression);
	g_test_add_func("/tape/define", test_tape_define);
	g_test_add_func("/tape/holds", test_tape_holds);
	g_test_add_func("/tape/fixed", test_tape_fixed);
	g_test_add_func("/tape/cse", test_tape_cse);
	g_test_add_func("/tape/dead", test_tape_dead);
	g_test_add_func("/tape/real", test_tape_real);
	g_test_add_func("/tape/identities", test_tape_identities);
	g_test_add_func("/tape/reassociate", test_tape_reassociate);
	g_test_add_func("/tape/same", test_tape_same);
	g_test_add_func("/tape/implied", test_tape_implied);
	g_test_add_func("/tape/facts", test_tape_facts);
	g_test_add_func("/tape/zeros", test_tape_zeros);
	g_test_add_func("/tape/convert", test_tape_convert);
	g_test_add_func("/tape/constants", test_tape_constants);
	g_test_add_func("/tape/batch", test_tape_batch);
	return g_test_run();
}
