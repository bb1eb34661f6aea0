/* A design's module instances as simulator processes (sim-design.h). */
#include <math.h>
#include <string.h>

#include "comm/io-facts.h"
#include "model/model.h"
#include "sim/sim-design.h"
#include "sim/sim-private.h"

/* One tile's compute part: cycles issuing and in pipeline depth. */
typedef struct {
	gint64 issue, depth;
} Tile;

/* A family's tiles and the words its feeder or collector moves to or
 * from its PE on each. */
typedef struct {
	guint n;
	Tile *tile;
	gint64 *words;
} Tiles;

/* A FIFO of a PE, with the words it moves on each of its path's
 * tiles. */
typedef struct {
	guint fifo;
	gboolean write;
	const Tiles *tiles;
} PeFlow;

typedef struct {
	const SyDesign *d;
	const SyModelTarget *tg;
	SyLatencyInputs *in;
	SySim *sim;
	GHashTable *tiles; /* SyModule * -> Tiles * */
	GArray **pe; /* per PE: PeFlow */
	gint64 n_pe;
} Build;

static void tiles_free(gpointer data)
{
	Tiles *t = data;

	g_free(t->tile);
	g_free(t->words);
	g_free(t);
}

static guint family_index(const Build *b, const SyModule *m)
{
	for (guint k = 0; k < b->d->modules->len; k++)
		if (g_ptr_array_index(b->d->modules, k) == m)
			return k;
	return 0;
}

static const SyLatencyModule *lat(const Build *b, const SyModule *m)
{
	return &b->in->modules[family_index(b, m)];
}

/* A family's tiles: its compute entries, one per tile, each entry
 * repeated as often as its tiles; the words a feeder moves a tile are
 * its iterations (a word each). */
static const Tiles *tiles_of(Build *b, const SyModule *m)
{
	const SyLatencyModule *lm = lat(b, m);
	Tiles *t = g_hash_table_lookup(b->tiles, m);
	guint at = 0;

	if (t)
		return t;
	t = g_new0(Tiles, 1);
	for (gsize j = 0; j < lm->compute_runs; j++)
		t->n += (guint)b->in->times[lm->compute_at + j];
	if (!lm->compute_runs)
		t->n = (guint)MAX(lm->n_tiles, 0);
	t->tile = g_new0(Tile, t->n + 1);
	t->words = g_new0(gint64, t->n + 1);
	for (gsize j = 0; j < lm->compute_runs; j++) {
		gsize e = lm->compute_at + j;

		for (gint64 k = 0; k < b->in->times[e]; k++, at++) {
			t->tile[at] = (Tile){b->in->issue[e], b->in->depth[e]};
			t->words[at] = b->in->issue[e] / MAX(lm->compute_ii, 1);
		}
	}
	g_hash_table_insert(b->tiles, (gpointer)m, t);
	return t;
}

static guint fifo_depth(
	const Build *b, const SyModule *from, const SyModule *to)
{
	for (guint k = 0; k < b->d->fifos->len; k++) {
		const SyFifo *f = g_ptr_array_index(b->d->fifos, k);

		if (f->from == from && f->to == to)
			return f->depth;
	}
	return 2;
}

static guint fifo(Build *b, const SyModule *from, const char *a,
	const SyModule *to, const char *z)
{
	g_autofree char *name = g_strdup_printf("%s->%s", a, z);

	return sy_sim_add_fifo(b->sim, name, fifo_depth(b, from, to), 0);
}

static char *instance(const SyModule *m, gint64 k)
{
	return g_strdup_printf("%s_%" G_GINT64_FORMAT, m->name, k);
}

/* PE coordinates, the last fastest (sy_module_code's order). */
static void pe_coords(const SyDesignGrid *g, gint64 idx, gint64 *c)
{
	for (guint d = g->n_space; d-- > 0;) {
		c[d] = idx % g->pe[d];
		idx /= g->pe[d];
	}
}

