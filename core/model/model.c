/* The models together (model/model.h). */
#include <string.h>

#include "model/fit.h"
#include "model/latency.h"
#include "model/model.h"
#include "model/odyssey-design.h"
#include "model/resources.h"

G_DEFINE_QUARK(sy-model-error-quark, sy_model_error)

/* What the latency model needs of the device: its clock (or the one
 * asked for) and its memory. */
static void target_of(const SyDevice *device, double mhz, SyModelTarget *t)
{
	memset(t, 0, sizeof(*t));
	t->mhz = mhz > 0 ? mhz : device->clock_mhz;
	t->port_bits = device->channel_bits;
	t->port_gbps = device->channel_gbps;
	t->n_channels = device->banks;
	t->burst_cycles = SY_MODEL_BURST_CYCLES;
}

/* --hbm: ports beyond the device's channels share them, bound round
 * robin as connectivity.cfg binds them; each port gets what its
 * busiest channel gives each of its ports.  Designs on one port a path
 * keep a channel each, as before. */
static void share_channels(const SyDesign *design, SyModelTarget *t)
{
	guint ports = 0, per;
	gboolean split = FALSE;

	for (guint i = 0; i < design->dram->len; i++) {
		const SyDramPort *p = g_ptr_array_index(design->dram, i);

		ports += MAX(p->ports, 1);
		split = split || p->ports > 1;
	}
	if (!split || !t->n_channels || ports <= t->n_channels)
		return;
	per = (ports + t->n_channels - 1) / t->n_channels;
	t->port_gbps /= per;
}

void sy_model_target(const SyDesign *design, const SyDevice *device, double mhz,
	SyModelTarget *target)
{
	target_of(device, mhz, target);
	share_channels(design, target);
}

static gboolean estimate_systole(const SyDesign *design,
	const SyDevice *device, const SyEstimateOptions *o, SyEstimate *e,
	GError **error)
{
	SyResourceOptions ro;
	SyModelTarget t;

	sy_resource_options_init(&ro);
	ro.int8_packing = o->int8_packing;
	target_of(device, o->mhz, &t);
	share_channels(design, &t);
	/* Resources first: the latency model's DSP efficiency reads the
	 * DSP total. */
	return sy_resources_estimate(design, &ro, e, error) &&
	       sy_latency_estimate(design, &t, e, error);
}

/* Odyssey counts at 300 MHz; at another clock the same cycles take
 * another time. */
static void at_clock(SyEstimate *e, double mhz)
{
	e->mhz = mhz;
	e->seconds = e->cycles / (mhz * 1e6);
	e->gops = e->seconds > 0 ? e->ops / e->seconds / 1e9 : 0;
	e->bandwidth_gbps =
		e->seconds > 0 ? e->offchip_bytes / e->seconds / 1e9 : 0;
}

SyEstimate *sy_design_estimate(const SyDesign *design,
	const SyDevice *device, const SyEstimateOptions *options,
	GError **error)
{
	SyEstimateOptions o = {0};
	SyEstimate *e = sy_estimate_new();
	gboolean ok;

	if (options)
		o = *options;
	if (!o.model || !strcmp(o.model, "systole")) {
		ok = estimate_systole(design, device, &o, e, error);
	} else if (!strcmp(o.model, "odyssey")) {
		ok = sy_odyssey_design_estimate(design, e, error);
		if (ok && o.mhz > 0)
			at_clock(e, o.mhz);
	} else {
		g_set_error(error, SY_MODEL_ERROR, 0,
			"no model '%s': the models are systole (the default) "
			"and odyssey",
			o.model);
		ok = FALSE;
	}
	if (!ok) {
		sy_estimate_free(e);
		return NULL;
	}
	sy_estimate_fit(e, device, o.budget_fraction > 0 ? o.budget_fraction
							 : 1.0);
	return e;
}
