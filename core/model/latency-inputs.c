/* The latency model's inputs, read from a design: per module family
 * the loops the HLS backend prints for it (core/hls/hls-io.c, hls-pe.c)
 * as iterations, pipeline entries, II and depth.
 *
 * SyModule.loops is the structural tree; it is not what is printed for
 * the I/O modules (their tile loops skip the tiles that move nothing,
 * their transfers count words, not elements), so the model reads the
 * printed code: the path facts' tile loops (SyIoPathFacts.tiles), the
 * words of a box and the units of a chain for the transfers hls-io.c
 * prints from them, and the modules' own code (the PE, intra_trans,
 * dummies). */
#include "model/latency.h"

#include "model/latency-ii.h"
#include "model/latency-walk.h"

void sy_latency_inputs_free(SyLatencyInputs *in)
{
	if (!in)
		return;
	for (guint k = 0; k < in->n_modules; k++)
		g_free(in->modules[k].ii_reason);
	g_free(in->modules);
	g_free(in->issue);
	g_free(in->depth);
	g_free(in->times);
	g_free(in);
}

/* Growing the per-tile counts. */
typedef struct {
	const SyDesign *design;
	SyLatencyInputs *in;
	gsize alloc;
	SyWalkEnv env;
	gboolean by_tile; /* no closed form for the tile loops */
} Reader;

/* Appends m's next entry: times consecutive tiles of c's counts (none:
 * 0), merged into m's last entry where that has the same counts. */
static void add_count(
	Reader *r, SyLatencyModule *m, const SyWalkCount *c, gint64 times)
{
	SyLatencyInputs *in = r->in;
	gint64 issue = c ? c->issue : 0, depth = c ? c->depth : 0;
	gsize last = in->n_counts - 1;

	if (m->compute_runs && in->issue[last] == issue &&
		in->depth[last] == depth) {
		in->times[last] += times;
		return;
	}
	if (in->n_counts == r->alloc) {
		r->alloc = r->alloc ? 2 * r->alloc : 64;
		in->issue = g_renew(gint64, in->issue, r->alloc);
		in->depth = g_renew(gint64, in->depth, r->alloc);
		in->times = g_renew(gint64, in->times, r->alloc);
	}
	in->issue[in->n_counts] = issue;
	in->depth[in->n_counts] = depth;
	in->times[in->n_counts++] = times;
	m->compute_runs++;
}

/* PE coordinates: every PE in row-major order, coordinate d of PE n;
 * fixed along `along` (>= 0) at `at`. */
static gint64 pe_count(const SyDesignGrid *g, int along)
{
	gint64 n = 1;

	for (guint d = 0; d < g->n_space; d++)
		if ((int)d != along)
			n *= g->pe[d];
	return n;
}

/* Instances the model runs per family: the slowest is the family's
 * time.  Past this many it takes the first (a closed form replaces the
 * enumeration). */
#define SY_LAT_MAX_INSTANCES 256

static gboolean bind_pe(Reader *r, const char *const *names, gint64 n,
	int along, gint64 at)
{
	const SyDesignGrid *g = r->design->grid;

	for (guint d = g->n_space; d-- > 0;) {
		gint64 v = at;

		if ((int)d != along) {
			v = n % g->pe[d];
			n /= g->pe[d];
		}
		if (!sy_walk_env_push(&r->env, names[d], v))
			return FALSE;
	}
	return TRUE;
}

static void unbind_pe(Reader *r)
{
	for (guint d = 0; d < r->design->grid->n_space; d++)
		sy_walk_env_pop(&r->env);
}

/* The slowest instance of code (the most cycles) over the PEs
 * (names: their coordinates in code; along >= 0 fixes one at `at`)
 * into best, whose pipes and pipe say the loops' II and depth; runs
 * summed over all of them (every PE, then) where best has them. */
static gboolean slowest(Reader *r, const SyCode *code,
	const char *const *names, int along, gint64 at, SyWalkCount *best,
	GError **error)
{
	gint64 n = pe_count(r->design->grid, along);
	double most = -1;

	if (!best->runs && n > SY_LAT_MAX_INSTANCES)
		n = 1;
	for (gint64 k = 0; k < n; k++) {
		SyWalkCount c = *best;
		gboolean ok = bind_pe(r, names, k, along, at);

		c.issue = c.depth = 0;
		ok = ok && sy_walk_count(code, &r->env, &c, error);
		unbind_pe(r);
		if (!ok)
			return FALSE;
		if ((double)c.issue + (double)c.depth > most) {
			most = (double)c.issue + (double)c.depth;
			best->issue = c.issue;
			best->depth = c.depth;
		}
	}
	return TRUE;
}