static gint64 pe_at(
	const SyDesignGrid *g, const gint64 *c, const gint64 *dir, gint64 sign)
{
	gint64 idx = 0;

	for (guint d = 0; d < g->n_space; d++) {
		gint64 v = c[d] + sign * (dir ? dir[d] : 0);

		if (v < 0 || v >= g->pe[d])
			return -1;
		idx = idx * g->pe[d] + v;
	}
	return idx;
}

static char *pe_name(const Build *b, gint64 idx)
{
	GString *s = g_string_new("PE");
	gint64 c[3];

	pe_coords(b->d->grid, idx, c);
	for (guint d = 0; d < b->d->grid->n_space; d++)
		g_string_append_printf(s, "_%" G_GINT64_FORMAT, c[d]);
	return g_string_free(s, FALSE);
}

static void pe_flow(
	Build *b, gint64 pe, guint f, gboolean write, const Tiles *tiles)
{
	PeFlow flow = {f, write, tiles};

	g_array_append_val(b->pe[pe], flow);
}

static void token(Build *b, guint p, guint f, gboolean write)
{
	sy_sim_add_step(b->sim, p, 0, 1, 0, 0, 0);
	sy_sim_step_flow(b->sim, p, f, write, 1);
}

/* A buffered module (an exterior L2, an interior L1): unit u of a
 * chain of n, each unit's box `words` a tile.  up: the FIFO towards
 * DRAM, down: the next unit's (-1: none), pe: its PE's. */
static void buffered(Build *b, const SyModule *m, gint64 idx, gint64 u,
	gint64 n, gint64 words, guint up, int down, guint pe)
{
	const SyLatencyModule *lm = lat(b, m);
	const Tiles *t = tiles_of(b, m);
	g_autofree char *name = instance(m, idx);
	g_autofree char *a = g_strconcat(name, m->in ? "/load" : "/send", NULL);
	g_autofree char *z = g_strconcat(
		name, m->in ? "/feed" : "/collect", NULL);
	g_autofree char *fn = g_strconcat(name, ".free", NULL);
	g_autofree char *ln = g_strconcat(name, ".full", NULL);
	guint nbuf = lm->ping_pong ? 2 : 1;
	guint free_ = sy_sim_add_fifo(b->sim, fn, nbuf, nbuf);
	guint full = sy_sim_add_fifo(b->sim, ln, nbuf, 0);
	guint move = sy_sim_add_process(b->sim, a, m->name);
	guint serve = sy_sim_add_process(b->sim, z, m->name);
	gint64 rest = (n - u - 1) * words;

	for (guint j = 0; j < t->n; j++) {
		/* inter_trans: its box, then those after it. */
		token(b, move, m->in ? free_ : full, FALSE);
		sy_sim_add_step(b->sim, move, words, lm->load_ii,
			rest > 0 ? 0 : lm->load_depth, 0, 0);
		sy_sim_step_flow(b->sim, move, up, !m->in, words);
		if (rest > 0) {
			sy_sim_add_step(b->sim, move, rest, lm->load_ii,
				lm->load_depth, 0, 0);
			sy_sim_step_flow(b->sim, move, up, !m->in, rest);
			sy_sim_step_flow(
				b->sim, move, (guint)down, m->in, rest);
		}
		token(b, move, m->in ? full : free_, TRUE);
		/* intra_trans: the PE's words. */
		token(b, serve, m->in ? full : free_, FALSE);
		sy_sim_add_step(b->sim, serve, t->words[j], lm->compute_ii,
			(guint)t->tile[j].depth, 0, 0);
		sy_sim_step_flow(b->sim, serve, pe, m->in, t->words[j]);
		token(b, serve, m->in ? free_ : full, TRUE);
	}
}

/* An L2 module without buffers (interior paths): its chain's own words
 * to or from its L1 chain, then those of the chains after it. */
