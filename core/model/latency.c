/* The latency model's evaluation (pure arithmetic on SyLatencyInputs)
 * and the estimate it fills. */
#include "model/latency.h"

/* A part: N iterations in E pipelines at II, each of depth D. */
static SyReal part(SyTape *t, SyNum iters, SyNum entries, SyNum ii, SyNum depth)
{
	return sy_real_add(t,
		sy_real_mul(t, sy_real_of(t, iters), sy_real_of(t, ii)),
		sy_real_mul(t, sy_real_of(t, entries), sy_real_of(t, depth)));
}

/* A tile's burst of bits through the DRAM port: whole 512-bit beats
 * (port_bits) at what one channel gives per cycle (at most a beat),
 * after the burst's start-up.  The loop issues a word per cycle at
 * best, so the load is the slower of the two. */
static SyReal load(SyTape *t, const SyLatencyModule *m, const SyModelTarget *tg)
{
	SyReal cycles = part(t, sy_num_i64(t, &m->load_iters),
		sy_num_i64(t, &m->load_entries), sy_num_u32(t, &m->load_ii),
		sy_num_u32(t, &m->load_depth));
	SyNum bits = sy_num_i64(t, &m->dram_bits);
	SyReal beats;
	double per_cycle;

	if (!sy_num_holds(t, bits))
		return cycles;
	beats = sy_real_of(t,
		sy_num_div(t, sy_num_add(t, bits, sy_num(tg->port_bits - 1)),
			sy_num(tg->port_bits)));
	per_cycle = tg->port_gbps * 1e9 * 8 / tg->port_bits / (tg->mhz * 1e6);
	if (per_cycle > 1)
		per_cycle = 1;
	return sy_real_add(t,
		sy_real_max(
			t, cycles, sy_real_div(t, beats, sy_real(per_cycle))),
		sy_real((double)tg->burst_cycles));
}

/* Entry j of m's compute part: one tile's cycles, and how many
 * consecutive tiles take them. */
static SyReal compute(
	SyTape *t, const SyLatencyInputs *in, const SyLatencyModule *m, gsize j)
{
	gsize at = m->compute_at + j;

	return sy_real_add(t, sy_real_of(t, sy_num_i64(t, &in->issue[at])),
		sy_real_of(t, sy_num_i64(t, &in->depth[at])));
}

/* Those tiles, less one where first (the tile outside the loop). */
static SyReal times(SyTape *t, const SyLatencyInputs *in,
	const SyLatencyModule *m, gsize j, gboolean first)
{
	return sy_real_of(t,
		sy_num_sub(t, sy_num_i64(t, &in->times[m->compute_at + j]),
			sy_num(first)));
}

/* cycles + n x c */
static SyReal add_times(SyTape *t, SyReal cycles, SyReal n, SyReal c)
{
	return sy_real_add(t, cycles, sy_real_mul(t, n, c));
}

/* A buffered module's tiles (hls-io.c's main loop): inputs load tile t
 * while the PEs take tile t - 1, and serve the last after the loop;
 * outputs collect tile t while tile t - 1 leaves, and send the last
 * after the loop.  Single buffers do one, then the other.  Tiles of
 * equal counts are taken together (a multiple: no loop over tiles). */
static SyReal buffered(SyTape *t, const SyLatencyInputs *in,
	const SyLatencyModule *m, SyReal a)
{
	SyReal cycles = sy_real(0);
	gsize last = m->compute_runs - 1;

	if (!sy_num_holds(t, sy_num_i64(t, &m->n_tiles)) || !m->compute_runs)
		return sy_real(0);
	if (!m->ping_pong) {
		for (gsize j = 0; j <= last; j++)
			cycles = add_times(t, cycles, times(t, in, m, j, FALSE),
				sy_real_add(t, a, compute(t, in, m, j)));
		return cycles;
	}
	if (m->in) {
		/* MAX(a, tile t) for tiles 0 .. n - 2, after a. */
		cycles = a;
		for (gsize j = 0; j <= last; j++)
			cycles = add_times(t, cycles,
				times(t, in, m, j, j == last),
				sy_real_max(t, a, compute(t, in, m, j)));
		return sy_real_add(t, cycles, compute(t, in, m, last));
	}
	/* MAX(a, tile t) for tiles 1 .. n - 1, after tile 0. */
	cycles = compute(t, in, m, 0);
	for (gsize j = 0; j <= last; j++)
		cycles = add_times(t, cycles, times(t, in, m, j, j == 0),
			sy_real_max(t, a, compute(t, in, m, j)));
	return sy_real_add(t, cycles, a);
}

