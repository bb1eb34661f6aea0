/* A design's modules as the simulator's processes (sim/sim.h): every
 * instance of every module family the HLS export prints, joined by
 * FIFOs of their declared depths.
 *
 * What each process runs, per tile of its path's main loop, is read
 * from the design's code through the latency model's reader
 * (model/latency.h, tile by tile): its loops' iterations, II and depth.
 * An L3 module bursts a tile's words between DRAM and its L2 chain with
 * the model's burst timing; an L2 or L1 module with buffers is two
 * processes sharing its buffers (one or two: ping-pong), one moving
 * words along its chain (its own box, then those of the modules after
 * it), the other feeding its PE or collecting from it (two buffers:
 * loading tile k waits for feeding tile k - 2 to free its buffer, the
 * lock-step of hls-io.c's main loop, whose iteration k loads tile k and
 * feeds tile k - 1); an L2 module
 * without buffers passes words on; the PEs forward exterior data to
 * their neighbours, the last to the dummies; the PE runs its
 * iterations tile by tile, reading a path's words in the first PE tile
 * of each of the path's tiles and writing results in the last.
 *
 * What it abstracts: every instance of a family runs the family's
 * slowest instance's counts (as the model does); a step's words spread
 * evenly over its iterations; a write is visible the next cycle,
 * whatever the pipeline's depth; temporaries passed PE to PE (no DRAM)
 * are not simulated; the host's launches run as one. */
#pragma once

#include "comm/design.h"
#include "model/device.h"
#include "model/latency.h"
#include "sim/sim.h"

G_BEGIN_DECLS

/* The design's processes and FIFOs, DRAM timed by target.  Fails
 * (SY_DESIGN_ERROR or SY_SIM_ERROR) on a design without the modules'
 * code, whose FIFOs the builder cannot balance, or (SY_SIM_ERROR_LIMIT)
 * whose modules' iterations, as the model counts them, are over
 * max_events (0: SY_SIM_MAX_EVENTS), checked before building. */
__isl_give SySim *sy_sim_design_build(__isl_keep const SyDesign *design,
	__isl_keep const SyModelTarget *target, gint64 max_events,
	GError **error);

/* Builds and runs the design's simulation (options as sy_sim_run's,
 * may be NULL). */
__isl_give SySimResult *sy_sim_design_run(__isl_keep const SyDesign *design,
	__isl_keep const SyModelTarget *target,
	__isl_keep const SySimRunOptions *options, GError **error);

/* The most events of a design that an export simulates. */
#define SY_SIM_EXPORT_EVENTS ((gint64)1000000)

/* What an export says of the design it wrote, run on device's timing
 * within SY_SIM_EXPORT_EVENTS events: "simulated: N cycles, no
 * deadlock", or "simulated: deadlock at ..." (the design's FIFOs block);
 * NULL where it is larger, cannot be simulated, or cancellable (may be
 * NULL) was cancelled. */
__isl_give char *sy_sim_design_summary(__isl_keep const SyDesign *design,
	__isl_keep const SyDevice *device, GCancellable *cancellable);

G_END_DECLS