static void pass(Build *b, const SyModule *m, gint64 idx, gint64 u, gint64 n,
	gint64 own, guint up, int down, guint l1, guint n_tiles)
{
	const SyLatencyModule *lm = lat(b, m);
	g_autofree char *name = instance(m, idx);
	guint p = sy_sim_add_process(b->sim, name, m->name);
	gint64 rest = (n - u - 1) * own;

	for (guint j = 0; j < n_tiles; j++) {
		sy_sim_add_step(b->sim, p, own, lm->load_ii,
			rest > 0 ? 0 : lm->load_depth, 0, 0);
		sy_sim_step_flow(b->sim, p, up, !m->in, own);
		sy_sim_step_flow(b->sim, p, l1, m->in, own);
		if (rest > 0) {
			sy_sim_add_step(b->sim, p, rest, lm->load_ii,
				lm->load_depth, 0, 0);
			sy_sim_step_flow(b->sim, p, up, !m->in, rest);
			sy_sim_step_flow(b->sim, p, (guint)down, m->in, rest);
		}
	}
}

/* The cycles a tile's bits take through the DRAM port at least
 * (model/latency.c's burst: whole beats at what a channel gives a
 * cycle). */
static gint64 dram_cycles(const Build *b, gint64 bits)
{
	const SyModelTarget *tg = b->tg;
	double per_cycle, beats;

	if (bits <= 0 || !tg->port_bits || tg->mhz <= 0)
		return 0;
	beats = (double)((bits + tg->port_bits - 1) / tg->port_bits);
	per_cycle = tg->port_gbps * 1e9 * 8 / tg->port_bits / (tg->mhz * 1e6);
	if (per_cycle > 1)
		per_cycle = 1;
	return per_cycle > 0 ? (gint64)ceil(beats / per_cycle) : 0;
}

/* The L3 module: a burst a tile, `words` through its chain's FIFO. */
static void l3(Build *b, const SyModule *m, gint64 idx, gint64 words,
	guint chain, guint n_tiles)
{
	const SyLatencyModule *lm = lat(b, m);
	g_autofree char *name = instance(m, idx);
	guint p = sy_sim_add_process(b->sim, name, m->name);

	for (guint j = 0; j < n_tiles; j++) {
		sy_sim_add_step(b->sim, p, MAX(lm->load_iters, words),
			lm->load_ii, lm->load_depth, b->tg->burst_cycles,
			dram_cycles(b, lm->dram_bits));
		sy_sim_step_flow(b->sim, p, chain, m->in, words);
	}
}

static const SyModule *family(const Build *b, const SyIoPath *p, guint level,
	gboolean boundary, SyModuleKind kind)
{
	for (guint k = 0; k < b->d->modules->len; k++) {
		const SyModule *m = g_ptr_array_index(b->d->modules, k);

		if (m->path == p && m->level == level &&
			!m->boundary == !boundary && m->kind == kind)
			return m;
	}
	return NULL;
}

static const SyModule *io_family(
	const Build *b, const SyIoPath *p, guint level, gboolean boundary)
{
	const SyModule *m = family(b, p, level, boundary, SY_MODULE_IO);

	return m ? m : family(b, p, level, boundary, SY_MODULE_DRAIN);
}

/* Chain position u of n: its family (the boundary last) and its index
 * in the family, part by part (--hbm). */
static const SyModule *unit_family(const Build *b, const SyIoPath *p,
	guint level, gint64 part, gint64 u, gint64 n, gint64 *idx)
{
	if (u == n - 1) {
		*idx = part;
		return io_family(b, p, level, TRUE);
	}
	*idx = part * (n - 1) + u;
	return io_family(b, p, level, FALSE);
}

/* A chain of n units below `up` (its first unit's FIFO): each a
 * buffered module feeding (collecting from) the PE pes[u]. */
