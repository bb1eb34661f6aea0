#include <string.h>

#include "model/fit.h"

/* What the user has of each resource in one SLR, in SyResourceKind
 * order. */
static SyResources slr_available(const SyDeviceSlr *s)
{
	SyResources r = {{0}};

	r.v[SY_RESOURCE_DSP] = (double)s->dsp;
	r.v[SY_RESOURCE_BRAM18K] = (double)s->bram18k;
	r.v[SY_RESOURCE_URAM] = (double)s->uram;
	r.v[SY_RESOURCE_LUT] = (double)s->lut;
	r.v[SY_RESOURCE_FF] = (double)s->ff;
	return r;
}

void sy_device_budget(
	const SyDevice *device, const double *fractions, SyResources *out)
{
	memset(out, 0, sizeof(*out));
	for (guint k = 0; k < device->n_slrs; k++) {
		SyResources a = slr_available(&device->slrs[k]);

		sy_resources_add(out, &a);
	}
	for (int r = 0; r < SY_N_RESOURCES; r++)
		out->v[r] *= fractions ? fractions[r] : SY_DEVICE_BUDGET;
}

/* Whether SLRs 0 .. n-1 hold used spread evenly over them, each within
 * its budget. */
static gboolean slrs_hold(const SyDevice *device, guint n,
	const SyResources *used, double fraction)
{
	for (guint k = 0; k < n; k++) {
		SyResources a = slr_available(&device->slrs[k]);

		for (int r = 0; r < SY_N_RESOURCES; r++)
			if (used->v[r] / n > a.v[r] * fraction)
				return FALSE;
	}
	return TRUE;
}

static void fit_slrs(
	SyEstimate *e, const SyDevice *device, double budget_fraction)
{
	guint n = 1;

	while (n < device->n_slrs &&
		!slrs_hold(device, n, &e->total, budget_fraction))
		n++;
	e->n_slrs = n;
	e->slr = g_new0(SyResources, n);
	e->slr_available = g_new0(SyResources, n);
	e->slr_budget = g_new0(SyResources, n);
	for (guint k = 0; k < n; k++) {
		e->slr_available[k] = slr_available(&device->slrs[k]);
		for (int r = 0; r < SY_N_RESOURCES; r++) {
			e->slr[k].v[r] = e->total.v[r] / n;
			e->slr_budget[k].v[r] = e->slr_available[k].v[r] *
				budget_fraction;
		}
	}
}

void sy_estimate_fit(
	SyEstimate *e, const SyDevice *device, double budget_fraction)
{
	double whole[SY_N_RESOURCES]; /* all of each: what is available */
	SyResources available;

	g_return_if_fail(e && device && device->n_slrs > 0);
	g_return_if_fail(budget_fraction > 0 && budget_fraction <= 1);
	g_free(e->device);
	e->device = g_strdup(device->name);
	for (int r = 0; r < SY_N_RESOURCES; r++)
		whole[r] = 1;
	sy_device_budget(device, whole, &available);
	for (int r = 0; r < SY_N_RESOURCES; r++) {
		SyResourceFit *f = &e->fit[r];

		f->used = e->total.v[r];
		f->available = available.v[r];
		f->budget = available.v[r] * budget_fraction;
		f->over = f->used > f->budget;
	}
	g_free(e->slr);
	g_free(e->slr_available);
	g_free(e->slr_budget);
	fit_slrs(e, device, budget_fraction);
	e->device_gbps = device->banks * device->channel_gbps;
}
