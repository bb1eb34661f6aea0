/* The latency model's walk of printed loops (model/latency-walk.h) on
 * a loop whose body reads its iterator: a guard on its first iteration
 * and an inner pipeline whose last block is cut short, as conv's and a
 * padded mm's modules print them.  Counted without running its
 * iterations, recorded once on a tape and replayed for other trips,
 * block sizes and remainders, with exact values. */
#include "model/latency-walk.h"

/* Pipeline depth of the test's loops (II 1). */
#define DEPTH 7

/* for (c = 0; c <= n; c++) {
 *   if (c == 0) S0;
 *   for (d = 0; d <= min(l - 1, k - l * c); d++)  (pipelined)
 *     S1;
 * }
 * with the integers n, l - 1, l and k the sizes set (their fields). */
typedef struct {
	SyCode *code;
	SyCode *loop;
	gint64 *n, *l1, *l, *k;
} Nest;

static SyCodeExpr *id(const char *name)
{
	return sy_code_expr_id(name);
}

static SyCodeExpr *num(gint64 v)
{
	return sy_code_expr_int(v);
}

static SyCode *statement(const char *name, int stmt)
{
	SyCode *s = sy_code_user_new(name);

	s->stmt = stmt;
	return s;
}

static void nest_build(Nest *x)
{
	SyCodeExpr *bound = sy_code_expr_op2(SY_CODE_OP_MIN, num(0),
		sy_code_expr_op2(SY_CODE_OP_SUB, num(0),
			sy_code_expr_op2(SY_CODE_OP_MUL, num(0), id("c"))));
	SyCode *inner = sy_code_for_new("d", num(0),
		sy_code_expr_op2(SY_CODE_OP_LE, id("d"), bound), num(1), FALSE,
		statement("S1", 1));
	SyCode *body = sy_code_block_new();
	SyCodeExpr *cond = sy_code_expr_op2(SY_CODE_OP_LE, id("c"), num(0));

	inner->pragma = SY_CODE_PRAGMA_PIPELINE;
	inner->ii = 1;
	sy_code_block_add(body,
		sy_code_if_new(sy_code_expr_op2(SY_CODE_OP_EQ, id("c"), num(0)),
			statement("S0", 0), NULL));
	sy_code_block_add(body, inner);
	x->n = &cond->args[1]->value;
	x->l1 = &bound->args[0]->value;
	x->k = &bound->args[1]->args[0]->value;
	x->l = &bound->args[1]->args[1]->args[0]->value;
	x->loop = x->code = sy_code_for_new(
		"c", num(0), cond, num(1), FALSE, body);
}

/* Blocks 0..n of l, the last of r (1 <= r <= l). */
static void nest_set(Nest *x, gint64 n, gint64 l, gint64 r)
{
	*x->n = n;
	x->loop->trip = n + 1;
	*x->l1 = l - 1;
	*x->l = l;
	*x->k = l * n + r - 1;
}

typedef struct {
	gint64 issue, depth, s0, s1;
} Counts;

/* The nest's counts by the walk (recording on t, or NULL). */
static Counts nest_count(const Nest *x, SyTape *t, SyNum *nums)
{
	SyWalkEnv env = {{NULL}, {{0}}, 0, t};
	SyNum runs[2] = {sy_num(0), sy_num(0)};
	SyWalkCount c = {sy_num(0), sy_num(0), 2, runs, NULL,
		{sy_num(1), sy_num(DEPTH)}};
	GError *error = NULL;

	g_assert_true(sy_walk_count(x->code, &env, &c, &error));
	g_assert_no_error(error);
	nums[0] = c.issue;
	nums[1] = c.depth;
	nums[2] = runs[0];
	nums[3] = runs[1];
	return (Counts){c.issue.v, c.depth.v, runs[0].v, runs[1].v};
}

/* What the nest counts: S0 once (a pipeline of one iteration), S1 on
 * every element, one pipeline per block. */
static Counts expected(gint64 n, gint64 l, gint64 r)
{
	gint64 elements = l * n + r;

	return (Counts){1 + elements, DEPTH * (n + 2), 1, elements};
}

static void assert_counts(Counts got, Counts want)
{
	g_assert_cmpint(got.issue, ==, want.issue);
	g_assert_cmpint(got.depth, ==, want.depth);
	g_assert_cmpint(got.s0, ==, want.s0);
	g_assert_cmpint(got.s1, ==, want.s1);
}

/* Without a tape: the counts of every trip, block and remainder. */
static void test_walk_exact(void)
{
	Nest x;
	SyNum nums[4];

	nest_build(&x);
	for (gint64 n = 0; n <= 9; n++)
		for (gint64 l = 1; l <= 8; l++)
			for (gint64 r = 1; r <= l; r++) {
				nest_set(&x, n, l, r);
				assert_counts(nest_count(&x, NULL, nums),
					expected(n, l, r));
			}
	sy_code_free(x.code);
}

/* The nest's counts recorded at (n, l, r) into out. */
static SyTape *record(Nest *x, gint64 n, gint64 l, gint64 r, gint64 *out)
{
	SyTape *t = sy_tape_new();
	SyNum nums[4];

	nest_set(x, n, l, r);
	sy_tape_live(t, x->n);
	sy_tape_live(t, &x->loop->trip);
	sy_tape_live(t, x->l1);
	sy_tape_live(t, x->l);
	sy_tape_live(t, x->k);
	assert_counts(nest_count(x, t, nums), expected(n, l, r));
	for (guint k = 0; k < 4; k++)
		sy_tape_store_i64(t, nums[k], &out[k]);
	sy_tape_finish(t);
	return t;
}

/* Recorded on two blocks, replayed on one more block or up to eight:
 * every replay holds and gives the counts, and the tape is as long
 * whatever trip it was recorded at (no iteration is run). */
static void test_walk_replay(void)
{
	Nest x;
	gint64 out[4];
	g_autoptr(SyTape) t = NULL;
	g_autoptr(SyTape) longer = NULL;
	g_autofree SyTapeReg *regs = NULL;

	nest_build(&x);
	longer = record(&x, 9, 4, 2, out);
	t = record(&x, 1, 4, 2, out);
	g_assert_cmpuint(sy_tape_n_ops(t), ==, sy_tape_n_ops(longer));
	regs = g_new(SyTapeReg, sy_tape_n_regs(t));
	for (gint64 n = 1; n <= 9; n++)
		for (gint64 l = 1; l <= 8; l++)
			for (gint64 r = 1; r <= l; r++) {
				Counts want = expected(n, l, r);

				nest_set(&x, n, l, r);
				g_assert_true(sy_tape_run(t, NULL, regs, NULL));
				assert_counts((Counts){out[0], out[1], out[2],
						      out[3]},
					want);
			}
	sy_code_free(x.code);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/walk/exact", test_walk_exact);
	g_test_add_func("/walk/replay", test_walk_replay);
	return g_test_run();
}