/* A statement's instances in the original (unpadded) problem, as
 * SyPeStmt counts them; where it could not (-1), the padded space's:
 * its lanes' runs in the PE's code. */
static double instances(const SyPeStmt *s, gint64 runs)
{
	return s->instances >= 0 ? (double)s->instances : (double)runs;
}

/* The PE: its code, once, over every PE; the work it does. */
static gboolean read_pe(Reader *r, SyLatencyModule *m, GError **error)
{
	const SyDesign *design = r->design;
	const SyPeFacts *facts = design->pe_facts;
	g_autoptr(GHashTable) pipes =
		g_hash_table_new_full(NULL, NULL, NULL, g_free);
	g_autofree gint64 *runs = g_new0(gint64, facts->stmts->len + 1);
	SyWalkCount best = {0, 0, facts->stmts->len, runs, pipes, {1, 0}};
	SyLatencyIi ii;

	if (!sy_latency_ii_pe(design, pipes, &ii, error))
		return FALSE;
	best.pipe = (SyWalkPipe){ii.ii, ii.depth};
	m->n_tiles = 1;
	m->compute_at = r->in->n_counts;
	m->compute_ii = ii.ii;
	m->compute_depth = ii.depth;
	m->ii_reason = ii.reason;
	if (!slowest(r, design->pe->code, sy_module_code_pe_names, -1, 0,
		    &best, error))
		return FALSE;
	add_count(r, m, &best, 1);
	for (guint s = 0; s < facts->stmts->len; s++) {
		const SyPeStmt *st = g_ptr_array_index(facts->stmts, s);
		const SyPeAccess *w = g_ptr_array_index(st->accesses, 0);
		guint ops = 0;

		for (guint k = 0; k < st->ops->len; k++)
			ops += ((const SyPeOp *)g_ptr_array_index(st->ops, k))
				       ->count;
		r->in->instances += instances(st, runs[s]);
		r->in->ops += instances(st, runs[s]) * ops;
		r->in->flops |= !w->plain_array->integer;
	}
	r->in->slots = (double)design->grid->count * ii.lanes;
	r->in->dsp_per_mac = sy_latency_dsp_per_mac(facts);
	return TRUE;
}

/* The tiles a path's main loop runs, and per tile the compute part's
 * counts (intra_trans on that tile, its slowest PE or line). */
typedef struct {
	Reader *r;
	const SyIoPathFacts *f;
	const SyCode *intra;
	const SyLatencyIi *ii;
	int along;
	gint64 at;
	gint64 n_tiles;
	SyLatencyModule *m;
} Tiles;

static const char *const tile_names[8] = {"sy_t0", "sy_t1", "sy_t2",
	"sy_t3", "sy_t4", "sy_t5", "sy_t6", "sy_t7"};

/* times tiles at args (the same counts at each): intra_trans's counts
 * there, its slowest PE or line. */
static gboolean tiles_at(Tiles *t, const gint64 *args, guint n,
	gint64 times, GError **error)
{
	Reader *r = t->r;
	SyWalkCount best = {0, 0, 0, NULL, NULL, {t->ii->ii, t->ii->depth}};
	guint bound = 0;
	gboolean ok = TRUE;

	t->n_tiles += times;
	if (!t->intra)
		return TRUE;
	for (guint d = 0; d < n && d < G_N_ELEMENTS(tile_names) && ok; d++) {
		ok = sy_walk_env_push(&r->env, tile_names[d], args[d]);
		bound += ok;
	}
	ok = ok && slowest(r, t->intra, sy_module_code_p_names, t->along,
			   t->at, &best, error);
	while (bound--)
		sy_walk_env_pop(&r->env);
	if (ok)
		add_count(r, t->m, &best, times);
	return ok;
}

static gboolean tile_at(const gint64 *args, guint n, gpointer data,
	GError **error)
{
	return tiles_at(data, args, n, 1, error);
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
	char name[16];

	for (guint d = 0; d < 8; d++) {
		g_snprintf(name, sizeof(name), "sy_t%u", d);
		if (sy_walk_depends(code, name))
			return TRUE;
	}
	return FALSE;
}

