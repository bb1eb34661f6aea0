/* The latency model's inputs, read from a design: per module family
 * the loops the HLS backend prints for it (core/hls/hls-io.c, hls-pe.c)
 * as iterations, pipeline entries, II and depth.
 *
 * SyModule.loops is the structural tree; it is not what is printed for
 * the I/O modules (their tile loops skip the tiles that move nothing,
 * their transfers count words, not elements), so the model reads the
 * printed code: the path facts' tile loops (SyIoPathFacts.tiles,
 * counted in latency-tiles.c), the words of a box and the units of a
 * chain for the transfers hls-io.c prints from them, and the modules'
 * own code (the PE, intra_trans, dummies). */
#include <string.h>

#include "model/latency-ii.h"
#include "model/latency-tiles.h"
#include "model/latency-walk.h"
#include "model/latency.h"

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

/* A family's numbers while they are read (SyLatencyModule's, with the
 * tape's nodes). */
typedef struct {
	SyNum n_tiles, load_iters, load_entries, load_ii, load_depth;
	SyNum dram_bits, compute_ii, compute_depth;
} Nums;

/* One entry of the per-tile counts. */
typedef struct {
	SyNum issue, depth, times;
} Entry;

typedef struct {
	const SyDesign *design;
	SyLatencyInputs *in;
	Nums *nums; /* per family */
	GArray *entries; /* Entry */
	SyReal instances, ops, slots, offchip;
	SyWalkEnv env;
	gboolean by_tile; /* no closed form for the tile loops */
} Reader;

static SyTape *tape_of(const Reader *r)
{
	return r->env.tape;
}

/* Appends m's next entry: times consecutive tiles of c's counts (none:
 * 0), merged into m's last entry where that has the same counts. */
static void add_count(
	Reader *r, SyLatencyModule *m, const SyWalkCount *c, SyNum times)
{
	SyTape *t = tape_of(r);
	Entry e = {c ? c->issue : sy_num(0), c ? c->depth : sy_num(0), times};

	if (m->compute_runs) {
		Entry *last = &g_array_index(
			r->entries, Entry, r->entries->len - 1);

		if (sy_num_holds(t,
			    sy_num_and(t, sy_num_eq(t, last->issue, e.issue),
				    sy_num_eq(t, last->depth, e.depth)))) {
			last->times = sy_num_add(t, last->times, times);
			return;
		}
	}
	g_array_append_val(r->entries, e);
	m->compute_runs++;
}

/* PE coordinates: every PE in row-major order, coordinate d of PE n;
 * fixed along `along` (>= 0) at `at`. */
static SyNum pe_count(const Reader *r, int along)
{
	const SyDesignGrid *g = r->design->grid;
	SyNum n = sy_num(1);

	for (guint d = 0; d < g->n_space; d++)
		if ((int)d != along)
			n = sy_num_mul(tape_of(r), n,
				sy_num_i64(tape_of(r), &g->pe[d]));
	return n;
}

/* Instances the model runs per family: the slowest is the family's
 * time.  Past this many it takes the first (a closed form replaces the
 * enumeration). */
#define SY_LAT_MAX_INSTANCES 256

