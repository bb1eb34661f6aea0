/* An estimate against a device: how much of each resource the design
 * uses of what the platform's shell leaves to the user, and over how
 * many SLRs it spreads. */
#pragma once

#include "base/own.h"
#include "model/device.h"
#include "model/estimate.h"

G_BEGIN_DECLS

/* The fraction of each resource explore's designs may take unless told
 * otherwise: Odyssey keeps 70 % (odyssey.md). */
#define SY_DEVICE_BUDGET 0.7

/* What device's SLRs leave to the user, summed over them, times
 * fractions[r] of each resource r (SyResourceKind order; NULL:
 * SY_DEVICE_BUDGET of each): the one budget that explore's search, the
 * explorer and the tests count designs against. */
void sy_device_budget(__isl_keep const SyDevice *device,
	__isl_keep const double *fractions, __isl_keep SyResources *out);

/* Fills e->device, e->fit, e->n_slrs, e->slr, e->slr_available,
 * e->slr_budget and e->device_gbps from e->total (replacing what an
 * earlier call filled).
 *
 * Available is what the device's SLRs leave to the user, summed; the
 * budget is available x budget_fraction (0 < fraction <= 1; Odyssey
 * keeps 0.7); a resource is over when used > budget.
 *
 * The SLRs: the model does not floorplan.  It takes the fewest SLRs,
 * from SLR0 up, whose budgets hold the design with its totals spread
 * evenly over them, the way a floorplanner spreads the PE rows (and
 * each row's I/O modules with it) over the dies; a design no set
 * holds spans them all.  e->slr[k] is then e->total / e->n_slrs,
 * e->slr_available[k] what SLR k leaves to the user and
 * e->slr_budget[k] that x budget_fraction (sy_estimate_slr_fit puts
 * the three side by side).
 *
 * device_gbps: the channels times one channel's bandwidth.
 *
 * The device has at least one SLR (every profile does). */
void sy_estimate_fit(__isl_keep SyEstimate *e,
	__isl_keep const SyDevice *device, double budget_fraction);

G_END_DECLS