/* The tiles in closed form where nothing per tile depends on which
 * tile it is: their number counted as the tile loops' statement runs
 * (a loop of constant bounds multiplies its body's), one tile's compute
 * counts standing for all.  FALSE (nothing done) where it cannot. */
static gboolean tiles_closed(Reader *r, SyLatencyModule *m, Tiles *t,
	gboolean *done, GError **error)
{
	SyWalkCount points = {0, 0, 0, NULL, NULL, {1, 0}};
	SyWalkCount best = {0, 0, 0, NULL, NULL, {t->ii->ii, t->ii->depth}};

	*done = FALSE;
	if (has_pipeline(t->f->tiles) || (t->intra && reads_tile(t->intra)))
		return TRUE;
	if (!sy_walk_count(t->f->tiles, &r->env, &points, error))
		return FALSE;
	/* A bound of intra_trans that reads the tile loops' own
	 * iterators: enumerate (the caller does). */
	if (t->intra && points.issue &&
		!slowest(r, t->intra, sy_module_code_p_names, t->along, t->at,
			&best, NULL))
		return TRUE;
	*done = TRUE;
	m->n_tiles = points.issue;
	if (t->intra && points.issue)
		add_count(r, m, &best, points.issue);
	return TRUE;
}

/* The tile loops as a box: a nest of loops of constant bounds and
 * step 1 (or fixed) down to one statement, the tile. */
typedef struct {
	SyWalkRanges loops; /* the iterators and their bounds */
	const SyCode *tile;
} Nest;

static gboolean nest_of(const SyCode *code, Nest *nest)
{
	SyWalkRanges *b = &nest->loops;

	for (code = sy_walk_through(code); code && code->kind == SY_CODE_FOR;
		code = sy_walk_through(code->body)) {
		if (b->n == G_N_ELEMENTS(b->name) ||
			code->init->kind != SY_CODE_EXPR_INT ||
			(!code->degenerate &&
				(code->trip <= 0 || !code->inc ||
					code->inc->kind != SY_CODE_EXPR_INT ||
					code->inc->value != 1)))
			return FALSE;
		b->name[b->n] = code->name;
		b->lo[b->n] = code->init->value;
		b->hi[b->n] = code->init->value +
			      (code->degenerate ? 0 : code->trip - 1);
		b->n++;
	}
	nest->tile = code;
	return code && code->kind == SY_CODE_USER && code->args &&
	       code->args->len <= G_N_ELEMENTS(tile_names);
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
	gint64 lo, hi;

	if (!e || !reads_any(e, ranges))
		return TRUE;
	if (sy_walk_range(e, ranges, env, &lo, &hi))
		return lo == hi;
	if (e->kind != SY_CODE_EXPR_OP)
		return FALSE;
	for (guint k = 0; k < e->n_args; k++)
		if (!expr_uniform(e->args[k], ranges, env))
			return FALSE;
	return TRUE;
}

/* Whether code's counts are the same wherever ranges' names are in
 * their intervals: its bounds and guards are. */
static gboolean code_uniform(
	const SyCode *code, const SyWalkRanges *ranges, const SyWalkEnv *env)
{
	if (!code)
		return TRUE;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			if (!code_uniform(g_ptr_array_index(code->children, k),
				    ranges, env))
				return FALSE;
		return TRUE;
	case SY_CODE_FOR:
		return expr_uniform(code->init, ranges, env) &&
		       expr_uniform(code->cond, ranges, env) &&
		       expr_uniform(code->inc, ranges, env) &&
		       code_uniform(code->body, ranges, env);
	case SY_CODE_IF:
		return expr_uniform(code->cond, ranges, env) &&
		       code_uniform(code->body, ranges, env) &&
		       code_uniform(code->else_body, ranges, env);
	case SY_CODE_MARK: return code_uniform(code->body, ranges, env);
	case SY_CODE_USER: return TRUE;
	}
	return FALSE;
}

/* Whether intra_trans counts the same on every tile of the box, at
 * each PE slowest takes. */