static void eval_module(SyTape *t, const SyLatencyInputs *in, guint k,
	const SyModelTarget *target, SyReal *cycles, SyReal *first,
	SyReal *last)
{
	const SyLatencyModule *m = &in->modules[k];
	SyReal a = load(t, m, target);

	*first = m->in ? a : sy_real(0);
	*last = m->out ? a : sy_real(0);
	if (m->buffered)
		*cycles = buffered(t, in, m, a);
	else if (sy_num_holds(t, sy_num_i64(t, &m->load_iters)))
		*cycles = sy_real_mul(
			t, sy_real_of(t, sy_num_i64(t, &m->n_tiles)), a);
	else
		*cycles = compute(t, in, m, 0);
}

void sy_latency_eval_module(const SyLatencyInputs *in, guint k,
	const SyModelTarget *target, double *cycles, double *first,
	double *last)
{
	SyReal c, f, l;

	eval_module(NULL, in, k, target, &c, &f, &l);
	*cycles = c.v;
	*first = f.v;
	*last = l.v;
}

SyReal sy_latency_eval_num(const SyLatencyInputs *in,
	const SyModelTarget *target, SyTape *t, SyReal *prologue,
	SyReal *steady, SyReal *epilogue, int *bottleneck)
{
	SyReal launches;

	*prologue = *steady = *epilogue = sy_real(0);
	*bottleneck = -1;
	for (guint k = 0; k < in->n_modules; k++) {
		SyReal cycles, first, last;

		eval_module(t, in, k, target, &cycles, &first, &last);
		/* MAX(x, 0) is x for the x >= 0 these are (not NaN: a
		 * target of 0 MHz and 0 GB/s would give one). */
		if (in->modules[k].in)
			*prologue = sy_real_max(t, *prologue, first);
		if (in->modules[k].out)
			*epilogue = sy_real_max(t, *epilogue, last);
		/* The slowest, the first of equals; a replay computes
		 * the steady state without deciding which it is (the
		 * bottleneck is the recorded sizes'). */
		if (*bottleneck < 0 || steady->v < cycles.v)
			*bottleneck = (int)k;
		*steady = k ? sy_real_max(t, cycles, *steady) : cycles;
	}
	/* Each of the host's launches fills and drains the array (x 1
	 * is exact: no decision for a replay to check). */
	launches = sy_real_of(t, sy_num_i64(t, &in->launches));
	*prologue = sy_real_mul(t, launches, *prologue);
	*epilogue = sy_real_mul(t, launches, *epilogue);
	return sy_real_add(t, sy_real_add(t, *prologue, *steady), *epilogue);
}

double sy_latency_eval(const SyLatencyInputs *in, const SyModelTarget *target,
	double *prologue, double *steady, double *epilogue, int *bottleneck)
{
	SyReal p, s, e;
	SyReal cycles = sy_latency_eval_num(
		in, target, NULL, &p, &s, &e, bottleneck);

	*prologue = p.v;
	*steady = s.v;
	*epilogue = e.v;
	return cycles.v;
}

static gboolean same_module(const SyLatencyModule *a, const SyLatencyModule *b)
{
	return a->in == b->in && a->out == b->out &&
		a->buffered == b->buffered && a->ping_pong == b->ping_pong &&
		a->n_tiles == b->n_tiles && a->load_iters == b->load_iters &&
		a->load_entries == b->load_entries &&
		a->load_ii == b->load_ii && a->load_depth == b->load_depth &&
		a->dram_bits == b->dram_bits &&
		a->compute_runs == b->compute_runs &&
		a->compute_ii == b->compute_ii &&
		a->compute_depth == b->compute_depth;
}

