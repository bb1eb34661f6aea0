/* An estimate (model/estimate.h) as systole-cli estimate prints it: one
 * JSON object (also design.json's "estimate") or readable tables (also
 * in an exported project's README), and the warnings of a design over
 * its device's budget.  Pure functions of the SyEstimate: the same
 * estimate gives the same bytes, whatever the locale.
 *
 * Numbers: counts (cycles, operations, bytes, resources) as the models
 * give them; ratios (seconds, GOP/s, efficiencies, bandwidths, shares,
 * percentages) to 6 significant digits in JSON and to a fixed number of
 * decimals in the tables. */
#pragma once

#include <json-glib/json-glib.h>

#include "base/own.h"
#include "model/estimate.h"

G_BEGIN_DECLS

/* Members (in this order): model, device, mhz, cycles, prologue,
 * steady, epilogue, seconds, ops, flops, gops, dsp_efficiency,
 * pe_utilisation, offchip_bytes, bandwidth_gbps, device_gbps,
 * bottleneck (a module family's name, or null), resources (the total:
 * dsp, bram18k, uram, lut, ff), fifos (the same for the FIFOs), modules
 * ({name, kind, count, cycles, first, last, ii, ii_reason, depth, share,
 * resources}), fit (null before sy_estimate_fit, else per resource
 * {used, available, budget, percent, over}, bram36k too), over (the
 * resources over budget) and slrs (per SLR the design spans, its
 * share of the resources as dsp ... ff, and what the SLR leaves to the
 * user and its budget as objects available and budget with the same
 * members). */
__isl_give JsonNode *sy_report_estimate_json(
	__isl_keep const SyEstimate *estimate);

/* The figures, the module families as a table, why an II is over 1,
 * and the fit: used, available, budget and percent per resource (BRAM
 * as BRAM18K and as 36K tiles; OVER beside a resource over budget),
 * for the whole device and, where the design spans several SLRs, for
 * each of them against what it leaves to the user. */
__isl_give char *sy_report_estimate_text(
	__isl_keep const SyEstimate *estimate);

/* One sentence per resource over the device's budget, naming it ("the
 * design needs 20480 DSP, over the 12288 the u250 gives (166.7 %)"),
 * without a final period: the warnings an export prints. */
__isl_give GPtrArray *sy_report_estimate_warnings(
	__isl_keep const SyEstimate *estimate);

G_END_DECLS