static gboolean box_uniform(Tiles *t, const Nest *nest)
{
	Reader *r = t->r;
	SyWalkRanges tiles = {{0}, {0}, {0}, 0};
	gint64 n = pe_count(r->design->grid, t->along);
	gboolean ok = TRUE;

	for (guint d = 0; d < nest->tile->args->len; d++) {
		const SyCodeExpr *e = g_ptr_array_index(nest->tile->args, d);

		tiles.name[d] = tile_names[d];
		if (!e || !sy_walk_range(e, &nest->loops, &r->env,
				  &tiles.lo[d], &tiles.hi[d]))
			return FALSE;
		tiles.n++;
	}
	if (n > SY_LAT_MAX_INSTANCES)
		n = 1;
	for (gint64 k = 0; k < n && ok; k++) {
		ok = bind_pe(r, sy_module_code_p_names, k, t->along, t->at) &&
		     code_uniform(t->intra, &tiles, &r->env);
		unbind_pe(r);
	}
	return ok;
}

/* The box's tiles: one count where intra_trans counts the same on
 * all, else its halves along its longest side, the lower first (the
 * first and the last tile stay first and last: the ping-pong sums
 * read them). */
static gboolean boxes(Tiles *t, Nest *nest, GError **error)
{
	SyWalkRanges *b = &nest->loops;
	gint64 volume = 1, args[8], lo, hi;
	guint widest = 0, d;
	gboolean ok = TRUE;

	for (d = 0; d < b->n; d++) {
		volume *= b->hi[d] - b->lo[d] + 1;
		if (b->hi[d] - b->lo[d] > b->hi[widest] - b->lo[widest])
			widest = d;
	}
	if (volume == 1 || box_uniform(t, nest)) {
		for (d = 0; d < b->n && ok; d++)
			ok = sy_walk_env_push(&t->r->env, b->name[d], b->lo[d]);
		for (guint k = 0; ok && k < nest->tile->args->len; k++)
			ok = sy_walk_eval(g_ptr_array_index(nest->tile->args, k),
				&t->r->env, &args[k]);
		while (d--)
			sy_walk_env_pop(&t->r->env);
		if (!ok)
			return cannot_tile(error);
		return tiles_at(t, args, nest->tile->args->len, volume, error);
	}
	lo = b->lo[widest];
	hi = b->hi[widest];
	b->hi[widest] = lo + (hi - lo) / 2;
	ok = boxes(t, nest, error);
	b->hi[widest] = hi;
	b->lo[widest] = lo + (hi - lo) / 2 + 1;
	ok = ok && boxes(t, nest, error);
	b->lo[widest] = lo;
	return ok;
}

static gboolean read_tiles(Reader *r, SyLatencyModule *m, Tiles *t,
	GError **error)
{
	Nest nest = {{{0}, {0}, {0}, 0}, NULL};
	gboolean done = FALSE;

	m->compute_at = r->in->n_counts;
	t->m = m;
	if (!r->by_tile && !tiles_closed(r, m, t, &done, error))
		return FALSE;
	if (!r->by_tile && done)
		return TRUE;
	if (!r->by_tile && !has_pipeline(t->f->tiles) &&
		nest_of(t->f->tiles, &nest)) {
		if (!boxes(t, &nest, error))
			return FALSE;
	} else if (!sy_walk_points(t->f->tiles, &r->env, tile_at, t, error))
		return FALSE;
	m->n_tiles = t->n_tiles;
	return TRUE;
}

/* An I/O module: hls-io.c's loops. */
static gboolean read_io(
	Reader *r, const SyModule *mod, SyLatencyModule *m, GError **error)
{
	const SyIoPathFacts *f = sy_io_facts_path(r->design->io, mod->path);
	const SyDesignGrid *g = r->design->grid;
	gint64 words, chains = g->count / g->pe[0], length = g->pe[0];
	SyLatencyIi move, intra = {1, 0, NULL, 1};
	Tiles t = {r, f, NULL, &intra, -1, 0, 0, NULL};

	if (!f) {
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"latency: no I/O facts for %s", mod->name);
		return FALSE;
	}
	words = f->box_words;
	m->in = mod->path->in;
	m->out = !mod->path->in;
	sy_latency_ii_move(mod->level == 3, &move);
	m->load_ii = move.ii;
	m->load_depth = move.depth;
	m->load_entries = 1;
	if (mod->level == 3) {
		/* A burst of a tile's units' boxes: sy_u, sy_w, flattened. */
		m->load_iters = f->units * words;
		m->dram_bits = m->load_iters * (gint64)f->pack *
			       f->path->plain_array->bits;
	} else if (!mod->buffers->len) {
		/* Interior L2: a chain's words passed on (the first chain,
		 * idx 0, passes them all); outputs pass their own, then
		 * those of the chains after them, two loops. */
		m->load_iters = (mod->boundary ? 1 : chains) * length * words;
		m->load_entries = !mod->path->in && !mod->boundary ? 2 : 1;
	} else {
		/* inter_trans: its box and those of the modules after it
		 * on the chain (the first one's are all of them). */
		gint64 units = mod->path->exterior ? f->units : length;

		m->buffered = TRUE;
		m->ping_pong = f->ping_pong[mod->boundary != 0];
		m->load_iters = mod->boundary ? words : units * words;
		m->load_entries =
			!mod->path->in && !mod->boundary && units > 1 ? 2 : 1;
		sy_latency_ii_intra(f, FALSE, &intra);
		t.intra = f->intra;
		if (mod->path->exterior) {
			t.along = (int)f->along;
			t.at = mod->path->in ? 0 : g->pe[f->along] - 1;
		}
		m->compute_ii = intra.ii;
		m->compute_depth = intra.depth;
		m->ii_reason = intra.reason;
	}
	return read_tiles(r, m, &t, error);
}