static void buffered_chain(Build *b, const SyIoPath *p, guint level,
	gint64 part, gint64 n, gint64 words, guint up, const gint64 *pes)
{
	guint above = up;

	for (gint64 u = 0; u < n; u++) {
		gint64 idx, next_idx;
		const SyModule *m = unit_family(b, p, level, part, u, n, &idx);
		const SyModule *next = u + 1 < n
			? unit_family(b, p, level, part, u + 1, n, &next_idx)
			: NULL;
		g_autofree char *name = instance(m, idx);
		g_autofree char *pname = pe_name(b, pes[u]);
		g_autofree char *nname = next ? instance(next, next_idx) : NULL;
		int down = -1;
		guint pe;

		if (next)
			down = (int)(p->in ? fifo(b, m, name, next, nname)
					   : fifo(b, next, nname, m, name));
		pe = p->in ? fifo(b, m, name, b->d->pe, pname)
			   : fifo(b, b->d->pe, pname, m, name);
		buffered(b, m, idx, u, n, words, above, down, pe);
		pe_flow(b, pes[u], pe, !p->in, tiles_of(b, m));
		above = (guint)down;
	}
}

/* The L3 module of a part and the FIFO into (out of) its chain's first
 * unit, whose family and index are given. */
static guint l3_of(Build *b, const SyIoPath *p, gint64 part, gint64 words,
	const SyModule *first, gint64 first_idx, guint *n_tiles)
{
	const SyModule *m = io_family(b, p, 3, FALSE);
	g_autofree char *name = NULL, *fname = instance(first, first_idx);
	guint f;

	if (!m)
		m = io_family(b, p, 3, TRUE);
	name = instance(m, part);
	f = p->in ? fifo(b, m, name, first, fname)
		  : fifo(b, first, fname, m, name);
	*n_tiles = (guint)MAX(lat(b, m)->n_tiles, 0);
	l3(b, m, part, words, f, *n_tiles);
	return f;
}

/* PEs where data moving along dir enters (sign -1) or leaves (+1) the
 * grid, in order. */
static GArray *edge_pes(const Build *b, const gint64 *dir, gint64 sign)
{
	GArray *a = g_array_new(FALSE, FALSE, sizeof(gint64));

	for (gint64 k = 0; k < b->n_pe; k++) {
		gint64 c[3];

		pe_coords(b->d->grid, k, c);
		if (pe_at(b->d->grid, c, dir, sign) < 0)
			g_array_append_val(a, k);
	}
	return a;
}

/* The dummy reading what the line's last PE passes on. */
static void dummy_in(
	Build *b, const SyModule *m, gint64 idx, gint64 pe, const Tiles *t)
{
	const SyLatencyModule *lm = lat(b, m);
	g_autofree char *name = instance(m, idx);
	g_autofree char *pname = pe_name(b, pe);
	guint f = fifo(b, b->d->pe, pname, m, name);
	guint p = sy_sim_add_process(b->sim, name, m->name);
	gint64 words = 0;

	for (guint j = 0; j < t->n; j++)
		words += t->words[j];
	sy_sim_add_step(b->sim, p, words, MAX(lm->compute_ii, 1),
		b->in->depth[lm->compute_at], 0, 0);
	sy_sim_step_flow(b->sim, p, f, FALSE, words);
	pe_flow(b, pe, f, TRUE, t);
}

/* The PE-to-PE links of a line from its first PE along dir, each
 * carrying t's words; the last PE's words go to a dummy (inputs
 * without a way out) where the path has one. */
static void line(Build *b, const SyIoPath *p, gint64 first, gint64 u,
	const Tiles *t, gboolean links)
{
	const SyModule *dummy = family(b, p, 0, FALSE, SY_MODULE_DUMMY);
	gint64 c[3], at = first, next;

	if (dummy && !g_str_has_suffix(dummy->name, "_dummy_in"))
		dummy = NULL;
	for (;; at = next) {
		g_autofree char *a = pe_name(b, at), *z = NULL;
		guint f;

		pe_coords(b->d->grid, at, c);
		next = pe_at(b->d->grid, c, p->direction, 1);
		if (next < 0 || !links)
			break;
		z = pe_name(b, next);
		f = fifo(b, b->d->pe, a, b->d->pe, z);
		pe_flow(b, at, f, TRUE, t);
		pe_flow(b, next, f, FALSE, t);
	}
	if (p->in && dummy && links)
		dummy_in(b, dummy, u, at, t);
}

