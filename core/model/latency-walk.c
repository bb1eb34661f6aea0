/* Counting a module's printed loops for the latency model. */
#include "model/latency-walk.h"

#include "base/integer.h"
#include "comm/design.h"

gboolean sy_walk_env_push(SyWalkEnv *env, const char *name, SyNum value)
{
	if (env->n == SY_WALK_MAX_NAMES)
		return FALSE;
	env->name[env->n] = name;
	env->value[env->n++] = value;
	return TRUE;
}

void sy_walk_env_pop(SyWalkEnv *env)
{
	env->n--;
}

static gboolean lookup(const SyWalkEnv *env, const char *name, SyNum *v)
{
	/* Innermost first: an iterator hides a parameter of its name. */
	for (guint k = env->n; k-- > 0;)
		if (!g_strcmp0(env->name[k], name)) {
			*v = env->value[k];
			return TRUE;
		}
	return FALSE;
}

static gboolean eval_nary(
	SyTape *t, SyCodeOp op, const SyNum *a, guint n, SyNum *v)
{
	*v = a[0];
	for (guint k = 1; k < n; k++)
		*v = op == SY_CODE_OP_MAX ? sy_num_max(t, *v, a[k])
					  : sy_num_min(t, *v, a[k]);
	return TRUE;
}

static gboolean eval_binary(SyTape *t, SyCodeOp op, SyNum a, SyNum b, SyNum *v)
{
	switch (op) {
	case SY_CODE_OP_AND:
	case SY_CODE_OP_AND_THEN: *v = sy_num_and(t, a, b); return TRUE;
	case SY_CODE_OP_OR:
	case SY_CODE_OP_OR_ELSE: *v = sy_num_or(t, a, b); return TRUE;
	case SY_CODE_OP_ADD: *v = sy_num_add(t, a, b); return TRUE;
	case SY_CODE_OP_SUB: *v = sy_num_sub(t, a, b); return TRUE;
	case SY_CODE_OP_MUL: *v = sy_num_mul(t, a, b); return TRUE;
	case SY_CODE_OP_EQ: *v = sy_num_eq(t, a, b); return TRUE;
	case SY_CODE_OP_LE: *v = sy_num_le(t, a, b); return TRUE;
	case SY_CODE_OP_LT: *v = sy_num_lt(t, a, b); return TRUE;
	case SY_CODE_OP_GE: *v = sy_num_le(t, b, a); return TRUE;
	case SY_CODE_OP_GT: *v = sy_num_lt(t, b, a); return TRUE;
	default: break;
	}
	switch (op) {
	case SY_CODE_OP_DIV:
	case SY_CODE_OP_PDIV_Q:
	case SY_CODE_OP_FDIV_Q:
	case SY_CODE_OP_PDIV_R:
	case SY_CODE_OP_ZDIV_R: break;
	default: return FALSE;
	}
	if (!sy_num_holds(t, b))
		return FALSE;
	if (op == SY_CODE_OP_FDIV_Q)
		*v = sy_num_fdiv(t, a, b);
	else if (op == SY_CODE_OP_PDIV_R || op == SY_CODE_OP_ZDIV_R)
		*v = sy_num_mod(t, a, b);
	else
		*v = sy_num_div(t, a, b);
	return TRUE;
}

gboolean sy_walk_num(const SyCodeExpr *e, const SyWalkEnv *env, SyNum *v)
{
	SyNum a[8]; /* set below for the n_args read */

	if (e->kind == SY_CODE_EXPR_INT) {
		*v = sy_num_i64(env->tape, &e->value);
		return TRUE;
	}
	if (e->kind == SY_CODE_EXPR_ID)
		return lookup(env, e->name, v);
	if (e->op == SY_CODE_OP_COND || e->op == SY_CODE_OP_SELECT) {
		if (!sy_walk_num(e->args[0], env, a))
			return FALSE;
		return sy_walk_num(
			e->args[sy_num_holds(env->tape, a[0]) ? 1 : 2], env, v);
	}
	if (e->n_args > G_N_ELEMENTS(a))
		return FALSE;
	for (guint k = 0; k < e->n_args; k++)
		if (!sy_walk_num(e->args[k], env, &a[k]))
			return FALSE;
	if (e->op == SY_CODE_OP_MAX || e->op == SY_CODE_OP_MIN)
		return eval_nary(env->tape, e->op, a, e->n_args, v);
	if (e->op == SY_CODE_OP_MINUS) {
		*v = sy_num_neg(env->tape, a[0]);
		return TRUE;
	}
	return e->n_args == 2 && eval_binary(env->tape, e->op, a[0], a[1], v);
}