/* A dummy: the dropping one's code, or nothing (head and tail dummies
 * only name their FIFOs). */
static gboolean read_dummy(
	Reader *r, const SyModule *mod, SyLatencyModule *m, GError **error)
{
	const SyIoPathFacts *f = sy_io_facts_path(r->design->io, mod->path);
	SyLatencyIi ii;
	SyWalkCount best = {0, 0, 0, NULL, NULL, {1, 0}};

	m->n_tiles = 1;
	m->compute_at = r->in->n_counts;
	if (!f || !mod->code) {
		add_count(r, m, NULL, 1);
		return TRUE;
	}
	sy_latency_ii_intra(f, TRUE, &ii);
	m->compute_ii = ii.ii;
	m->compute_depth = ii.depth;
	m->ii_reason = ii.reason;
	best.pipe = (SyWalkPipe){ii.ii, ii.depth};
	if (!slowest(r, mod->code, sy_module_code_p_names, -1, 0, &best, error))
		return FALSE;
	add_count(r, m, &best, 1);
	return TRUE;
}

static gboolean read_module(
	Reader *r, const SyModule *mod, SyLatencyModule *m, GError **error)
{
	m->load_ii = m->compute_ii = 1;
	switch (mod->kind) {
	case SY_MODULE_PE: return read_pe(r, m, error);
	case SY_MODULE_DUMMY: return read_dummy(r, mod, m, error);
	case SY_MODULE_IO:
	case SY_MODULE_DRAIN: return read_io(r, mod, m, error);
	}
	return FALSE;
}

/* The DRAM ports' bytes: their words (the m_axi depth) of pack
 * elements. */
static double offchip_bytes(const SyDesign *design)
{
	double bytes = 0;

	for (guint k = 0; k < design->kernel->ports->len; k++) {
		const SyDesignPort *p = g_ptr_array_index(design->kernel->ports, k);
		const SyDesignArray *x =
			g_ptr_array_index(design->kernel->arrays, p->array);

		bytes += (double)p->words * p->pack * x->bits / 8;
	}
	return bytes;
}

static SyLatencyInputs *read_inputs(
	const SyDesign *design, gboolean by_tile, GError **error)
{
	Reader r = {design, g_new0(SyLatencyInputs, 1), 0, {{0}, {0}, 0},
		by_tile};

	if (!design->pe || !design->pe->code || !design->pe_facts ||
		!design->io || !design->kernel || !design->grid) {
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"latency: the design has no modules' code yet");
		sy_latency_inputs_free(r.in);
		return NULL;
	}
	r.in->n_modules = design->modules->len;
	r.in->modules = g_new0(SyLatencyModule, r.in->n_modules);
	for (guint k = 0; k < r.in->n_modules; k++)
		if (!read_module(&r, g_ptr_array_index(design->modules, k),
			    &r.in->modules[k], error)) {
			sy_latency_inputs_free(r.in);
			return NULL;
		}
	r.in->offchip_bytes = offchip_bytes(design);
	return r.in;
}

SyLatencyInputs *sy_latency_inputs_new(const SyDesign *design, GError **error)
{
	return read_inputs(design, FALSE, error);
}

SyLatencyInputs *sy_latency_inputs_new_by_tile(
	const SyDesign *design, GError **error)
{
	return read_inputs(design, TRUE, error);
}
