/* A cycle-level simulator of a network of processes joined by bounded
 * FIFOs: the modules of a design (sim-design.h builds them) or any
 * graph built by hand.
 *
 * A process runs its steps in order.  A step is a pipelined loop: iters
 * iterations, one issued at most every ii cycles, each reading and
 * writing words on FIFOs (a step's words on a FIFO spread evenly over
 * its iterations), then depth cycles for its last iteration to leave
 * the pipeline.  A step may wait start cycles before its first issue (a
 * DRAM burst's start-up) and take at least min_cycles (a port's
 * bandwidth).  An iteration issues at cycle t when each FIFO it reads
 * holds its words, written before t, and each FIFO it writes has room
 * for its words (reads up to t free room): otherwise the process stalls
 * on that FIFO until it changes.
 *
 * The run is event-driven: a process costs nothing while it waits, and
 * an event is one issued iteration.  A run that ends with processes
 * still waiting is a deadlock: the result names the cycle, the waiting
 * processes and the FIFOs they wait on. */
#pragma once

#include <gio/gio.h>

#include "base/own.h"

G_BEGIN_DECLS

#define SY_SIM_ERROR (sy_sim_error_quark())
GQuark sy_sim_error_quark(void);

typedef enum {
	SY_SIM_ERROR_INVALID, /* a graph the simulator cannot run */
	SY_SIM_ERROR_LIMIT, /* more events than the limit */
	SY_SIM_ERROR_CANCELLED,
} SySimError;

/* The events past which a run stops by default. */
#define SY_SIM_MAX_EVENTS ((gint64)100000000)

typedef struct _SySim SySim;

__isl_give SySim *sy_sim_new(void);
void sy_sim_free(__isl_take SySim *sim);

/* A FIFO of depth words (at least 1), initially holding `initial`
 * words (a ping-pong buffer's free slots); its index. */
guint sy_sim_add_fifo(__isl_keep SySim *sim, __isl_keep const char *name,
	guint depth, guint initial);
/* A process; its index.  family: what it reports under (a module
 * family's name), kept. */
guint sy_sim_add_process(__isl_keep SySim *sim, __isl_keep const char *name,
	__isl_keep const char *family);

/* Appends a step to process p: iters iterations (0: none, only start,
 * depth and min_cycles) at ii (at least 1). */
void sy_sim_add_step(__isl_keep SySim *sim, guint p, gint64 iters, guint ii,
	guint depth, gint64 start, gint64 min_cycles);
/* Words the last step of p reads from (write FALSE) or writes to
 * fifo, over its iterations (all at its end for a step of none). */
void sy_sim_step_flow(__isl_keep SySim *sim, guint p, guint fifo,
	gboolean write, gint64 words);

/* Events a run takes: the iterations of every step (each at least
 * one). */
gint64 sy_sim_events(__isl_keep const SySim *sim);

guint sy_sim_n_processes(__isl_keep const SySim *sim);
guint sy_sim_n_fifos(__isl_keep const SySim *sim);

/* What a run found. */
typedef struct {
	char *name;
	const char *family;
	gint64 busy; /* cycles from 0 to its end not stalled */
	gint64 stall; /* cycles waiting on a FIFO */
	gint64 end; /* the cycle its last step ended, -1: it did not */
	gint64 iters; /* iterations issued */
	/* In a deadlock: the FIFO it waits on (-1: none) and whether to
	 * write (full) or to read (empty). */
	int blocked_on;
	gboolean blocked_write;
} SySimProcessResult;

typedef struct {
	char *name;
	guint depth;
	guint high_water; /* the most words it held */
	gint64 words; /* written over the run */
	int producer, consumer; /* processes, -1 for none */
} SySimFifoResult;

typedef struct {
	gint64 cycles; /* the last process's end (deadlock: the cycle the
			  last event happened) */
	gint64 events;
	gboolean deadlock;
	/* Deadlock: processes that wait on each other in a cycle (their
	 * indices, each waiting on a FIFO the next fills or drains),
	 * empty where the waits end at a process that finished. */
	GArray *cycle; /* guint */
	guint n_processes, n_fifos;
	SySimProcessResult *processes;
	SySimFifoResult *fifos;
} SySimResult;

void sy_sim_result_free(__isl_take SySimResult *r);

/* Called on every event where not NULL: process p issues iteration
 * `iter` of step `step` at cycle `cycle`; and on every stall's end
 * (iter -1: p waited on fifo from `since`). */
typedef void (*SySimTrace)(guint p, gint64 cycle, guint step, gint64 iter,
	int fifo, gint64 since, gpointer data);

typedef struct {
	gint64 max_events; /* 0: SY_SIM_MAX_EVENTS */
	GCancellable *cancellable;
	SySimTrace trace;
	gpointer trace_data;
} SySimRunOptions;

/* Runs sim (options may be NULL); fails (SY_SIM_ERROR) on a graph a
 * run cannot be sure to end (a FIFO with two producers), past the
 * events limit (checked before running: sy_sim_events), or when
 * cancelled.  A deadlock is a result, not an error. */
__isl_give SySimResult *sy_sim_run(__isl_keep const SySim *sim,
	__isl_keep const SySimRunOptions *options, GError **error);

/* The deadlock in words: "deadlock at cycle N: P waits to read F
 * (empty), written by Q; ...", NULL without one. */
__isl_give char *sy_sim_result_describe_deadlock(
	__isl_keep const SySimResult *r);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SySim, sy_sim_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SySimResult, sy_sim_result_free)

G_END_DECLS