static gboolean same_counts(const SyLatencyInputs *a, const SyLatencyModule *ma,
	const SyLatencyInputs *b, const SyLatencyModule *mb)
{
	for (gsize j = 0; j < ma->compute_runs; j++) {
		gsize x = ma->compute_at + j, y = mb->compute_at + j;

		if (a->issue[x] != b->issue[y] || a->depth[x] != b->depth[y] ||
			a->times[x] != b->times[y])
			return FALSE;
	}
	return TRUE;
}

gboolean sy_latency_inputs_same(
	const SyLatencyInputs *a, const SyLatencyInputs *b)
{
	if (a->n_modules != b->n_modules || a->ops != b->ops ||
		a->flops != b->flops || a->instances != b->instances ||
		a->slots != b->slots || a->dsp_per_mac != b->dsp_per_mac ||
		a->offchip_bytes != b->offchip_bytes ||
		a->launches != b->launches)
		return FALSE;
	for (guint k = 0; k < a->n_modules; k++)
		if (!same_module(&a->modules[k], &b->modules[k]) ||
			!same_counts(a, &a->modules[k], b, &b->modules[k]))
			return FALSE;
	return TRUE;
}

/* The families, created in the design's order where e has none. */
static gboolean families(const SyDesign *design, SyEstimate *e, GError **error)
{
	if (!e->modules->len)
		for (guint k = 0; k < design->modules->len; k++) {
			const SyModule *m = g_ptr_array_index(
				design->modules, k);

			sy_estimate_add_module(e, m->name, m->kind, m->count);
		}
	if (e->modules->len == design->modules->len)
		return TRUE;
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
		"latency: the estimate has %u module families, the design %u",
		e->modules->len, design->modules->len);
	return FALSE;
}

static void fill_modules(
	const SyLatencyInputs *in, const SyModelTarget *target, SyEstimate *e)
{
	for (guint k = 0; k < in->n_modules; k++) {
		const SyLatencyModule *m = &in->modules[k];
		SyModuleEstimate *me = g_ptr_array_index(e->modules, k);

		sy_latency_eval_module(
			in, k, target, &me->cycles, &me->first, &me->last);
		me->ii = m->compute_ii;
		me->depth = m->load_iters && !m->buffered ? m->load_depth
							  : m->compute_depth;
		g_free(me->ii_reason);
		me->ii_reason = g_strdup(m->ii_reason);
		me->share = e->steady > 0 ? me->cycles / e->steady : 0;
	}
}

gboolean sy_latency_estimate(const SyDesign *design,
	const SyModelTarget *target, SyEstimate *e, GError **error)
{
	g_autoptr(SyLatencyInputs) in = NULL;

	if (!families(design, e, error) ||
		!(in = sy_latency_inputs_new(design, error)))
		return FALSE;
	e->cycles = sy_latency_eval(in, target, &e->prologue, &e->steady,
		&e->epilogue, &e->bottleneck);
	fill_modules(in, target, e);
	e->launches = (double)in->launches;
	e->mhz = target->mhz;
	e->seconds = e->cycles / (target->mhz * 1e6);
	e->ops = in->ops;
	e->flops = in->flops;
	e->gops = e->seconds > 0 ? e->ops / e->seconds / 1e9 : 0;
	/* The PE lanes' slots in the steady state: every lane of every
	 * PE every cycle (an II over 1 idles them too). */
	e->pe_utilisation = 0;
	if (in->slots > 0 && e->steady > 0)
		e->pe_utilisation = in->instances / (in->slots * e->steady);
	/* Operations a cycle over what the DSPs give (a MAC, two
	 * operations, per lane's worth of DSPs), as Odyssey's
	 * ops / (DSP / 5 x 2) / cycles for fp32. */
	e->dsp_efficiency = 0;
	if (e->total.v[SY_RESOURCE_DSP] > 0 && e->cycles > 0)
		e->dsp_efficiency = e->ops / e->cycles /
			(2 * e->total.v[SY_RESOURCE_DSP] / in->dsp_per_mac);
	e->offchip_bytes = in->offchip_bytes;
	e->bandwidth_gbps = e->seconds > 0 ? e->offchip_bytes / e->seconds / 1e9
					   : 0;
	return TRUE;
}