gboolean sy_walk_trip(const SyCode *code, const SyWalkEnv *env, SyNum *trip)
{
	*trip = sy_num_i64(env->tape, &code->trip);
	return sy_num_holds(env->tape, sy_num_le(env->tape, sy_num(0), *trip));
}

static gboolean range_id(const SyCodeExpr *e, const SyWalkRanges *ranges,
	const SyWalkEnv *env, SyNum *lo, SyNum *hi)
{
	for (guint k = 0; k < ranges->n; k++)
		if (!g_strcmp0(ranges->name[k], e->name)) {
			*lo = ranges->lo[k];
			*hi = ranges->hi[k];
			return TRUE;
		}
	if (!lookup(env, e->name, lo))
		return FALSE;
	*hi = *lo;
	return TRUE;
}

/* A comparison over intervals: 1 where every pair of values makes it
 * hold, 0 where none does, else [0, 1]: lo is "always", hi is "not
 * never".  a >= b is b <= a and a > b is b < a: x and y index the
 * comparison's left and right operands, swapped for those. */
static void range_compare(SyTape *t, SyCodeOp op, const SyNum *lo,
	const SyNum *hi, SyNum *rlo, SyNum *rhi)
{
	guint x = op == SY_CODE_OP_GE || op == SY_CODE_OP_GT, y = !x;
	SyNum yes = sy_num(0), no = sy_num(0);

	switch (op) {
	case SY_CODE_OP_LE:
	case SY_CODE_OP_GE:
		yes = sy_num_le(t, hi[x], lo[y]);
		no = sy_num_lt(t, hi[y], lo[x]);
		break;
	case SY_CODE_OP_LT:
	case SY_CODE_OP_GT:
		yes = sy_num_lt(t, hi[x], lo[y]);
		no = sy_num_le(t, hi[y], lo[x]);
		break;
	case SY_CODE_OP_EQ:
		yes = sy_num_and(t,
			sy_num_and(t, sy_num_eq(t, lo[0], hi[0]),
				sy_num_eq(t, lo[1], hi[1])),
			sy_num_eq(t, lo[0], lo[1]));
		no = sy_num_or(t, sy_num_lt(t, hi[0], lo[1]),
			sy_num_lt(t, hi[1], lo[0]));
		break;
	default: break;
	}
	*rlo = yes;
	*rhi = sy_num_sub(t, sy_num(1), no);
}

static gboolean range_op(SyTape *t, SyCodeOp op, const SyNum *lo,
	const SyNum *hi, guint n, SyNum *rlo, SyNum *rhi)
{
	SyNum p[4];

	switch (op) {
	case SY_CODE_OP_MAX:
	case SY_CODE_OP_MIN:
		return eval_nary(t, op, lo, n, rlo) &&
			eval_nary(t, op, hi, n, rhi);
	case SY_CODE_OP_MINUS:
		*rlo = sy_num_neg(t, hi[0]);
		*rhi = sy_num_neg(t, lo[0]);
		return TRUE;
	case SY_CODE_OP_ADD:
		*rlo = sy_num_add(t, lo[0], lo[1]);
		*rhi = sy_num_add(t, hi[0], hi[1]);
		return TRUE;
	case SY_CODE_OP_SUB:
		*rlo = sy_num_sub(t, lo[0], hi[1]);
		*rhi = sy_num_sub(t, hi[0], lo[1]);
		return TRUE;
	case SY_CODE_OP_MUL:
		p[0] = sy_num_mul(t, lo[0], lo[1]);
		p[1] = sy_num_mul(t, lo[0], hi[1]);
		p[2] = sy_num_mul(t, hi[0], lo[1]);
		p[3] = sy_num_mul(t, hi[0], hi[1]);
		*rlo = sy_num_min(t, sy_num_min(t, p[0], p[1]),
			sy_num_min(t, p[2], p[3]));
		*rhi = sy_num_max(t, sy_num_max(t, p[0], p[1]),
			sy_num_max(t, p[2], p[3]));
		return TRUE;
	case SY_CODE_OP_AND:
	case SY_CODE_OP_AND_THEN:
		*rlo = sy_num_and(t, lo[0], lo[1]);
		*rhi = sy_num_and(t, hi[0], hi[1]);
		return TRUE;
	case SY_CODE_OP_OR:
	case SY_CODE_OP_OR_ELSE:
		*rlo = sy_num_or(t, lo[0], lo[1]);
		*rhi = sy_num_or(t, hi[0], hi[1]);
		return TRUE;
	case SY_CODE_OP_EQ:
	case SY_CODE_OP_LE:
	case SY_CODE_OP_LT:
	case SY_CODE_OP_GE:
	case SY_CODE_OP_GT: range_compare(t, op, lo, hi, rlo, rhi); return TRUE;
	case SY_CODE_OP_FDIV_Q:
		/* Monotone in the dividend for a positive constant divisor. */
		if (!sy_num_holds(t, sy_num_eq(t, lo[1], hi[1])) ||
			!sy_num_holds(t, sy_num_lt(t, sy_num(0), lo[1])))
			return FALSE;
		return eval_binary(t, op, lo[0], lo[1], rlo) &&
			eval_binary(t, op, hi[0], lo[1], rhi);
	default: return FALSE;
	}
}

