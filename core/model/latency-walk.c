/* Counting a module's printed loops for the latency model. */
#include "model/latency-walk.h"

#include "base/integer.h"
#include "comm/design.h"

gboolean sy_walk_env_push(SyWalkEnv *env, const char *name, gint64 value)
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

static gboolean lookup(const SyWalkEnv *env, const char *name, gint64 *v)
{
	/* Innermost first: an iterator hides a parameter of its name. */
	for (guint k = env->n; k-- > 0;)
		if (!g_strcmp0(env->name[k], name)) {
			*v = env->value[k];
			return TRUE;
		}
	return FALSE;
}

static gboolean eval_nary(SyCodeOp op, gint64 *a, guint n, gint64 *v)
{
	*v = a[0];
	for (guint k = 1; k < n; k++)
		*v = op == SY_CODE_OP_MAX ? MAX(*v, a[k]) : MIN(*v, a[k]);
	return TRUE;
}

static gboolean eval_binary(SyCodeOp op, gint64 a, gint64 b, gint64 *v)
{
	switch (op) {
	case SY_CODE_OP_AND:
	case SY_CODE_OP_AND_THEN: *v = a && b; return TRUE;
	case SY_CODE_OP_OR:
	case SY_CODE_OP_OR_ELSE: *v = a || b; return TRUE;
	case SY_CODE_OP_ADD: *v = a + b; return TRUE;
	case SY_CODE_OP_SUB: *v = a - b; return TRUE;
	case SY_CODE_OP_MUL: *v = a * b; return TRUE;
	case SY_CODE_OP_EQ: *v = a == b; return TRUE;
	case SY_CODE_OP_LE: *v = a <= b; return TRUE;
	case SY_CODE_OP_LT: *v = a < b; return TRUE;
	case SY_CODE_OP_GE: *v = a >= b; return TRUE;
	case SY_CODE_OP_GT: *v = a > b; return TRUE;
	default: break;
	}
	if (!b)
		return FALSE;
	switch (op) {
	case SY_CODE_OP_DIV:
	case SY_CODE_OP_PDIV_Q: *v = a / b; return TRUE;
	case SY_CODE_OP_FDIV_Q: *v = sy_integer_div_floor(a, b); return TRUE;
	case SY_CODE_OP_PDIV_R:
	case SY_CODE_OP_ZDIV_R: *v = a % b; return TRUE;
	default: return FALSE;
	}
}

gboolean sy_walk_eval(const SyCodeExpr *e, const SyWalkEnv *env, gint64 *v)
{
	gint64 a[8] = {0};

	if (e->kind == SY_CODE_EXPR_INT) {
		*v = e->value;
		return TRUE;
	}
	if (e->kind == SY_CODE_EXPR_ID)
		return lookup(env, e->name, v);
	if (e->op == SY_CODE_OP_COND || e->op == SY_CODE_OP_SELECT) {
		if (!sy_walk_eval(e->args[0], env, a))
			return FALSE;
		return sy_walk_eval(e->args[a[0] ? 1 : 2], env, v);
	}
	if (e->n_args > G_N_ELEMENTS(a))
		return FALSE;
	for (guint k = 0; k < e->n_args; k++)
		if (!sy_walk_eval(e->args[k], env, &a[k]))
			return FALSE;
	if (e->op == SY_CODE_OP_MAX || e->op == SY_CODE_OP_MIN)
		return eval_nary(e->op, a, e->n_args, v);
	if (e->op == SY_CODE_OP_MINUS) {
		*v = -a[0];
		return TRUE;
	}
	return e->n_args == 2 && eval_binary(e->op, a[0], a[1], v);
}

static gboolean range_id(const SyCodeExpr *e, const SyWalkRanges *ranges,
	const SyWalkEnv *env, gint64 *lo, gint64 *hi)
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

/* A comparison over intervals: definite (a point) where every pair of
 * values agrees, else [0, 1]. */