static gboolean has_partner(const Build *b, const SyIoPath *p)
{
	for (guint k = 0; k < b->d->io->paths->len; k++) {
		const SyIoPathFacts *o = g_ptr_array_index(b->d->io->paths, k);
		const SyIoPath *q = o->path;

		if (q != p && q->plain_array == p->plain_array &&
			q->in != p->in && q->exterior == p->exterior &&
			!memcmp(q->direction, p->direction,
				p->n_space * sizeof(gint64)))
			return TRUE;
	}
	return FALSE;
}

/* Data carried PE to PE: a buffered L2 module per line, at the PE it
 * enters by (inputs) or leaves by (results). */
static void exterior(Build *b, const SyIoPathFacts *f)
{
	const SyIoPath *p = f->path;
	g_autoptr(GArray) entries = edge_pes(b, p->direction, -1);
	g_autoptr(GArray) exits = edge_pes(b, p->direction, 1);
	GArray *ends = p->in ? entries : exits;
	gint64 ports = sy_io_path_ports(p), n = ends->len / ports;
	gboolean partner = has_partner(b, p);
	guint n_tiles;

	for (gint64 part = 0; part < ports; part++) {
		const gint64 *pes = &g_array_index(ends, gint64, part * n);
		gint64 idx;
		const SyModule *first = unit_family(b, p, 2, part, 0, n, &idx);
		guint up = l3_of(
			b, p, part, n * f->box_words, first, idx, &n_tiles);

		buffered_chain(b, p, 2, part, n, f->box_words, up, pes);
	}
	/* The lines: inputs from their entries on (the links are the
	 * way in's where results come back), results up to their exits.
	 * Line u runs from entries[u] to exits[u], both in the PEs'
	 * order (a direction along one space loop), and carries what unit
	 * u of the chain moves. */
	for (guint u = 0; u < entries->len; u++) {
		gint64 e = g_array_index(entries, gint64, u);
		gint64 idx;
		const SyModule *m = unit_family(b, p, 2, u / n, u % n, n, &idx);

		line(b, p, e, u, tiles_of(b, m), p->in || !partner);
	}
}

/* Every PE its own data: an L2 module per chain passing words to an L1
 * chain, a buffered L1 module per PE. */
static void interior(Build *b, const SyIoPathFacts *f)
{
	const SyIoPath *p = f->path;
	const SyDesignGrid *g = b->d->grid;
	gint64 length = g->pe[p->chain], chains = b->n_pe / length;
	gint64 ports = sy_io_path_ports(p), n = chains / ports;
	g_autofree gint64 *pes = g_new0(gint64, length + 1);
	guint n_tiles = 0, above = 0;

	for (gint64 chain = 0; chain < chains; chain++) {
		gint64 part = chain / n, u = chain % n, idx, next_idx, k = 0;
		const SyModule *m = unit_family(b, p, 2, part, u, n, &idx);
		const SyModule *next = u + 1 < n
			? unit_family(b, p, 2, part, u + 1, n, &next_idx)
			: NULL;
		g_autofree char *name = instance(m, idx);
		g_autofree char *nname = next ? instance(next, next_idx) : NULL;
		const SyModule *l1 = unit_family(
			b, p, 1, chain, 0, length, &next_idx);
		g_autofree char *l1name = instance(l1, next_idx);
		int down = -1;
		guint into;

		if (!u)
			above = l3_of(b, p, part, n * length * f->box_words, m,
				idx, &n_tiles);
		if (next)
			down = (int)(p->in ? fifo(b, m, name, next, nname)
					   : fifo(b, next, nname, m, name));
		into = p->in ? fifo(b, m, name, l1, l1name)
			     : fifo(b, l1, l1name, m, name);
		pass(b, m, idx, u, n, length * f->box_words, above, down, into,
			n_tiles);
		above = (guint)down;
		/* The chain's PEs: along p->chain, the others the chain's
		 * coordinates in order. */
		for (gint64 pe = 0; pe < b->n_pe; pe++) {
			gint64 c[3], rest = 0;

			pe_coords(g, pe, c);
			for (guint d = 0; d < g->n_space; d++)
				if (d != p->chain)
					rest = rest * g->pe[d] + c[d];
			if (rest == chain)
				pes[k++] = pe;
		}
		buffered_chain(b, p, 1, chain, length, f->box_words, into, pes);
	}
}

