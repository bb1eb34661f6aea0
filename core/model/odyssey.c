/* Odyssey's rules common to its designs (model/odyssey-private.h). */
#include <math.h>
#include <string.h>

#include "model/odyssey-private.h"

/* Odyssey's fixed clock (SingleTask.fre). */
#define ODY_MHZ 300.0
/* DSPs per fp32 MAC lane: 3 for the multiplier, 2 for the adder. */
#define ODY_DSP_PER_LANE 5.0

G_DEFINE_QUARK(sy-odyssey-error-quark, sy_odyssey_error)

double sy_ody_onchip(double size, double dp)
{
	return size / dp;
}

double sy_ody_dram(double size, double last, double dp, gboolean serialized)
{
	if (serialized)
		return size / MIN(dp, SY_ODY_BEAT);
	return size / last * (SY_ODY_BURST + last / SY_ODY_BEAT);
}

/* Odyssey always takes the 512 x 36 aspect of a BRAM18K. */
double sy_ody_bram(double n, double p)
{
	return ceil(4 * 8 * p / 36) * ceil(n / p / 512);
}

gint64 sy_ody_infer(gint64 lb, gint64 ub)
{
	gint64 best = 0;

	ub = MAX(ub, lb);
	if (lb < 1)
		return 0;
	for (gint64 n = 1; n <= ub / lb; n++)
		if (ub % (n * lb) == 0)
			best = n * lb;
	return best;
}

gboolean sy_ody_pow2(gint64 x)
{
	return x >= 1 && (x & (x - 1)) == 0;
}

SyOdysseyModule *sy_ody_module(SyOdysseyResult *r, const char *name,
	int dir, double count)
{
	SyOdysseyModule *m;

	g_assert(r->n_modules < SY_ODYSSEY_MAX_MODULES);
	m = &r->modules[r->n_modules++];
	memset(m, 0, sizeof(*m));
	g_strlcpy(m->name, name, sizeof(m->name));
	m->dir = dir;
	m->count = count;
	return m;
}

void sy_ody_total(SyOdysseyResult *r)
{
	r->prologue = r->epilogue = r->main = 0;
	r->bram18k = r->offchip = 0;
	r->bottleneck = -1;
	for (guint i = 0; i < r->n_modules; i++) {
		const SyOdysseyModule *m = &r->modules[i];

		if (m->dir == 1)
			r->prologue = MAX(r->prologue, m->single);
		else if (m->dir == 0)
			r->epilogue = MAX(r->epilogue, m->single);
		if (r->bottleneck < 0 || m->cycles > r->main) {
			r->main = m->cycles;
			r->bottleneck = (int) i;
		}
		r->bram18k += m->bram18k;
		r->offchip += m->offchip;
	}
	r->cycles = r->prologue + r->main + r->epilogue;
}

static SyModuleKind module_kind(const SyOdysseyModule *m)
{
	if (m->dir < 0)
		return SY_MODULE_PE;
	return strstr(m->name, "drain") ? SY_MODULE_DRAIN : SY_MODULE_IO;
}

gboolean sy_ody_check_empty(const SyEstimate *e, GError **error)
{
	if (e->modules->len == 0)
		return TRUE;
	g_set_error(error, SY_ODYSSEY_ERROR, SY_ODYSSEY_ERROR_ESTIMATE,
		"the estimate already has module families");
	return FALSE;
}

void sy_ody_fill(const SyOdysseyResult *r, double ops, SyEstimate *e)
{
	g_free(e->model);
	e->model = g_strdup("odyssey");
	e->cycles = r->cycles;
	e->prologue = r->prologue;
	e->steady = r->main;
	e->epilogue = r->epilogue;
	e->mhz = ODY_MHZ;
	e->seconds = r->cycles / (ODY_MHZ * 1e6);
	e->ops = ops;
	e->flops = TRUE;
	e->gops = e->seconds > 0 ? ops / e->seconds / 1e9 : 0;
	e->dsp_efficiency = r->dsp > 0 && r->cycles > 0 ?
		ops / (r->dsp / ODY_DSP_PER_LANE * 2) / r->cycles : 0;
	e->offchip_bytes = r->offchip * 4;
	e->bandwidth_gbps = e->seconds > 0 ?
		e->offchip_bytes / e->seconds / 1e9 : 0;
	e->bottleneck = r->bottleneck;
	for (guint i = 0; i < r->n_modules; i++) {
		const SyOdysseyModule *m = &r->modules[i];
		SyModuleEstimate *me = sy_estimate_add_module(e, m->name,
			module_kind(m), (gint64) ceil(m->count));

		me->cycles = m->cycles;
		if (m->dir == 1)
			me->first = m->single;
		else if (m->dir == 0)
			me->last = m->single;
		me->share = r->main > 0 ? m->cycles / r->main : 0;
		me->resources.v[SY_RESOURCE_BRAM18K] = m->bram18k;
		if (m->dir < 0)
			me->resources.v[SY_RESOURCE_DSP] = r->dsp;
		sy_resources_add(&e->total, &me->resources);
	}
}