static gboolean bind_pe(
	Reader *r, const char *const *names, gint64 k, int along, SyNum at)
{
	const SyDesignGrid *g = r->design->grid;
	SyTape *t = tape_of(r);
	SyNum n = sy_num(k);

	for (guint d = g->n_space; d-- > 0;) {
		SyNum v = at, pe = sy_num_i64(t, &g->pe[d]);

		if ((int)d != along) {
			v = sy_num_mod(t, n, pe);
			n = sy_num_div(t, n, pe);
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

/* The PEs slowest enumerates: all, or the first alone past
 * SY_LAT_MAX_INSTANCES where no statement's runs are summed. */
static gint64 instances_run(Reader *r, const SyWalkCount *best, int along)
{
	SyTape *t = tape_of(r);
	SyNum n = pe_count(r, along);

	if (!best->runs &&
		sy_num_holds(t, sy_num_lt(t, sy_num(SY_LAT_MAX_INSTANCES), n)))
		return 1;
	return sy_num_fixed(t, n);
}

/* The PE box (names: the coordinates in code; along >= 0 fixes one at
 * `at`) added to ranges. */
static void pe_ranges(Reader *r, const char *const *names, int along, SyNum at,
	SyWalkRanges *ranges)
{
	const SyDesignGrid *g = r->design->grid;
	SyTape *t = tape_of(r);

	for (guint d = 0; d < g->n_space; d++) {
		guint k = ranges->n++;

		ranges->name[k] = names[d];
		ranges->lo[k] = (int)d == along ? at : sy_num(0);
		ranges->hi[k] = (int)d == along
			? at
			: sy_num_sub(t, sy_num_i64(t, &g->pe[d]), sy_num(1));
	}
}

/* Whether code counts the same at every PE (names: their coordinates
 * in code; along >= 0 fixes one at `at`): its guards and bounds do. */
static gboolean pes_uniform(Reader *r, const SyCode *code,
	const char *const *names, int along, SyNum at)
{
	SyWalkRanges pes = {{0}, {{0}}, {{0}}, 0};

	pe_ranges(r, names, along, at, &pes);
	return sy_walk_uniform(code, &pes, &r->env);
}

/* Every PE counting the same: one walk, at the first PE (the runs
 * times the PEs). */
static gboolean uniform(Reader *r, const SyCode *code, const char *const *names,
	int along, SyNum at, SyWalkCount *best, GError **error)
{
	SyTape *t = tape_of(r);
	SyNum n = pe_count(r, along);
	gboolean ok = bind_pe(r, names, 0, along, at);

	best->issue = best->depth = sy_num(0);
	if (best->runs)
		memset(best->runs, 0, best->n_stmts * sizeof(*best->runs));
	ok = ok && sy_walk_count(code, &r->env, best, error);
	unbind_pe(r);
	for (guint s = 0; ok && best->runs && s < best->n_stmts; s++)
		best->runs[s] = sy_num_mul(t, best->runs[s], n);
	return ok;
}

/* The slowest instance of code (the most cycles) over the PEs
 * (names: their coordinates in code; along >= 0 fixes one at `at`)
 * into best, whose pipes and pipe say the loops' II and depth; runs
 * summed over all of them (every PE, then) where best has them. */
static gboolean slowest(Reader *r, const SyCode *code, const char *const *names,
	int along, SyNum at, SyWalkCount *best, GError **error)
{
	SyTape *t = tape_of(r);
	SyNum most = sy_num(-1);
	gint64 n;

	if (pes_uniform(r, code, names, along, at))
		return uniform(r, code, names, along, at, best, error);
	n = instances_run(r, best, along);

	for (gint64 k = 0; k < n; k++) {
		SyWalkCount c = *best;
		gboolean ok = bind_pe(r, names, k, along, at);
		SyNum cycles;

		c.issue = c.depth = sy_num(0);
		ok = ok && sy_walk_count(code, &r->env, &c, error);
		unbind_pe(r);
		if (!ok)
			return FALSE;
		cycles = sy_num_add(t, c.issue, c.depth);
		if (sy_num_holds(t, sy_num_lt(t, most, cycles))) {
			most = cycles;
			best->issue = c.issue;
			best->depth = c.depth;
		}
	}
	return TRUE;
}

/* A statement's instances in the original (unpadded) problem, as
 * SyPeStmt counts them; where it could not (-1), the padded space's:
 * its lanes' runs in the PE's code. */
static SyReal instances(SyTape *t, const SyPeStmt *s, SyNum runs)
{
	return s->instances >= 0 ? sy_real((double)s->instances)
				 : sy_real_of(t, runs);
}

/* The PE: its code, once, over every PE; the work it does. */
static gboolean read_pe(Reader *r, SyLatencyModule *m, Nums *x, GError **error)
{
	const SyDesign *design = r->design;
	const SyPeFacts *facts = design->pe_facts;
	SyTape *t = tape_of(r);
	g_autoptr(GHashTable)
		pipes = g_hash_table_new_full(NULL, NULL, NULL, g_free);
	g_autofree SyNum *runs = g_new0(SyNum, facts->stmts->len + 1);
	SyWalkCount best = {sy_num(0), sy_num(0), facts->stmts->len, runs,
		pipes, {sy_num(1), sy_num(0)}};
	SyLatencyIi ii;

	if (!sy_latency_ii_pe(design, pipes, &ii, t, error))
		return FALSE;
	best.pipe = (SyWalkPipe){ii.ii, ii.depth};
	x->n_tiles = sy_num(1);
	m->compute_at = r->entries->len;
	x->compute_ii = ii.ii;
	x->compute_depth = ii.depth;
	m->ii_reason = ii.reason;
	if (!slowest(r, design->pe->code, sy_module_code_pe_names, -1,
		    sy_num(0), &best, error))
		return FALSE;
	add_count(r, m, &best, sy_num(1));
	for (guint s = 0; s < facts->stmts->len; s++) {
		const SyPeStmt *st = g_ptr_array_index(facts->stmts, s);
		const SyPeAccess *w = g_ptr_array_index(st->accesses, 0);
		SyReal n = instances(t, st, runs[s]);
		guint ops = 0;

		for (guint k = 0; k < st->ops->len; k++)
			ops += ((const SyPeOp *)g_ptr_array_index(st->ops, k))
				       ->count;
		r->instances = sy_real_add(t, r->instances, n);
		r->ops = sy_real_add(
			t, r->ops, sy_real_mul(t, n, sy_real((double)ops)));
		r->in->flops |= !w->plain_array->integer;
	}
	r->slots = sy_real_mul(t,
		sy_real_of(t, sy_num_i64(t, &design->grid->count)),
		sy_real_of(t, ii.lanes));
	r->in->dsp_per_mac = sy_latency_dsp_per_mac(facts);
	return TRUE;
}

/* The work on a path's tiles: intra_trans on the tile, its slowest PE
 * or line (along >= 0 fixes one PE coordinate at `at`), into m's
 * counts. */
typedef struct {
	Reader *r;
	const SyCode *intra;
	SyWalkPipe pipe;
	int along;
	SyNum at;
	SyLatencyModule *m;
} Intra;

/* times tiles of intra_trans's counts, the tile's coordinates bound
 * (sy_latency_tiles_count's SyLatencyTileWork.count). */
static gboolean intra_count(gpointer data, SyNum times, GError **error)
{
	Intra *w = data;
	SyWalkCount best = {sy_num(0), sy_num(0), 0, NULL, NULL, w->pipe};

	if (!slowest(w->r, w->intra, sy_module_code_p_names, w->along, w->at,
		    &best, error))
		return FALSE;
	add_count(w->r, w->m, &best, times);
	return TRUE;
}

/* Whether intra_trans counts the same on every tile of the box tiles,
 * at each PE slowest takes (SyLatencyTileWork.uniform). */
static gboolean intra_uniform(gpointer data, const SyWalkRanges *tiles)
{
	Intra *w = data;
	Reader *r = w->r;
	SyWalkCount none = {sy_num(0), sy_num(0), 0, NULL, NULL, w->pipe};
	gint64 n;
	gboolean ok = TRUE;

	/* Over every PE at once where that holds, else PE by PE. */
	if (tiles->n + r->design->grid->n_space <= G_N_ELEMENTS(tiles->name)) {
		SyWalkRanges both = *tiles;

		pe_ranges(r, sy_module_code_p_names, w->along, w->at, &both);
		if (sy_walk_uniform(w->intra, &both, &r->env))
			return TRUE;
	}
	n = instances_run(r, &none, w->along);
	for (gint64 k = 0; k < n && ok; k++) {
		ok = bind_pe(r, sy_module_code_p_names, k, w->along, w->at) &&
			sy_walk_uniform(w->intra, tiles, &r->env);
		unbind_pe(r);
	}
	return ok;
}

/* The tiles a path's main loop runs, and per tile intra_trans's counts
 * (w->intra, or none). */
static gboolean read_tiles(Reader *r, const SyIoPathFacts *f,
	SyLatencyModule *m, Nums *x, Intra *w, GError **error)
{
	SyLatencyTileWork work = {w->intra, intra_count, intra_uniform, w};

	m->compute_at = r->entries->len;
	w->r = r;
	w->m = m;
	return sy_latency_tiles_count(
		f->tiles, &r->env, r->by_tile, &work, &x->n_tiles, error);
}

/* An L3 module with an L2 buffer (--two-level-buffer, f->l2) also
 * reads its port's words into the buffer, fewer than it serves: per
 * tile, those reads spread over its tiles, added to the loop's words
 * and all its DRAM bits (hls-io.c's "L" statements). */
static void l2_reads(Reader *r, const SyIoPathFacts *f, Nums *x)
{
	const SyDesignKernel *k = r->design->kernel;
	SyTape *tp = tape_of(r);
	const SyDesignPort *port = NULL;
	SyNum per_tile;

	for (guint i = 0; i < r->design->io->paths->len; i++)
		if (g_ptr_array_index(r->design->io->paths, i) == f)
			port = g_ptr_array_index(k->ports, i);
	if (!port)
		return;
	per_tile = sy_num_cdiv(tp, sy_num_i64(tp, &port->words),
		sy_num_max(tp, x->n_tiles, sy_num(1)));
	x->load_iters = sy_num_add(tp, x->load_iters, per_tile);
	x->dram_bits = sy_num_mul(tp,
		sy_num_mul(tp, per_tile, sy_num_u32(tp, &f->pack)),
		sy_num(f->path->plain_array->bits));
}

/* An I/O module: hls-io.c's loops. */
static gboolean read_io(Reader *r, const SyModule *mod, SyLatencyModule *m,
	Nums *x, GError **error)
{
	const SyIoPathFacts *f = sy_io_facts_path(r->design->io, mod->path);
	const SyDesignGrid *g = r->design->grid;
	SyTape *tp = tape_of(r);
	SyLatencyIi move;
	SyLatencyIi intra = {sy_num(1), sy_num(0), NULL, sy_num(1)};
	Intra t = {r, NULL, {sy_num(1), sy_num(0)}, -1, sy_num(0), NULL};
	SyNum words, units, length, chains, ports;

	if (!f) {
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"latency: no I/O facts for %s", mod->name);
		return FALSE;
	}
	words = sy_num_i64(tp, &f->box_words);
	/* An interior path's chains run along f->along. */
	length = sy_num_i64(tp, &g->pe[f->along]);
	/* --hbm: each L3 module, and each part of the L2 chain below it,
	 * moves its share of the units and chains. */
	ports = sy_num(sy_io_path_ports(mod->path));
	chains = sy_num_div(
		tp, sy_num_div(tp, sy_num_i64(tp, &g->count), length), ports);
	units = sy_num_div(tp, sy_num_i64(tp, &f->units), ports);
	m->in = mod->path->in;
	m->out = !mod->path->in;
	sy_latency_ii_move(mod->level == 3, &move);
	x->load_ii = move.ii;
	x->load_depth = move.depth;
	x->load_entries = sy_num(1);
	if (mod->level == 3) {
		/* A burst of a tile's units' boxes: sy_u, sy_w, flattened. */
		x->load_iters = sy_num_mul(tp, units, words);
		x->dram_bits = sy_num_mul(tp,
			sy_num_mul(tp, x->load_iters, sy_num_u32(tp, &f->pack)),
			sy_num(f->path->plain_array->bits));
	} else if (!mod->buffers->len) {
		/* Interior L2: a chain's words passed on (the first chain,
		 * idx 0, passes them all); outputs pass their own, then
		 * those of the chains after them, two loops. */
		x->load_iters = sy_num_mul(tp,
			sy_num_mul(
				tp, mod->boundary ? sy_num(1) : chains, length),
			words);
		x->load_entries = sy_num(
			!mod->path->in && !mod->boundary ? 2 : 1);
	} else {
		/* inter_trans: its box and those of the modules after it
		 * on the chain (the first one's are all of them). */
		units = mod->path->exterior ? units : length;
		m->buffered = TRUE;
		m->ping_pong = f->ping_pong[mod->boundary != 0];
		x->load_iters = mod->boundary ? words
					      : sy_num_mul(tp, units, words);
		x->load_entries = sy_num(!mod->path->in && !mod->boundary &&
					sy_num_holds(tp,
						sy_num_lt(tp, sy_num(1), units))
				? 2
				: 1);
		sy_latency_ii_intra(f, FALSE, &intra, tp);
		t.intra = f->intra;
		t.pipe = (SyWalkPipe){intra.ii, intra.depth};
		if (mod->path->exterior) {
			t.along = (int)f->along;
			t.at = mod->path->in
				? sy_num(0)
				: sy_num_sub(tp,
					  sy_num_i64(tp, &g->pe[f->along]),
					  sy_num(1));
		}
		x->compute_ii = intra.ii;
		x->compute_depth = intra.depth;
		m->ii_reason = intra.reason;
	}
	if (!read_tiles(r, f, m, x, &t, error))
		return FALSE;
	if (mod->level == 3 && f->l2)
		l2_reads(r, f, x);
	return TRUE;
}

/* A dummy: the dropping one's code, or nothing (head and tail dummies
 * only name their FIFOs). */
static gboolean read_dummy(Reader *r, const SyModule *mod, SyLatencyModule *m,
	Nums *x, GError **error)
{
	const SyIoPathFacts *f = sy_io_facts_path(r->design->io, mod->path);
	SyLatencyIi ii;
	SyWalkCount best = {
		sy_num(0), sy_num(0), 0, NULL, NULL, {sy_num(1), sy_num(0)}};

	x->n_tiles = sy_num(1);
	m->compute_at = r->entries->len;
	if (!f || !mod->code) {
		add_count(r, m, NULL, sy_num(1));
		return TRUE;
	}
	sy_latency_ii_intra(f, TRUE, &ii, tape_of(r));
	x->compute_ii = ii.ii;
	x->compute_depth = ii.depth;
	m->ii_reason = ii.reason;
	best.pipe = (SyWalkPipe){ii.ii, ii.depth};
	if (!slowest(r, mod->code, sy_module_code_p_names, -1, sy_num(0), &best,
		    error))
		return FALSE;
	add_count(r, m, &best, sy_num(1));
	return TRUE;
}

static gboolean read_module(Reader *r, const SyModule *mod, SyLatencyModule *m,
	Nums *x, GError **error)
{
	x->load_ii = x->compute_ii = sy_num(1);
	switch (mod->kind) {
	case SY_MODULE_PE: return read_pe(r, m, x, error);
	case SY_MODULE_DUMMY: return read_dummy(r, mod, m, x, error);
	case SY_MODULE_IO:
	case SY_MODULE_DRAIN: return read_io(r, mod, m, x, error);
	}
	return FALSE;
}

/* The DRAM ports' bytes: their words (the m_axi depth) of serial x pack
 * elements (x 1/8, exactly / 8). */
static SyReal offchip_bytes(Reader *r)
{
	const SyDesign *design = r->design;
	SyTape *t = tape_of(r);
	SyReal bytes = sy_real(0);

	for (guint k = 0; k < design->kernel->ports->len; k++) {
		const SyDesignPort *p = g_ptr_array_index(
			design->kernel->ports, k);
		const SyDesignArray *x = g_ptr_array_index(
			design->kernel->arrays, p->array);
		SyReal b = sy_real_mul(t,
			sy_real_mul(t,
				sy_real_mul(t,
					sy_real_of(t, sy_num_i64(t, &p->words)),
					sy_real_of(t,
						sy_num_mul(t,
							sy_num_u32(t, &p->pack),
							sy_num_u32(t,
								&p->serial)))),
				sy_real((double)x->bits)),
			sy_real(0.125));

		bytes = sy_real_add(t, bytes, b);
	}
	return bytes;
}

/* The numbers into in's fields, where the tape replays them. */
static void put_numbers(Reader *r)
{
	SyLatencyInputs *in = r->in;
	SyTape *t = tape_of(r);

	for (guint k = 0; k < in->n_modules; k++) {
		SyLatencyModule *m = &in->modules[k];
		const Nums *x = &r->nums[k];

		sy_tape_store_i64(t, x->n_tiles, &m->n_tiles);
		sy_tape_store_i64(t, x->load_iters, &m->load_iters);
		sy_tape_store_i64(t, x->load_entries, &m->load_entries);
		sy_tape_store_u32(t, x->load_ii, &m->load_ii);
		sy_tape_store_u32(t, x->load_depth, &m->load_depth);
		sy_tape_store_i64(t, x->dram_bits, &m->dram_bits);
		sy_tape_store_u32(t, x->compute_ii, &m->compute_ii);
		sy_tape_store_u32(t, x->compute_depth, &m->compute_depth);
	}
	in->n_counts = r->entries->len;
	in->issue = g_new0(gint64, in->n_counts + 1);
	in->depth = g_new0(gint64, in->n_counts + 1);
	in->times = g_new0(gint64, in->n_counts + 1);
	for (guint k = 0; k < r->entries->len; k++) {
		const Entry *e = &g_array_index(r->entries, Entry, k);

		sy_tape_store_i64(t, e->issue, &in->issue[k]);
		sy_tape_store_i64(t, e->depth, &in->depth[k]);
		sy_tape_store_i64(t, e->times, &in->times[k]);
	}
	sy_tape_store_real(t, r->instances, &in->instances);
	sy_tape_store_real(t, r->ops, &in->ops);
	sy_tape_store_real(t, r->slots, &in->slots);
	sy_tape_store_real(t, r->offchip, &in->offchip_bytes);
}

/* The host's launches (sy_design_kernel_launches), from the tiles of
 * its loops: on the tape, so that a form re-sets them with the sizes. */
static void put_launches(Reader *r)
{
	const SyDesignKernel *k = r->design->kernel;
	SyTape *t = r->env.tape;
	SyNum n = sy_num(1);

	for (guint d = 0; d < k->n_launch; d++)
		n = sy_num_mul(t, n, sy_num_i64(t, &k->launch[d]));
	sy_tape_store_i64(t, n, &r->in->launches);
}

static SyLatencyInputs *read_inputs(
	const SyDesign *design, gboolean by_tile, SyTape *tape, GError **error)
{
	Reader r = {design, g_new0(SyLatencyInputs, 1), NULL,
		g_array_new(FALSE, FALSE, sizeof(Entry)), {0, 0}, {0, 0},
		{0, 0}, {0, 0}, {{0}, {{0}}, 0, tape}, by_tile};
	gboolean ok = TRUE;

	if (!design->pe || !design->pe->code || !design->pe_facts ||
		!design->io || !design->kernel || !design->grid) {
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"latency: the design has no modules' code yet");
		ok = FALSE;
	}
	if (ok) {
		r.in->n_modules = design->modules->len;
		r.in->modules = g_new0(SyLatencyModule, r.in->n_modules);
		r.nums = g_new0(Nums, r.in->n_modules + 1);
	}
	for (guint k = 0; ok && k < r.in->n_modules; k++)
		ok = read_module(&r, g_ptr_array_index(design->modules, k),
			&r.in->modules[k], &r.nums[k], error);
	if (ok) {
		r.offchip = offchip_bytes(&r);
		put_numbers(&r);
		put_launches(&r);
	}
	g_array_unref(r.entries);
	g_free(r.nums);
	if (!ok) {
		sy_latency_inputs_free(r.in);
		return NULL;
	}
	return r.in;
}

SyLatencyInputs *sy_latency_inputs_new(const SyDesign *design, GError **error)
{
	return read_inputs(design, FALSE, NULL, error);
}

SyLatencyInputs *sy_latency_inputs_new_by_tile(
	const SyDesign *design, GError **error)
{
	return read_inputs(design, TRUE, NULL, error);
}

SyLatencyInputs *sy_latency_inputs_record(
	const SyDesign *design, SyTape *tape, GError **error)
{
	return read_inputs(design, FALSE, tape, error);
}