/* Which of a path's tiles PE tile t of n moves: the path's tile under
 * it, in its first PE tile (inputs) or its last (results); -1 for
 * none. */
static int path_tile(gint64 t, gint64 n, guint n_path, gboolean write)
{
	gint64 j = t * n_path / n;
	gint64 other = write ? (t + 1) * n_path / n : (t - 1) * n_path / n;

	if ((write && (t == n - 1 || other != j)) ||
		(!write && (t == 0 || other != j)))
		return (int)j;
	return -1;
}

/* The PE: its iterations spread over the most tiles any path has, each
 * FIFO's words in the PE tiles that move them. */
static void pe(Build *b, gint64 idx)
{
	const SyLatencyModule *lm = lat(b, b->d->pe);
	g_autofree char *name = pe_name(b, idx);
	guint p = sy_sim_add_process(b->sim, name, b->d->pe->name);
	guint ii = MAX(lm->compute_ii, 1);
	gint64 iters = b->in->issue[lm->compute_at] / ii;
	gint64 depth = b->in->depth[lm->compute_at];
	gint64 n = 1;
	GArray *flows = b->pe[idx];

	for (guint k = 0; k < flows->len; k++)
		n = MAX(n, g_array_index(flows, PeFlow, k).tiles->n);
	for (gint64 t = 0; t < n; t++) {
		sy_sim_add_step(b->sim, p, (t + 1) * iters / n - t * iters / n,
			ii, (guint)((t + 1) * depth / n - t * depth / n), 0, 0);
		for (guint k = 0; k < flows->len; k++) {
			const PeFlow *f = &g_array_index(flows, PeFlow, k);
			int j = path_tile(t, n, f->tiles->n, f->write);

			if (j >= 0)
				sy_sim_step_flow(b->sim, p, f->fifo, f->write,
					f->tiles->words[j]);
		}
	}
}

/* Every FIFO written as often as read: otherwise the builder, not
 * the design, would make a deadlock. */
static gboolean balanced(const SySim *sim, GError **error)
{
	guint n = sy_sim_n_fifos(sim);
	g_autofree gint64 *w = g_new0(gint64, n + 1);
	g_autofree gint64 *r = g_new0(gint64, n + 1);

	sy_sim_fifo_totals(sim, w, r);
	for (guint k = 0; k < n; k++) {
		const SySimFifo *f = g_ptr_array_index(sim->fifos, k);

		if (w[k] == r[k])
			continue;
		g_set_error(error, SY_SIM_ERROR, SY_SIM_ERROR_INVALID,
			"simulate: FIFO %s is written %" G_GINT64_FORMAT
			" words and read %" G_GINT64_FORMAT
			": the simulator cannot model this design's I/O",
			f->name, w[k], r[k]);
		return FALSE;
	}
	return TRUE;
}

/* The iterations the design's modules run, from the model's counts
 * before any process is built (a design too large to simulate is
 * refused before it takes the memory). */