/* Whether range_op gives an operation's exact value on points. */
static gboolean exact_on_points(SyCodeOp op)
{
	switch (op) {
	case SY_CODE_OP_MAX:
	case SY_CODE_OP_MIN:
	case SY_CODE_OP_MINUS:
	case SY_CODE_OP_ADD:
	case SY_CODE_OP_SUB:
	case SY_CODE_OP_MUL:
	case SY_CODE_OP_AND:
	case SY_CODE_OP_AND_THEN:
	case SY_CODE_OP_OR:
	case SY_CODE_OP_OR_ELSE:
	case SY_CODE_OP_EQ:
	case SY_CODE_OP_LE:
	case SY_CODE_OP_LT:
	case SY_CODE_OP_GE:
	case SY_CODE_OP_GT: return TRUE;
	default: return FALSE;
	}
}

/* Whether the n intervals [lo, hi] are all points. */
static gboolean all_points(SyTape *t, const SyNum *lo, const SyNum *hi, guint n)
{
	for (guint k = 0; k < n; k++)
		if (!sy_num_holds(t, sy_num_eq(t, lo[k], hi[k])))
			return FALSE;
	return TRUE;
}

gboolean sy_walk_range(const SyCodeExpr *e, const SyWalkRanges *ranges,
	const SyWalkEnv *env, SyNum *lo, SyNum *hi)
{
	SyTape *t = env->tape;
	SyNum a[8], b[8]; /* set below for the n_args read */

	if (e->kind == SY_CODE_EXPR_INT) {
		*lo = *hi = sy_num_i64(t, &e->value);
		return TRUE;
	}
	if (e->kind == SY_CODE_EXPR_ID)
		return range_id(e, ranges, env, lo, hi);
	if (e->op == SY_CODE_OP_CALL || e->op == SY_CODE_OP_ACCESS ||
		e->op == SY_CODE_OP_MEMBER || e->op == SY_CODE_OP_ADDRESS_OF ||
		e->n_args > G_N_ELEMENTS(a))
		return FALSE;
	for (guint k = 0; k < e->n_args; k++)
		if (!sy_walk_range(e->args[k], ranges, env, &a[k], &b[k]))
			return FALSE;
	if (e->op == SY_CODE_OP_COND || e->op == SY_CODE_OP_SELECT) {
		gboolean yes;

		if (!sy_num_holds(t, sy_num_eq(t, a[0], b[0])))
			return FALSE;
		yes = sy_num_holds(t, a[0]);
		*lo = yes ? a[1] : a[2];
		*hi = yes ? b[1] : b[2];
		return TRUE;
	}
	/* Points: exactly as sy_walk_num computes them, where the
	 * intervals' arithmetic does not already (it does, without
	 * deciding whether they are points, for these). */
	if (!exact_on_points(e->op) && all_points(t, a, b, e->n_args)) {
		if (e->n_args != 2 || !eval_binary(t, e->op, a[0], a[1], lo))
			return FALSE;
		*hi = *lo;
		return TRUE;
	}
	return range_op(t, e->op, a, b, e->n_args, lo, hi);
}

