/* The I/O chains of Odyssey's designs (model/odyssey-private.h):
 * Odyssey's rules for feeders, transfers, drains and collectors. */

#include "model/odyssey-private.h"

/* The tile loops an array's modules iterate over (outer) and those its
 * feeder reuses a tile over (reuse). */
static void array_loops(const SyOdyTiles *t, guint deps, gboolean reusing,
	double *outer, double *reuse)
{
	int last = t->n_loops - 1;

	if (reusing)
		while (last > 0 && !(deps & (1u << t->loops[last])))
			last--;
	*outer = 1;
	*reuse = 1;
	for (int l = 0; l < t->n_loops; l++) {
		if (l <= last)
			*outer *= t->n[t->loops[l]];
		else
			*reuse *= t->n[t->loops[l]];
	}
}

static double burst(const SyOdyTiles *t, const SyOdyLevel *l)
{
	double dp = t->pack[l->pack];

	if (l->dram)
		return sy_ody_dram(l->size, l->last, dp, t->serialized);
	return sy_ody_onchip(l->size, dp);
}

static SyOdysseyModule *level_module(SyOdysseyResult *r,
	const SyOdyLevel *l, int dir, double count)
{
	char name[32];

	g_snprintf(name, sizeof(name), "%s_%s", l->name, dir ? "in" : "out");
	return sy_ody_module(r, name, dir, count);
}

/* The levels after the first: one burst after the other, per tile. */
static void transfers(const SyOdyTiles *t, SyOdysseyResult *r,
	const SyOdyLevel *chain, int n_levels, int dir, double outer)
{
	for (int i = 1; i < n_levels; i++) {
		const SyOdyLevel *l = &chain[i];
		SyOdysseyModule *mod = level_module(r, l, dir, 1);

		mod->single = l->n * burst(t, l);
		mod->cycles = outer * l->n * burst(t, l);
		if (l->dram)
			mod->offchip = outer * l->n * l->size;
	}
}

/* A double-buffered feeder: loading the next tile overlaps feeding the
 * PEs this one (intra cycles), plus one cycle per tile. */
static void feeder(const SyOdyTiles *t, SyOdysseyResult *r,
	const SyOdyLevel *chain, int n_levels, int dir, double outer,
	double intra)
{
	const SyOdyLevel *l = &chain[0];
	SyOdysseyModule *mod = level_module(r, l, dir, l->count);
	double inter = l->n * burst(t, l);

	mod->single = inter + 1;
	mod->cycles = outer * (MAX(inter, intra) + 1);
	mod->bram18k = sy_ody_bram(l->size, t->pack[l->pack]) * 2 * l->count;
	if (l->dram) /* Odyssey counts the feed loop as accesses too */
		mod->offchip = outer * ((l->size + intra) + 1);
	transfers(t, r, chain, n_levels, dir, outer);
}

/* A single-buffered drain next to the PEs: it takes a PE's results,
 * then sends them on. */
static void drain(const SyOdyTiles *t, SyOdysseyResult *r,
	const SyOdyLevel *chain, int n_levels, double outer, double intra)
{
	const SyOdyLevel *l = &chain[0];
	SyOdysseyModule *mod = level_module(r, l, 0, l->count);
	double inter = l->n * burst(t, l);

	mod->single = inter;
	mod->cycles = outer * (inter + intra);
	mod->bram18k = sy_ody_bram(l->size, t->pack[l->pack]) * l->count;
	transfers(t, r, chain, n_levels, 0, outer);
}

/* A double-buffered buffer collecting the output over all reduction
 * tiles; its one-tile epilogue is 1. */
static void collector(const SyOdyTiles *t, SyOdysseyResult *r,
	const SyOdyLevel *chain, int n_levels, double outer, double intra)
{
	const SyOdyLevel *l = &chain[0];
	SyOdysseyModule *mod = level_module(r, l, 0, l->count);
	double inter = l->n * burst(t, l);

	mod->single = 1;
	mod->cycles = outer * (MAX(inter, intra) + 1);
	mod->bram18k = sy_ody_bram(l->size, t->pack[l->pack]) * 2 * l->count;
	if (l->dram)
		mod->offchip = outer * ((l->size + intra) + 1);
	transfers(t, r, chain, n_levels, 0, outer);
}

void sy_ody_input(const SyOdyTiles *t, SyOdysseyResult *r,
	const SyOdyLevel *chain, int n_levels, guint deps, gboolean reusing,
	double tau)
{
	double outer, reuse;

	array_loops(t, deps, reusing, &outer, &reuse);
	feeder(t, r, chain, n_levels, 1, outer, reuse * tau);
}

static gboolean reduction_innermost(const SyOdyTiles *t)
{
	return t->loops[t->n_loops - 1] == t->reduction;
}

/* One read-back per output tile, as Odyssey counts it: the output's
 * modules iterate over every tile loop but the reduction. */
void sy_ody_output(const SyOdyTiles *t, SyOdysseyResult *r,
	const SyOdyLevel *chain, int n_levels, gboolean accumulating,
	double tau_c)
{
	double outer = 1;

	for (int l = 0; l < t->n_loops; l++)
		if (t->loops[l] != t->reduction)
			outer *= t->n[t->loops[l]];
	if (!reduction_innermost(t)) {
		feeder(t, r, chain, n_levels, 1, outer, tau_c);
		feeder(t, r, chain, n_levels, 0, outer, tau_c);
	} else if (accumulating) {
		drain(t, r, chain, n_levels, outer, tau_c);
	} else {
		collector(t, r, chain, n_levels, outer,
			t->n[t->reduction] * tau_c);
	}
}

void sy_ody_pe(const SyOdyTiles *t, SyOdysseyResult *r, double count,
	double tau, double memory, gboolean accumulating)
{
	SyOdysseyModule *mod = sy_ody_module(r, "PE", -1, count);
	double outer = 1;

	for (int l = 0; l < t->n_loops; l++)
		outer *= t->n[t->loops[l]];
	if (accumulating && !reduction_innermost(t))
		mod->cycles = outer * (1 + tau + 1);
	else
		mod->cycles = outer * tau;
	if (memory > 0)
		mod->bram18k = sy_ody_bram(memory, 1) * count;
}