static double events_of(const SyDesign *design, const SyLatencyInputs *in)
{
	double n = 0;

	for (guint k = 0; k < in->n_modules; k++) {
		const SyModule *m = g_ptr_array_index(design->modules, k);
		const SyLatencyModule *lm = &in->modules[k];
		double per = (double)lm->n_tiles * (double)lm->load_iters;

		for (gsize j = 0; j < lm->compute_runs; j++) {
			gsize e = lm->compute_at + j;

			per += (double)in->times[e] * (double)in->issue[e] /
				MAX(lm->compute_ii, 1);
		}
		n += (double)m->count * per;
	}
	return n;
}

SySim *sy_sim_design_build(const SyDesign *design, const SyModelTarget *target,
	gint64 max_events, GError **error)
{
	Build b = {design, target, NULL, NULL, NULL, NULL, 0};
	gint64 limit = max_events > 0 ? max_events : SY_SIM_MAX_EVENTS;
	SySim *sim;
	double events;

	if (!design->grid || !design->io || !design->pe) {
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"simulate: the design has no modules' code yet");
		return NULL;
	}
	/* The model's closed forms count the events without walking the
	 * tiles one by one, which only a design within the limit pays. */
	b.in = sy_latency_inputs_new(design, error);
	if (!b.in)
		return NULL;
	events = events_of(design, b.in);
	sy_latency_inputs_free(b.in);
	if (events > (double)limit) {
		g_set_error(error, SY_SIM_ERROR, SY_SIM_ERROR_LIMIT,
			"simulate: the design takes about %.0f events, over "
			"the limit of %" G_GINT64_FORMAT
			"; simulate smaller sizes (fewer tiles or a smaller "
			"problem)",
			events, limit);
		return NULL;
	}
	b.in = sy_latency_inputs_new_by_tile(design, error);
	if (!b.in)
		return NULL;
	b.sim = sy_sim_new();
	b.tiles = g_hash_table_new_full(NULL, NULL, NULL, tiles_free);
	b.n_pe = design->grid->count;
	b.pe = g_new0(GArray *, b.n_pe + 1);
	for (gint64 k = 0; k < b.n_pe; k++)
		b.pe[k] = g_array_new(FALSE, FALSE, sizeof(PeFlow));
	for (guint k = 0; k < design->io->paths->len; k++) {
		const SyIoPathFacts *f = g_ptr_array_index(
			design->io->paths, k);

		/* Temporaries passed PE to PE move no data through
		 * modules: the PE's timing has them. */
		if (f->path->role == SY_PATH_PASS)
			continue;
		if (f->path->exterior)
			exterior(&b, f);
		else
			interior(&b, f);
	}
	for (gint64 k = 0; k < b.n_pe; k++)
		pe(&b, k);
	sim = b.sim;
	for (gint64 k = 0; k < b.n_pe; k++)
		g_array_unref(b.pe[k]);
	g_free(b.pe);
	g_hash_table_unref(b.tiles);
	sy_latency_inputs_free(b.in);
	if (!balanced(sim, error)) {
		sy_sim_free(sim);
		return NULL;
	}
	return sim;
}

SySimResult *sy_sim_design_run(const SyDesign *design,
	const SyModelTarget *target, const SySimRunOptions *options,
	GError **error)
{
	g_autoptr(SySim) sim = sy_sim_design_build(
		design, target, options ? options->max_events : 0, error);

	return sim ? sy_sim_run(sim, options, error) : NULL;
}

char *sy_sim_design_summary(const SyDesign *design, const SyDevice *device,
	GCancellable *cancellable)
{
	SyModelTarget target;
	SySimRunOptions ro = {SY_SIM_EXPORT_EVENTS, cancellable, NULL, NULL};
	g_autoptr(SySimResult) r = NULL;
	g_autofree char *why = NULL;

	sy_model_target(design, device, 0, &target);
	r = sy_sim_design_run(design, &target, &ro, NULL);
	if (!r)
		return NULL;
	why = sy_sim_result_describe_deadlock(r);
	if (why)
		return g_strdup_printf("simulated: %s", why);
	return g_strdup_printf("simulated: %" G_GINT64_FORMAT
			       " cycles, no deadlock",
		r->cycles);
}
