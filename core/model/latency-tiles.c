/* An I/O path's tile loops counted for the latency model (see
 * latency-tiles.h): in closed form, as boxes of tiles, or tile by
 * tile. */
#include "model/latency-tiles.h"
#include "comm/design.h"

/* The tiles counted so far, and what runs on each. */
typedef struct {
	SyWalkEnv *env;
	const SyCode *loops;
	const SyLatencyTileWork *work;
	SyNum n_tiles;
} Tiles;

static const char *const tile_names[8] = {
	"sy_t0", "sy_t1", "sy_t2", "sy_t3", "sy_t4", "sy_t5", "sy_t6", "sy_t7"};

/* times tiles at args (the same counts at each): the work's counts
 * there, the coordinates bound while it counts. */
static gboolean tiles_at(
	Tiles *t, const SyNum *args, guint n, SyNum times, GError **error)
{
	const SyLatencyTileWork *w = t->work;
	guint bound = 0;
	gboolean ok = TRUE;

	t->n_tiles = sy_num_add(t->env->tape, t->n_tiles, times);
	if (!w->code)
		return TRUE;
	for (guint d = 0; d < n && d < G_N_ELEMENTS(tile_names) && ok; d++) {
		ok = sy_walk_env_push(t->env, tile_names[d], args[d]);
		bound += ok;
	}
	ok = ok && w->count(w->data, times, error);
	while (bound--)
		sy_walk_env_pop(t->env);
	return ok;
}

static gboolean tile_at(
	const SyNum *args, guint n, gpointer data, GError **error)
{
	return tiles_at(data, args, n, sy_num(1), error);
}

static gboolean cannot_tile(GError **error)
{
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
		"latency: a tile's coordinates cannot be evaluated");
	return FALSE;
}

/* Whether code has a pipelined loop (then its counts are not its
 * statements' runs). */
static gboolean has_pipeline(const SyCode *code)
{
	if (!code)
		return FALSE;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			if (has_pipeline(g_ptr_array_index(code->children, k)))
				return TRUE;
		return FALSE;
	case SY_CODE_FOR:
		return code->pragma == SY_CODE_PRAGMA_PIPELINE ||
			has_pipeline(code->body);
	case SY_CODE_IF:
		return has_pipeline(code->body) ||
			has_pipeline(code->else_body);
	case SY_CODE_MARK: return has_pipeline(code->body);
	case SY_CODE_USER: return FALSE;
	}
	return FALSE;
}

/* Whether code's counts read a tile coordinate (sy_t0, ...): a bound
 * or a guard does. */
static gboolean reads_tile(const SyCode *code)
{
	for (guint d = 0; d < G_N_ELEMENTS(tile_names); d++)
		if (sy_walk_depends(code, tile_names[d]))
			return TRUE;
	return FALSE;
}

/* The tiles in closed form where nothing per tile depends on which
 * tile it is: their number counted as the tile loops' statement runs
 * (a loop of constant bounds multiplies its body's), one tile's work
 * counts standing for all.  *done FALSE (nothing counted) where it
 * cannot. */
static gboolean tiles_closed(Tiles *t, gboolean *done, GError **error)
{
	const SyLatencyTileWork *w = t->work;
	SyWalkCount points = {
		sy_num(0), sy_num(0), 0, NULL, NULL, {sy_num(1), sy_num(0)}};
	gboolean some;

	*done = FALSE;
	if (has_pipeline(t->loops) || (w->code && reads_tile(w->code)))
		return TRUE;
	if (!sy_walk_count(t->loops, t->env, &points, error))
		return FALSE;
	some = sy_num_holds(t->env->tape, points.issue);
	/* Work that cannot count without the tile loops' own iterators
	 * (a bound of intra_trans reads them): enumerate (the caller
	 * does). */
	if (w->code && some && !w->count(w->data, points.issue, NULL))
		return TRUE;
	*done = TRUE;
	t->n_tiles = points.issue;
	return TRUE;
}