gboolean sy_walk_expr_uses(const SyCodeExpr *e, const char *name)
{
	if (!e)
		return FALSE;
	if (e->kind == SY_CODE_EXPR_ID)
		return !g_strcmp0(e->name, name);
	for (guint k = 0; k < e->n_args; k++)
		if (sy_walk_expr_uses(e->args[k], name))
			return TRUE;
	return FALSE;
}

static gboolean reads_any(const SyCodeExpr *e, const SyWalkRanges *ranges)
{
	for (guint k = 0; k < ranges->n; k++)
		if (sy_walk_expr_uses(e, ranges->name[k]))
			return TRUE;
	return FALSE;
}

/* Whether e has one value (as a function of the names ranges does not
 * bind) wherever ranges' names are in their intervals: its largest
 * parts that read them have. */
static gboolean expr_uniform(
	const SyCodeExpr *e, const SyWalkRanges *ranges, const SyWalkEnv *env)
{
	SyNum lo, hi;

	if (!e || !reads_any(e, ranges))
		return TRUE;
	if (sy_walk_range(e, ranges, env, &lo, &hi))
		return sy_num_holds(env->tape, sy_num_eq(env->tape, lo, hi));
	if (e->kind != SY_CODE_EXPR_OP)
		return FALSE;
	for (guint k = 0; k < e->n_args; k++)
		if (!expr_uniform(e->args[k], ranges, env))
			return FALSE;
	return TRUE;
}

gboolean sy_walk_uniform(
	const SyCode *code, const SyWalkRanges *ranges, const SyWalkEnv *env)
{
	if (!code)
		return TRUE;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			if (!sy_walk_uniform(
				    g_ptr_array_index(code->children, k),
				    ranges, env))
				return FALSE;
		return TRUE;
	case SY_CODE_FOR:
		return expr_uniform(code->init, ranges, env) &&
			expr_uniform(code->cond, ranges, env) &&
			expr_uniform(code->inc, ranges, env) &&
			sy_walk_uniform(code->body, ranges, env);
	case SY_CODE_IF:
		return expr_uniform(code->cond, ranges, env) &&
			sy_walk_uniform(code->body, ranges, env) &&
			sy_walk_uniform(code->else_body, ranges, env);
	case SY_CODE_MARK: return sy_walk_uniform(code->body, ranges, env);
	case SY_CODE_USER: return TRUE;
	}
	return FALSE;
}

gboolean sy_walk_pins(const SyCodeExpr *cond, const char *lane)
{
	if (!cond || !lane || cond->kind != SY_CODE_EXPR_OP)
		return FALSE;
	if (cond->op == SY_CODE_OP_AND || cond->op == SY_CODE_OP_AND_THEN)
		return sy_walk_pins(cond->args[0], lane) ||
			sy_walk_pins(cond->args[1], lane);
	if (cond->op != SY_CODE_OP_EQ)
		return FALSE;
	for (guint k = 0; k < 2; k++) {
		const SyCodeExpr *x = cond->args[k], *c = cond->args[1 - k];

		if (x->kind == SY_CODE_EXPR_ID && !g_strcmp0(x->name, lane) &&
			c->kind == SY_CODE_EXPR_INT)
			return TRUE;
	}
	return FALSE;
}

/* Whether the counts below code depend on name: a guard or a loop
 * whose bounds are not constant reads it. */
static gboolean depends(const SyCode *code, const char *name)
{
	if (!code)
		return FALSE;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			if (depends(g_ptr_array_index(code->children, k), name))
				return TRUE;
		return FALSE;
	case SY_CODE_FOR:
		if ((code->trip < 0 || code->degenerate) &&
			(sy_walk_expr_uses(code->init, name) ||
				sy_walk_expr_uses(code->cond, name)))
			return TRUE;
		return depends(code->body, name);
	case SY_CODE_IF:
		return sy_walk_expr_uses(code->cond, name) ||
			depends(code->body, name) ||
			depends(code->else_body, name);
	case SY_CODE_MARK: return depends(code->body, name);
	case SY_CODE_USER: return FALSE;
	}
	return FALSE;
}

gboolean sy_walk_depends(const SyCode *code, const char *name)
{
	return depends(code, name);
}

