/* The simulator's graph as its run reads it. */
#pragma once

#include "sim/sim.h"

typedef struct {
	guint fifo;
	gboolean write;
	gint64 words;
} SySimFlow;

typedef struct {
	gint64 iters;
	guint ii, depth;
	gint64 start, min_cycles;
	GArray *flows; /* SySimFlow */
} SySimStep;

typedef struct {
	char *name;
	const char *family;
	GArray *steps; /* SySimStep */
} SySimProcess;

typedef struct {
	char *name;
	guint depth, initial;
	int producer, consumer; /* -1 until a step uses it */
	gboolean shared; /* two producers or two consumers */
} SySimFifo;

struct _SySim {
	GPtrArray *processes; /* SySimProcess */
	GPtrArray *fifos; /* SySimFifo */
};

/* Every FIFO's words written and read over a run (n_fifos each), in
 * one pass over the steps: a graph whose FIFOs do not balance (less
 * the initial words) has a consumer waiting forever. */
void sy_sim_fifo_totals(
	__isl_keep const SySim *sim, gint64 *written, gint64 *read);