/* The tile loops as a box: a nest of loops of constant bounds and
 * step 1 (or fixed) down to one statement, the tile. */
typedef struct {
	SyWalkRanges loops; /* the iterators and their bounds */
	const SyCode *tile;
} Nest;

/* One loop of the nest: its start a constant, and unless it runs
 * once, its step 1 and its trip count positive. */
static gboolean nest_loop(Tiles *t, const SyCode *code, SyWalkRanges *b)
{
	SyTape *tp = t->env->tape;
	SyNum trip;

	if (b->n == G_N_ELEMENTS(b->name) ||
		code->init->kind != SY_CODE_EXPR_INT)
		return FALSE;
	b->name[b->n] = code->name;
	b->lo[b->n] = sy_num_i64(tp, &code->init->value);
	b->hi[b->n] = b->lo[b->n];
	if (!code->degenerate) {
		if (!sy_walk_trip(code, t->env, &trip) ||
			!sy_num_holds(tp, sy_num_lt(tp, sy_num(0), trip)) ||
			!code->inc || code->inc->kind != SY_CODE_EXPR_INT ||
			!sy_num_holds(tp,
				sy_num_eq(tp, sy_num_i64(tp, &code->inc->value),
					sy_num(1))))
			return FALSE;
		b->hi[b->n] = sy_num_add(
			tp, b->lo[b->n], sy_num_sub(tp, trip, sy_num(1)));
	}
	b->n++;
	return TRUE;
}

static gboolean nest_of(Tiles *t, const SyCode *code, Nest *nest)
{
	for (code = sy_walk_through(code); code && code->kind == SY_CODE_FOR;
		code = sy_walk_through(code->body))
		if (!nest_loop(t, code, &nest->loops))
			return FALSE;
	nest->tile = code;
	return code && code->kind == SY_CODE_USER && code->args &&
		code->args->len <= G_N_ELEMENTS(tile_names);
}

/* Whether the work counts the same on every tile of the box: the
 * tiles' coordinates range over intervals there. */
static gboolean box_uniform(Tiles *t, const Nest *nest)
{
	SyWalkRanges tiles = {{0}, {{0}}, {{0}}, 0};

	for (guint d = 0; d < nest->tile->args->len; d++) {
		const SyCodeExpr *e = g_ptr_array_index(nest->tile->args, d);

		tiles.name[d] = tile_names[d];
		if (!e ||
			!sy_walk_range(e, &nest->loops, t->env, &tiles.lo[d],
				&tiles.hi[d]))
			return FALSE;
		tiles.n++;
	}
	return t->work->uniform(t->work->data, &tiles);
}

static gboolean boxes(Tiles *t, Nest *nest, GError **error);

/* The box as its parts without and with the last tile of each side of
 * more than one tile (k sides: 2^k parts, each side its other tiles or
 * its last), where the part without any last tile counts the same on
 * all its tiles: padding makes the last tiles differ, and the parts
 * are then as many whatever the tiles (what a tape replays).  The
 * part of no last tile first, that of all last tiles last: the first
 * and the last tile stay first and last.  *done FALSE (nothing
 * counted) where the box does not split so. */
static gboolean peel(Tiles *t, Nest *nest, gboolean *done, GError **error)
{
	SyTape *tp = t->env->tape;
	SyWalkRanges *b = &nest->loops;
	SyNum lo[8], hi[8];
	guint side[8], k = 0;
	gboolean ok = TRUE;

	*done = FALSE;
	for (guint d = 0; d < b->n; d++) {
		lo[d] = b->lo[d];
		hi[d] = b->hi[d];
		if (sy_num_holds(tp, sy_num_lt(tp, lo[d], hi[d]))) {
			side[k++] = d;
			b->hi[d] = sy_num_sub(tp, hi[d], sy_num(1));
		}
	}
	*done = k > 0 && box_uniform(t, nest);
	for (guint mask = 0; *done && ok && mask < 1u << k; mask++) {
		for (guint i = 0; i < k; i++) {
			gboolean last = mask >> i & 1;

			b->lo[side[i]] = last ? hi[side[i]] : lo[side[i]];
			b->hi[side[i]] = last
				? hi[side[i]]
				: sy_num_sub(tp, hi[side[i]], sy_num(1));
		}
		ok = boxes(t, nest, error);
	}
	for (guint d = 0; d < b->n; d++) {
		b->lo[d] = lo[d];
		b->hi[d] = hi[d];
	}
	return ok;
}