/* The node a chain of one-child blocks and marks leads to. */
const SyCode *sy_walk_through(const SyCode *code)
{
	while (code &&
		((code->kind == SY_CODE_BLOCK && code->children->len == 1) ||
			code->kind == SY_CODE_MARK))
		code = code->kind == SY_CODE_MARK
			? code->body
			: g_ptr_array_index(code->children, 0);
	return code;
}

/* The pipelined loop a loop's body is a perfect nest down to (loops
 * only, no guard, no sibling), NULL for none: HLS flattens it with the
 * loop (Vitis HLS flattens perfect and semi-perfect nests by default,
 * UG1399 "Loop Flattening"). */
static const SyCode *perfect(const SyCode *body)
{
	body = sy_walk_through(body);
	while (body && body->kind == SY_CODE_FOR && !body->degenerate) {
		if (body->pragma == SY_CODE_PRAGMA_PIPELINE)
			return body;
		body = sy_walk_through(body->body);
	}
	return NULL;
}

static SyWalkPipe pipe_of(const SyWalkCount *c, const SyCode *loop)
{
	const SyWalkPipe *p = c->pipes ? g_hash_table_lookup(c->pipes, loop)
				       : NULL;

	return p ? *p : c->pipe;
}

/* c's counts plus times a pipeline's: issue n x II, one depth per
 * entry. */
static void add_pipe(
	SyTape *t, SyWalkCount *c, SyWalkPipe p, SyNum n, SyNum entries)
{
	c->issue = sy_num_add(t, c->issue, sy_num_mul(t, n, p.ii));
	c->depth = sy_num_add(t, c->depth, sy_num_mul(t, entries, p.depth));
}

/* The runs of each statement below body per pipeline iteration: the
 * lanes of an unrolled loop multiply (a loop whose trip is not
 * constant counts once: its trip's sign is its bounds' shape, which
 * the sizes do not change). */
static void add_runs(
	const SyCode *body, SyNum times, SyWalkCount *c, const SyWalkEnv *env)
{
	SyNum trip;

	if (!body || !c->runs)
		return;
	switch (body->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < body->children->len; k++)
			add_runs(g_ptr_array_index(body->children, k), times, c,
				env);
		break;
	case SY_CODE_FOR:
		add_runs(body->body,
			sy_walk_trip(body, env, &trip)
				? sy_num_mul(env->tape, times, trip)
				: times,
			c, env);
		break;
	case SY_CODE_IF:
	case SY_CODE_MARK: add_runs(body->body, times, c, env); break;
	case SY_CODE_USER:
		if (body->stmt >= 0 && (guint)body->stmt < c->n_stmts)
			c->runs[body->stmt] = sy_num_add(
				env->tape, c->runs[body->stmt], times);
		break;
	}
}

static gboolean cannot(const char *what, const char *name, GError **error)
{
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
		"latency: the %s of loop %s cannot be evaluated", what, name);
	return FALSE;
}

/* The iterations of a loop from start by step > 0 whose condition is
 * `it <= E` or `it < E` (or E >= it, E > it) with E not reading it: a
 * division, no iteration run; FALSE for any other condition. */
static gboolean closed_trip(const SyCode *code, SyWalkEnv *env, SyNum start,
	SyNum step, SyNum *trip)
{
	SyTape *t = env->tape;
	const SyCodeExpr *c = code->cond, *it, *bound;
	gboolean strict, flip;
	SyNum e;

	if (!c || c->kind != SY_CODE_EXPR_OP || c->n_args != 2)
		return FALSE;
	switch (c->op) {
	case SY_CODE_OP_LE:
		strict = FALSE;
		flip = FALSE;
		break;
	case SY_CODE_OP_LT:
		strict = TRUE;
		flip = FALSE;
		break;
	case SY_CODE_OP_GE:
		strict = FALSE;
		flip = TRUE;
		break;
	case SY_CODE_OP_GT:
		strict = TRUE;
		flip = TRUE;
		break;
	default: return FALSE;
	}
	it = c->args[flip ? 1 : 0];
	bound = c->args[flip ? 0 : 1];
	if (it->kind != SY_CODE_EXPR_ID || g_strcmp0(it->name, code->name) ||
		sy_walk_expr_uses(bound, code->name) ||
		!sy_walk_num(bound, env, &e))
		return FALSE;
	if (strict)
		e = sy_num_sub(t, e, sy_num(1));
	*trip = sy_num_holds(t, sy_num_lt(t, e, start))
		? sy_num(0)
		: sy_num_add(t, sy_num_div(t, sy_num_sub(t, e, start), step),
			  sy_num(1));
	return TRUE;
}