static void range_compare(SyCodeOp op, const gint64 *lo, const gint64 *hi,
	gint64 *rlo, gint64 *rhi)
{
	gboolean yes = FALSE, no = FALSE;

	switch (op) {
	case SY_CODE_OP_LE: yes = hi[0] <= lo[1]; no = lo[0] > hi[1]; break;
	case SY_CODE_OP_LT: yes = hi[0] < lo[1]; no = lo[0] >= hi[1]; break;
	case SY_CODE_OP_GE: yes = lo[0] >= hi[1]; no = hi[0] < lo[1]; break;
	case SY_CODE_OP_GT: yes = lo[0] > hi[1]; no = hi[0] <= lo[1]; break;
	case SY_CODE_OP_EQ:
		yes = lo[0] == hi[0] && lo[1] == hi[1] && lo[0] == lo[1];
		no = hi[0] < lo[1] || hi[1] < lo[0];
		break;
	default: break;
	}
	*rlo = yes ? 1 : 0;
	*rhi = no ? 0 : 1;
}

static gboolean range_op(SyCodeOp op, const gint64 *lo, const gint64 *hi,
	guint n, gint64 *rlo, gint64 *rhi)
{
	gint64 p[4];

	switch (op) {
	case SY_CODE_OP_MAX:
	case SY_CODE_OP_MIN:
		return eval_nary(op, (gint64 *)lo, n, rlo) &&
		       eval_nary(op, (gint64 *)hi, n, rhi);
	case SY_CODE_OP_MINUS: *rlo = -hi[0]; *rhi = -lo[0]; return TRUE;
	case SY_CODE_OP_ADD:
		*rlo = lo[0] + lo[1];
		*rhi = hi[0] + hi[1];
		return TRUE;
	case SY_CODE_OP_SUB:
		*rlo = lo[0] - hi[1];
		*rhi = hi[0] - lo[1];
		return TRUE;
	case SY_CODE_OP_MUL:
		p[0] = lo[0] * lo[1];
		p[1] = lo[0] * hi[1];
		p[2] = hi[0] * lo[1];
		p[3] = hi[0] * hi[1];
		*rlo = MIN(MIN(p[0], p[1]), MIN(p[2], p[3]));
		*rhi = MAX(MAX(p[0], p[1]), MAX(p[2], p[3]));
		return TRUE;
	case SY_CODE_OP_AND:
	case SY_CODE_OP_AND_THEN:
		*rlo = lo[0] && lo[1];
		*rhi = hi[0] && hi[1];
		return TRUE;
	case SY_CODE_OP_OR:
	case SY_CODE_OP_OR_ELSE:
		*rlo = lo[0] || lo[1];
		*rhi = hi[0] || hi[1];
		return TRUE;
	case SY_CODE_OP_EQ:
	case SY_CODE_OP_LE:
	case SY_CODE_OP_LT:
	case SY_CODE_OP_GE:
	case SY_CODE_OP_GT: range_compare(op, lo, hi, rlo, rhi); return TRUE;
	case SY_CODE_OP_FDIV_Q:
		/* Monotone in the dividend for a positive constant divisor. */
		if (lo[1] != hi[1] || lo[1] <= 0)
			return FALSE;
		return eval_binary(op, lo[0], lo[1], rlo) &&
		       eval_binary(op, hi[0], lo[1], rhi);
	default: return FALSE;
	}
}