/* The box's tiles: one count where the work counts the same on all,
 * else the parts peel makes, else its halves along its longest side,
 * the lower first (the first and the last tile stay first and last:
 * the ping-pong sums read them). */
static gboolean boxes(Tiles *t, Nest *nest, GError **error)
{
	SyTape *tp = t->env->tape;
	SyWalkRanges *b = &nest->loops;
	SyNum volume = sy_num(1), args[8], lo, hi, half;
	guint widest = 0, d;
	gboolean ok = TRUE, peeled;

	for (d = 0; d < b->n; d++)
		volume = sy_num_mul(tp, volume,
			sy_num_add(tp, sy_num_sub(tp, b->hi[d], b->lo[d]),
				sy_num(1)));
	/* Uniform first: a box of one tile is, and deciding its volume
	 * would tie a replay to it. */
	if (box_uniform(t, nest) ||
		sy_num_holds(tp, sy_num_eq(tp, volume, sy_num(1)))) {
		for (d = 0; d < b->n && ok; d++)
			ok = sy_walk_env_push(t->env, b->name[d], b->lo[d]);
		for (guint k = 0; ok && k < nest->tile->args->len; k++)
			ok = sy_walk_num(g_ptr_array_index(nest->tile->args, k),
				t->env, &args[k]);
		while (d--)
			sy_walk_env_pop(t->env);
		if (!ok)
			return cannot_tile(error);
		return tiles_at(t, args, nest->tile->args->len, volume, error);
	}
	if (!peel(t, nest, &peeled, error))
		return FALSE;
	if (peeled)
		return TRUE;
	for (d = 1; d < b->n; d++)
		if (sy_num_holds(tp,
			    sy_num_lt(tp,
				    sy_num_sub(
					    tp, b->hi[widest], b->lo[widest]),
				    sy_num_sub(tp, b->hi[d], b->lo[d]))))
			widest = d;
	lo = b->lo[widest];
	hi = b->hi[widest];
	half = sy_num_add(
		tp, lo, sy_num_div(tp, sy_num_sub(tp, hi, lo), sy_num(2)));
	b->hi[widest] = half;
	ok = boxes(t, nest, error);
	b->hi[widest] = hi;
	b->lo[widest] = sy_num_add(tp, half, sy_num(1));
	ok = ok && boxes(t, nest, error);
	b->lo[widest] = lo;
	return ok;
}

gboolean sy_latency_tiles_count(const SyCode *tiles, SyWalkEnv *env,
	gboolean by_tile, const SyLatencyTileWork *work, SyNum *n_tiles,
	GError **error)
{
	Tiles t = {env, tiles, work, sy_num(0)};
	Nest nest = {{{0}, {{0}}, {{0}}, 0}, NULL};
	gboolean done = FALSE;

	if (!by_tile && !tiles_closed(&t, &done, error))
		return FALSE;
	if (!done) {
		if (!by_tile && !has_pipeline(tiles) &&
			nest_of(&t, tiles, &nest)) {
			if (!boxes(&t, &nest, error))
				return FALSE;
		} else if (!sy_walk_points(tiles, env, tile_at, &t, error))
			return FALSE;
	}
	*n_tiles = t.n_tiles;
	return TRUE;
}