/* A loop's start and step > 0. */
static gboolean start_step(
	const SyCode *code, SyWalkEnv *env, SyNum *v, SyNum *step)
{
	return sy_walk_num(code->init, env, v) &&
		sy_walk_num(code->inc, env, step) &&
		sy_num_holds(env->tape, sy_num_lt(env->tape, sy_num(0), *step));
}

static gboolean count_node(
	const SyCode *code, SyWalkEnv *env, SyWalkCount *c, GError **error);

/* code's body counted with its iterator at `at`, times times (0
 * included: the body is walked all the same, and its counts
 * multiplied), added to c where the walk succeeds. */
static gboolean count_at(const SyCode *code, SyNum at, SyNum times,
	SyWalkEnv *env, SyWalkCount *c, GError **error)
{
	SyTape *t = env->tape;
	SyWalkCount one = {
		sy_num(0), sy_num(0), c->n_stmts, NULL, c->pipes, c->pipe};
	gboolean ok;

	if (!sy_walk_env_push(env, code->name, at))
		return cannot("depth", code->name, error);
	if (c->runs)
		one.runs = g_new0(SyNum, c->n_stmts);
	ok = count_node(code->body, env, &one, error);
	sy_walk_env_pop(env);
	if (ok) {
		c->issue = sy_num_add(
			t, c->issue, sy_num_mul(t, one.issue, times));
		c->depth = sy_num_add(
			t, c->depth, sy_num_mul(t, one.depth, times));
		for (guint s = 0; one.runs && s < c->n_stmts; s++)
			c->runs[s] = sy_num_add(t, c->runs[s],
				sy_num_mul(t, one.runs[s], times));
	}
	g_free(one.runs);
	return ok;
}

/* A loop of trip iterations whose body does not read its iterator:
 * the body counted once and multiplied. */
static gboolean count_times(const SyCode *code, SyNum trip, SyWalkEnv *env,
	SyWalkCount *c, GError **error)
{
	/* trip >= 0: whether it is above 0 (a check a replay fuses). */
	if (!sy_num_holds(env->tape, sy_num_lt(env->tape, sy_num(0), trip)))
		return TRUE;
	return count_at(code, sy_num(0), trip, env, c, error);
}

/* Whether body counts the same wherever ranges' names are in their
 * intervals, decided without recording (a loop whose iterations
 * differ is run as before, its tape unchanged). */
static gboolean quietly_uniform(
	const SyCode *body, const SyWalkRanges *ranges, const SyWalkEnv *env)
{
	SyWalkEnv quiet = *env;

	quiet.tape = NULL;
	return sy_walk_uniform(body, ranges, &quiet);
}

/* The same decisions, recorded where env's tape records: a replay
 * checks them. */
static void record_uniform(
	const SyCode *body, const SyWalkRanges *ranges, const SyWalkEnv *env)
{
	if (env->tape)
		sy_walk_uniform(body, ranges, env);
}

/* A loop of trip iterations from start by step whose body reads its
 * iterator, where the iterations between its first and its last count
 * the same (the ranges show it: a guard on the first iteration, a last
 * block cut short): the first and the last counted apart, one between
 * counted and multiplied, or where all count the same (shown on more
 * than one), one.  The pieces' sizes are arithmetic (the last counts
 * min(trip - 1, 1) times, those between max(trip - 2, 0)), so that a
 * replay holds for any trip above 0, not only the one read; no
 * iteration is run.  *done: FALSE where those between do not count the
 * same (nothing counted then). */
