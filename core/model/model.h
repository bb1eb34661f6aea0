/* The models together: a design's estimate on a device, by the model
 * asked for (Systole's own: latency.h, resources.h; or Odyssey's:
 * odyssey.h), fitted against the device (fit.h). */
#pragma once

#include "base/own.h"
#include "comm/design.h"
#include "model/device.h"
#include "model/estimate.h"
#include "model/latency.h"

G_BEGIN_DECLS

#define SY_MODEL_ERROR (sy_model_error_quark())
GQuark sy_model_error_quark(void);

/* The start-up cost of a DRAM burst, cycles: Odyssey's (20 per burst
 * row, odyssey.md §3.1), which its model matched to U250 boards within
 * about 1 % (§6.4). */
#define SY_MODEL_BURST_CYCLES 20

typedef struct {
	const char *model; /* "systole" (NULL too) or "odyssey" */
	double mhz; /* 0: the device's clock */
	double budget_fraction; /* 0: 1.0, all the device leaves the user */
	gboolean int8_packing; /* 0.5 DSP per int8 MAC */
} SyEstimateOptions;

/* The estimate of a design on a device; options may be NULL.  The
 * design must be complete (sy_design_complete, comm/kernel-facts.h, or
 * read from design.json): the models read its modules' code.  Fails
 * on a model name it does not know, or where a model cannot read the
 * design (the error says why). */
__isl_give SyEstimate *sy_design_estimate(__isl_keep const SyDesign *design,
	__isl_keep const SyDevice *device,
	__isl_keep const SyEstimateOptions *options, GError **error);

/* The clock and memory the latency model times a design with on a
 * device (mhz 0: the device's clock; --hbm ports sharing channels),
 * for the simulator (sim/sim-design.h) to time DRAM as the model
 * does. */
void sy_model_target(__isl_keep const SyDesign *design,
	__isl_keep const SyDevice *device, double mhz,
	__isl_keep SyModelTarget *target);

G_END_DECLS