gboolean sy_walk_range(const SyCodeExpr *e, const SyWalkRanges *ranges,
	const SyWalkEnv *env, gint64 *lo, gint64 *hi)
{
	gint64 a[8] = {0}, b[8] = {0};

	if (e->kind == SY_CODE_EXPR_INT) {
		*lo = *hi = e->value;
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
		if (a[0] != b[0])
			return FALSE;
		*lo = a[0] ? a[1] : a[2];
		*hi = a[0] ? b[1] : b[2];
		return TRUE;
	}
	/* Points: exactly as sy_walk_eval computes them. */
	{
		gboolean point = TRUE;

		for (guint k = 0; k < e->n_args; k++)
			point = point && a[k] == b[k];
		if (point && e->op != SY_CODE_OP_MAX &&
			e->op != SY_CODE_OP_MIN && e->op != SY_CODE_OP_MINUS) {
			if (e->n_args != 2 || !eval_binary(e->op, a[0], a[1], lo))
				return FALSE;
			*hi = *lo;
			return TRUE;
		}
	}
	return range_op(e->op, a, b, e->n_args, lo, hi);
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
	while (code && ((code->kind == SY_CODE_BLOCK &&
				code->children->len == 1) ||
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
	const SyWalkPipe *p =
		c->pipes ? g_hash_table_lookup(c->pipes, loop) : NULL;

	return p ? *p : c->pipe;
}

/* The runs of each statement below body per pipeline iteration: the
 * lanes of an unrolled loop multiply. */
static void add_runs(const SyCode *body, gint64 times, SyWalkCount *c)
{
	if (!body || !c->runs)
		return;
	switch (body->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < body->children->len; k++)
			add_runs(g_ptr_array_index(body->children, k), times, c);
		break;
	case SY_CODE_FOR:
		add_runs(body->body,
			times * (body->trip >= 0 ? body->trip : 1), c);
		break;
	case SY_CODE_IF:
	case SY_CODE_MARK: add_runs(body->body, times, c); break;
	case SY_CODE_USER:
		if (body->stmt >= 0 && (guint)body->stmt < c->n_stmts)
			c->runs[body->stmt] += times;
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
 * division, no iteration run; -1 for any other condition. */
static gint64 closed_trip(
	const SyCode *code, SyWalkEnv *env, gint64 start, gint64 step)
{
	const SyCodeExpr *c = code->cond, *it, *bound;
	gboolean strict, flip;
	gint64 e;

	if (!c || c->kind != SY_CODE_EXPR_OP || c->n_args != 2)
		return -1;
	switch (c->op) {
	case SY_CODE_OP_LE: strict = FALSE; flip = FALSE; break;
	case SY_CODE_OP_LT: strict = TRUE; flip = FALSE; break;
	case SY_CODE_OP_GE: strict = FALSE; flip = TRUE; break;
	case SY_CODE_OP_GT: strict = TRUE; flip = TRUE; break;
	default: return -1;
	}
	it = c->args[flip ? 1 : 0];
	bound = c->args[flip ? 0 : 1];
	if (it->kind != SY_CODE_EXPR_ID || g_strcmp0(it->name, code->name) ||
		sy_walk_expr_uses(bound, code->name) ||
		!sy_walk_eval(bound, env, &e))
		return -1;
	if (strict)
		e--;
	return e < start ? 0 : (e - start) / step + 1;
}

static gboolean count_node(const SyCode *code, SyWalkEnv *env,
	SyWalkCount *c, GError **error);

/* A loop's iterations, its body counted at each (or once and
 * multiplied where nothing below depends on the iterator). */
static gboolean count_loop(const SyCode *code, SyWalkEnv *env,
	SyWalkCount *c, GError **error)
{
	gint64 v, more, step, trip = code->trip;
	gboolean ok = TRUE;

	/* Bounds that are not constant but plain: a division. */
	if (trip < 0 && !depends(code->body, code->name) &&
		sy_walk_eval(code->init, env, &v) &&
		sy_walk_eval(code->inc, env, &step) && step > 0)
		trip = closed_trip(code, env, v, step);
	if (trip >= 0 && !depends(code->body, code->name)) {
		SyWalkCount one = {0, 0, c->n_stmts, NULL, c->pipes, c->pipe};

		if (!trip)
			return TRUE;
		if (c->runs)
			one.runs = g_new0(gint64, c->n_stmts);
		if (!sy_walk_env_push(env, code->name, 0)) {
			g_free(one.runs);
			return cannot("depth", code->name, error);
		}
		ok = count_node(code->body, env, &one, error);
		sy_walk_env_pop(env);
		c->issue += one.issue * trip;
		c->depth += one.depth * trip;
		for (guint s = 0; one.runs && s < c->n_stmts; s++)
			c->runs[s] += one.runs[s] * trip;
		g_free(one.runs);
		return ok;
	}
	if (!sy_walk_eval(code->init, env, &v))
		return cannot("start", code->name, error);
	if (!sy_walk_eval(code->inc, env, &step) || step <= 0)
		return cannot("step", code->name, error);
	for (;; v += step) {
		if (!sy_walk_env_push(env, code->name, v))
			return cannot("depth", code->name, error);
		ok = sy_walk_eval(code->cond, env, &more);
		if (ok && more)
			ok = count_node(code->body, env, c, error);
		else if (!ok)
			cannot("bound", code->name, error);
		sy_walk_env_pop(env);
		if (!ok || !more)
			return ok;
	}
}

/* A pipelined loop: its iterations (its body is unrolled). */
static gboolean count_pipeline(const SyCode *code, SyWalkEnv *env,
	SyWalkCount *c, GError **error)
{
	gint64 n = code->trip, v, more, step;

	if (n < 0) {
		if (!sy_walk_eval(code->init, env, &v) ||
			!sy_walk_eval(code->inc, env, &step) || step <= 0)
			return cannot("bounds", code->name, error);
		/* Run it only where its bound is not a plain one. */
		n = closed_trip(code, env, v, step);
		for (gint64 k = 0; n < 0; k++, v += step) {
			gboolean ok;

			if (!sy_walk_env_push(env, code->name, v))
				return cannot("depth", code->name, error);
			ok = sy_walk_eval(code->cond, env, &more);
			sy_walk_env_pop(env);
			if (!ok)
				return cannot("bound", code->name, error);
			if (!more)
				n = k;
		}
	}
	if (!n)
		return TRUE;
	c->issue += n * pipe_of(c, code).ii;
	c->depth += pipe_of(c, code).depth;
	add_runs(code->body, n, c);
	return TRUE;
}

static gboolean count_node(const SyCode *code, SyWalkEnv *env,
	SyWalkCount *c, GError **error)
{
	gint64 v;
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
		if (sy_walk_eval(code->cond, env, &v) && !v)
			return count_node(code->else_body, env, c, error);
		return count_node(code->body, env, c, error);
	case SY_CODE_USER:
		/* A statement outside any pipelined loop: a pipeline of
		 * one iteration. */
		c->issue += c->pipe.ii;
		c->depth += c->pipe.depth;
		add_runs(code, 1, c);
		return TRUE;
	case SY_CODE_FOR: break;
	}
	if (code->degenerate) {
		if (!sy_walk_eval(code->init, env, &v))
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
		gint64 depth = c->depth, issue = c->issue;

		if (!count_loop(code, env, c, error))
			return FALSE;
		/* Flattened: one pipeline, entered once. */
		if (c->issue > issue)
			c->depth = depth + pipe_of(c, perfect(code->body)).depth;
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
	g_autofree gint64 *args = g_new0(gint64, n + 1);

	for (guint k = 0; k < n; k++) {
		const SyCodeExpr *e = g_ptr_array_index(code->args, k);

		if (!e || !sy_walk_eval(e, env, &args[k]))
			return cannot("argument", code->name, error);
	}
	return at(args, n, data, error);
}

gboolean sy_walk_points(const SyCode *code, SyWalkEnv *env, SyWalkPoint at,
	gpointer data, GError **error)
{
	gint64 v, more, step;

	if (!code)
		return TRUE;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			if (!sy_walk_points(g_ptr_array_index(code->children, k),
				    env, at, data, error))
				return FALSE;
		return TRUE;
	case SY_CODE_MARK:
		return sy_walk_points(code->body, env, at, data, error);
	case SY_CODE_IF:
		if (sy_walk_eval(code->cond, env, &v) && !v)
			return sy_walk_points(
				code->else_body, env, at, data, error);
		return sy_walk_points(code->body, env, at, data, error);
	case SY_CODE_USER: return point(code, env, at, data, error);
	case SY_CODE_FOR: break;
	}
	if (!sy_walk_eval(code->init, env, &v))
		return cannot("start", code->name, error);
	step = 1;
	if (!code->degenerate &&
		(!sy_walk_eval(code->inc, env, &step) || step <= 0))
		return cannot("step", code->name, error);
	for (;; v += step) {
		gboolean ok;

		if (!sy_walk_env_push(env, code->name, v))
			return cannot("depth", code->name, error);
		more = code->degenerate;
		ok = code->degenerate || sy_walk_eval(code->cond, env, &more);
		if (ok && more)
			ok = sy_walk_points(code->body, env, at, data, error);
		else if (!ok)
			cannot("bound", code->name, error);
		sy_walk_env_pop(env);
		if (!ok || !more || code->degenerate)
			return ok;
	}
}