static gboolean count_split(const SyCode *code, SyNum start, SyNum step,
	SyNum trip, SyWalkEnv *env, SyWalkCount *c, gboolean *done,
	GError **error)
{
	SyTape *t = env->tape;
	SyNum last = sy_num_add(
		t, start, sy_num_mul(t, sy_num_sub(t, trip, sy_num(1)), step));
	SyNum lo = sy_num_add(t, start, step);
	SyWalkRanges all = {{code->name}, {start}, {last}, 1};
	SyWalkRanges between = {{code->name}, {lo},
		{sy_num_max(t, lo, sy_num_sub(t, last, step))}, 1};
	g_autoptr(GError) outside = NULL;

	*done = quietly_uniform(code->body, &between, env);
	if (!*done || !sy_num_holds(t, sy_num_lt(t, sy_num(0), trip)))
		return TRUE;
	if (trip.v > 1 && quietly_uniform(code->body, &all, env)) {
		record_uniform(code->body, &all, env);
		return count_at(code, start, trip, env, c, error);
	}
	record_uniform(code->body, &between, env);
	/* With one iteration, lo is past the last: its walk may fail
	 * where an iteration's would not; the loop is run then. */
	if (!count_at(code, lo,
		    sy_num_max(t, sy_num_sub(t, trip, sy_num(2)), sy_num(0)),
		    env, c, &outside)) {
		*done = FALSE;
		return TRUE;
	}
	return count_at(code, start, sy_num(1), env, c, error) &&
		count_at(code, last,
			sy_num_min(
				t, sy_num_sub(t, trip, sy_num(1)), sy_num(1)),
			env, c, error);
}

/* A loop's iterations: its body counted once and multiplied where
 * nothing below depends on the iterator, in pieces where its trip is
 * plain and the iterations between its first and last count the same,
 * else at each. */
static gboolean count_loop(
	const SyCode *code, SyWalkEnv *env, SyWalkCount *c, GError **error)
{
	SyTape *t = env->tape;
	SyNum v, more, step, trip;
	gboolean constant = sy_walk_trip(code, env, &trip);
	gboolean ok = TRUE, done;

	if (!depends(code->body, code->name)) {
		/* Bounds that are not constant but plain: a division. */
		if (!constant && start_step(code, env, &v, &step))
			constant = closed_trip(code, env, v, step, &trip);
		if (constant)
			return count_times(code, trip, env, c, error);
	} else if (start_step(code, env, &v, &step) &&
		(constant || closed_trip(code, env, v, step, &trip))) {
		ok = count_split(code, v, step, trip, env, c, &done, error);
		if (!ok || done)
			return ok;
	}
	if (!sy_walk_num(code->init, env, &v))
		return cannot("start", code->name, error);
	if (!sy_walk_num(code->inc, env, &step) ||
		!sy_num_holds(t, sy_num_lt(t, sy_num(0), step)))
		return cannot("step", code->name, error);
	for (;; v = sy_num_add(t, v, step)) {
		gboolean go = FALSE;

		if (!sy_walk_env_push(env, code->name, v))
			return cannot("depth", code->name, error);
		ok = sy_walk_num(code->cond, env, &more);
		if (ok && (go = sy_num_holds(t, more)))
			ok = count_node(code->body, env, c, error);
		else if (!ok)
			cannot("bound", code->name, error);
		sy_walk_env_pop(env);
		if (!ok || !go)
			return ok;
	}
}

/* A pipelined loop: its iterations (its body is unrolled). */
static gboolean count_pipeline(
	const SyCode *code, SyWalkEnv *env, SyWalkCount *c, GError **error)
{
	SyTape *t = env->tape;
	SyNum n, v, more, step;

	if (!sy_walk_trip(code, env, &n)) {
		if (!start_step(code, env, &v, &step))
			return cannot("bounds", code->name, error);
		/* Run it only where its bound is not a plain one. */
		if (!closed_trip(code, env, v, step, &n))
			for (gint64 k = 0;; k++, v = sy_num_add(t, v, step)) {
				gboolean ok, go;

				if (!sy_walk_env_push(env, code->name, v))
					return cannot(
						"depth", code->name, error);
				ok = sy_walk_num(code->cond, env, &more);
				sy_walk_env_pop(env);
				if (!ok)
					return cannot(
						"bound", code->name, error);
				go = sy_num_holds(t, more);
				if (!go) {
					n = sy_num(k);
					break;
				}
			}
	}
	if (!sy_num_holds(t, sy_num_lt(t, sy_num(0), n)))
		return TRUE;
	add_pipe(t, c, pipe_of(c, code), n, sy_num(1));
	add_runs(code->body, n, c, env);
	return TRUE;
}

