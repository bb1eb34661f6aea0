/* A simulation's result as text and as JSON (systole-cli simulate). */
#pragma once

#include <json-glib/json-glib.h>

#include "base/own.h"
#include "sim/sim.h"

G_BEGIN_DECLS

/* model_cycles: the latency model's cycles for the same design (< 0:
 * none), printed beside the simulator's. */
__isl_give char *sy_sim_result_text(
	__isl_keep const SySimResult *r, double model_cycles);

/* { "cycles", "deadlock", "events", "model_cycles" (where given),
 *   "blocked": [...] and "deadlock_cycle" (a deadlock's),
 *   "modules": [{ "name", "family", "busy", "stall", "end",
 *                 "iterations" }],
 *   "fifos": [{ "name", "depth", "high_water", "words" }] } */
__isl_give JsonNode *sy_sim_result_json(
	__isl_keep const SySimResult *r, double model_cycles);

G_END_DECLS
