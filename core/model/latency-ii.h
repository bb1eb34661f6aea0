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

/* The PE's cycles per PE at least, as the latency model counts them:
 * the most instances of a statement whose every leaf in the PE's code
 * is inside a pipelined loop, under unrolled loops alone there (its
 * lanes, more than one), and takes its own FIFO once per lane (no word
 * of lanes, no element shared by the lanes, no condition pinning a
 * lane).  That FIFO alone makes its pipeline's II at least the lanes
 * (one access per cycle), and a pipeline iteration runs the leaf once
 * per lane: each PE issues at least one cycle per instance it runs, and
 * the PEs share the instances.  0 where no statement is such. */
double sy_latency_ii_lane_work(__isl_keep const SyDesign *design);

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
