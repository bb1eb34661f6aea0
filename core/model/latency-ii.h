/* The initiation interval a module's pipelined loop achieves, derived
 * from what its printed body does per iteration (FIFO accesses, buffer
 * ports per bank, the accumulation recurrence), and its pipeline's
 * depth: the latency model's operator and memory constants in one
 * place (latency-ii.c cites their sources). */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "comm/design.h"
#include "comm/pe-facts.h"
#include "model/tape.h"

G_BEGIN_DECLS

/* The PE's: ii, its depth, and why ii is over 1 (NULL at 1). */
typedef struct {
	SyNum ii;
	SyNum depth;
	char *reason;
	/* The PE's: the statements' lanes its widest pipeline iteration
	 * runs (each statement leaf once per unrolled lane; only those
	 * with operations where some have them), its slots per
	 * iteration; 1 elsewhere. */
	SyNum lanes;
} SyLatencyIi;

/* The PE's pipelined loops, from the design's PE code and facts: each
 * one's II and depth into pipes (SyCode * -> SyWalkPipe *, which it
 * owns: a table of g_free values), the slowest II with why and the
 * deepest depth into ii (a code without pipelined loops is one
 * pipeline, keyed by its root).  Cannot fail yet: error stays unset. */
gboolean sy_latency_ii_pe(__isl_keep const SyDesign *design,
	__isl_keep GHashTable *pipes, __isl_keep SyLatencyIi *ii,
	__isl_keep SyTape *tape, GError **error);

/* The PE's cycles times its PEs at least, as the latency model counts
 * them: the most, over the statements whose every leaf in the PE's
 * code is inside a pipelined loop under unrolled loops alone there, of
 * their instances times the cycles per instance each leaf is sure of
 * (the least of its leaves'):
 * - 1 where the leaf takes its own FIFO once per lane (its lanes more
 *   than one; no word of lanes, no element shared by the lanes, no
 *   condition pinning a lane): that FIFO alone makes its pipeline's
 *   II at least the lanes;
 * - the add's latency where the leaf accumulates into its own element
 *   with no independent sum (the pipelined loop's iterator not in the
 *   element's place, every lane on that element): II is the lanes
 *   times that latency.
 * A pipeline iteration runs the leaf once per lane, and the PEs share
 * the instances.  0 where no statement is such.  These follow
 * count_fifos' and recurrence's rules; where the code is the same
 * (a class of sizes, model/form.h) so is what they find. */
double sy_latency_ii_work(__isl_keep const SyDesign *design);

/* An I/O path's intra_trans (in: feeding the PEs, else collecting
 * from them), or its dropping dummy (drop). */
void sy_latency_ii_intra(__isl_keep const SyIoPathFacts *f, gboolean drop,
	__isl_keep SyLatencyIi *ii, __isl_keep SyTape *tape);

/* The loops that only move words (DRAM bursts, inter_trans, passes):
 * a FIFO access and a buffer access per iteration, II 1. */
void sy_latency_ii_move(gboolean dram, __isl_keep SyLatencyIi *ii);

G_END_DECLS

G_BEGIN_DECLS

/* The DSPs a MAC lane of the PE's element type takes, the yardstick of
 * DSP efficiency. */
double sy_latency_dsp_per_mac(__isl_keep const SyPeFacts *facts);

G_END_DECLS
