/* A simulation recorded for animation: per process its stalls as
 * intervals (the FIFO each waited on) and its end, per FIFO the cycles
 * its words changed.  The state at any cycle is a binary search per
 * process and per FIFO, never a replay.
 *
 * A process is busy from 0 to its end except while stalled (the
 * simulator's busy count: start-up and pipeline drain included), idle
 * after its end.  A FIFO's words at cycle t are those it holds after
 * the events of cycle t.
 *
 * Memory grows with the events (an interval per stall, a change per
 * word move), so a recording is bounded: by default
 * SY_SIM_TIMELINE_MAX_EVENTS events, a hundredth of a plain run's. */
#pragma once

#include "sim/sim-design.h"

G_BEGIN_DECLS

#define SY_SIM_TIMELINE_MAX_EVENTS ((gint64)1000000)

typedef enum {
	SY_SIM_IDLE, /* not started (never runs) or ended */
	SY_SIM_BUSY,
	SY_SIM_STALLED,
} SySimState;

typedef struct _SySimTimeline SySimTimeline;

/* Runs sim recording it; max_events 0: SY_SIM_TIMELINE_MAX_EVENTS
 * (over it: SY_SIM_ERROR_LIMIT, checked before running). */
__isl_give SySimTimeline *sy_sim_timeline_record(__isl_keep const SySim *sim,
	gint64 max_events, GCancellable *cancellable, GError **error);
/* Builds the design's simulation (sy_sim_design_build) and records
 * it. */
__isl_give SySimTimeline *sy_sim_timeline_design(
	__isl_keep const SyDesign *design,
	__isl_keep const SyModelTarget *target, gint64 max_events,
	GCancellable *cancellable, GError **error);
void sy_sim_timeline_free(__isl_take SySimTimeline *tl);

/* The run's result (cycles, processes and FIFOs by index, names). */
__isl_keep const SySimResult *sy_sim_timeline_result(
	__isl_keep const SySimTimeline *tl);

/* Process p's state at cycle t; where stalled, *fifo (may be NULL)
 * the FIFO it waits on, else -1. */
SySimState sy_sim_timeline_state(
	__isl_keep const SySimTimeline *tl, guint p, gint64 t, int *fifo);
/* The words FIFO f holds at cycle t. */
guint sy_sim_timeline_words(
	__isl_keep const SySimTimeline *tl, guint f, gint64 t);
/* Process p's stall intervals, and its busy cycles summed over the
 * intervals between them (the result's busy). */
guint sy_sim_timeline_n_stalls(__isl_keep const SySimTimeline *tl, guint p);
gint64 sy_sim_timeline_busy(__isl_keep const SySimTimeline *tl, guint p);
/* The index of the process named name, -1: none. */
int sy_sim_timeline_process(
	__isl_keep const SySimTimeline *tl, __isl_keep const char *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SySimTimeline, sy_sim_timeline_free)

G_END_DECLS