static gboolean count_node(
	const SyCode *code, SyWalkEnv *env, SyWalkCount *c, GError **error)
{
	SyTape *t = env->tape;
	SyNum v;
	gboolean ok;

	if (!code)
		return TRUE;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			if (!count_node(g_ptr_array_index(code->children, k),
				    env, c, error))
				return FALSE;
		return TRUE;
	case SY_CODE_MARK: return count_node(code->body, env, c, error);
	case SY_CODE_IF:
		/* A guard that cannot be evaluated here holds (the
		 * first branch, as Odyssey's model takes it). */
		if (sy_walk_num(code->cond, env, &v) && !sy_num_holds(t, v))
			return count_node(code->else_body, env, c, error);
		return count_node(code->body, env, c, error);
	case SY_CODE_USER:
		/* A statement outside any pipelined loop: a pipeline of
		 * one iteration. */
		add_pipe(t, c, c->pipe, sy_num(1), sy_num(1));
		add_runs(code, sy_num(1), c, env);
		return TRUE;
	case SY_CODE_FOR: break;
	}
	if (code->degenerate) {
		if (!sy_walk_num(code->init, env, &v))
			return cannot("value", code->name, error);
		if (!sy_walk_env_push(env, code->name, v))
			return cannot("depth", code->name, error);
		ok = count_node(code->body, env, c, error);
		sy_walk_env_pop(env);
		return ok;
	}
	if (code->pragma == SY_CODE_PRAGMA_PIPELINE)
		return count_pipeline(code, env, c, error);
	if (perfect(code->body)) {
		SyNum depth = c->depth, issue = c->issue;

		if (!count_loop(code, env, c, error))
			return FALSE;
		/* Flattened: one pipeline, entered once. */
		if (sy_num_holds(t, sy_num_lt(t, issue, c->issue)))
			c->depth = sy_num_add(t, depth,
				pipe_of(c, perfect(code->body)).depth);
		return TRUE;
	}
	return count_loop(code, env, c, error);
}

gboolean sy_walk_count(
	const SyCode *code, SyWalkEnv *env, SyWalkCount *c, GError **error)
{
	return count_node(code, env, c, error);
}

static gboolean point(const SyCode *code, SyWalkEnv *env, SyWalkPoint at,
	gpointer data, GError **error)
{
	guint n = code->args ? code->args->len : 0;
	g_autofree SyNum *args = g_new0(SyNum, n + 1);

	for (guint k = 0; k < n; k++) {
		const SyCodeExpr *e = g_ptr_array_index(code->args, k);

		if (!e || !sy_walk_num(e, env, &args[k]))
			return cannot("argument", code->name, error);
	}
	return at(args, n, data, error);
}

gboolean sy_walk_points(const SyCode *code, SyWalkEnv *env, SyWalkPoint at,
	gpointer data, GError **error)
{
	SyTape *t = env->tape;
	SyNum v, more, step;

	if (!code)
		return TRUE;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			if (!sy_walk_points(
				    g_ptr_array_index(code->children, k), env,
				    at, data, error))
				return FALSE;
		return TRUE;
	case SY_CODE_MARK:
		return sy_walk_points(code->body, env, at, data, error);
	case SY_CODE_IF:
		if (sy_walk_num(code->cond, env, &v) && !sy_num_holds(t, v))
			return sy_walk_points(
				code->else_body, env, at, data, error);
		return sy_walk_points(code->body, env, at, data, error);
	case SY_CODE_USER: return point(code, env, at, data, error);
	case SY_CODE_FOR: break;
	}
	if (!sy_walk_num(code->init, env, &v))
		return cannot("start", code->name, error);
	step = sy_num(1);
	if (!code->degenerate &&
		(!sy_walk_num(code->inc, env, &step) ||
			!sy_num_holds(t, sy_num_lt(t, sy_num(0), step))))
		return cannot("step", code->name, error);
	for (;; v = sy_num_add(t, v, step)) {
		gboolean ok, go = code->degenerate;

		if (!sy_walk_env_push(env, code->name, v))
			return cannot("depth", code->name, error);
		ok = code->degenerate || sy_walk_num(code->cond, env, &more);
		if (ok && !code->degenerate)
			go = sy_num_holds(t, more);
		if (ok && go)
			ok = sy_walk_points(code->body, env, at, data, error);
		else if (!ok)
			cannot("bound", code->name, error);
		sy_walk_env_pop(env);
		if (!ok || !go || code->degenerate)
			return ok;
	}
}
