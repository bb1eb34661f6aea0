/* The exact search held to brute force on the examples: what
 * test-dse.c and test-dse-examples.c share.  The names are the ones
 * test-dse.c had for them when they were its own. */
#pragma once

#include "dse/search.h"
#include "model/device.h"
#include "poly/analysis.h"

/* The folder of the examples; main sets it. */
extern const char *examples_dir;

/* An example (its file name in examples_dir) with its text and the -D
 * its analysis takes (kernel.h's sizes; NULL: none). */
typedef struct {
	const char *name;
	char *text;
	const char *const *defines; /* -D, for kernel.h's sizes */
} Kernel;

/* An example's text with its sizes set: each "#define NAME VALUE" of
 * sizes (NAME, VALUE pairs, NULL-terminated) replaces the file's line
 * for NAME. */
__isl_give char *example_text(const char *name, const char *const *sizes);

/* The Kernel data analysed, two-dimensional dataflows at most (the
 * search.h's SyDseAnalysisNew). */
__isl_give SyAnalysis *kernel_new(gpointer data, GError **error);

/* The device the searches run on: board's name, "u250" unless a test
 * sets it, or "tiny" (40 DSPs, 16,000 LUTs). */
extern const char *board;
__isl_give SyDevice *board_new(void);

/* The searches' --pad, and their objective, Pareto front and shard
 * (see search.h); zero unless a test sets them. */
extern gint64 pad;
extern SyDseOptions extra;

/* The search of k's dataflow space (its space loops "i,j") in tile
 * order order (NULL: every one), brute force (every point by the exact
 * path) or exact, on threads, keeping top designs, forms on classes of
 * form_min points or more (0: none); asserts it completed without a
 * violation. */
__isl_give SyDseResult *search_order(Kernel *k, const char *space,
	const char *order, gboolean brute, guint threads, guint top,
	guint form_min);
__isl_give SyDseResult *search(Kernel *k, const char *space, gboolean brute,
	guint threads, guint top, guint form_min);

/* Asserts the same designs, cycles and resources, in the same order. */
void assert_same(const SyDseResult *a, const SyDseResult *b);
/* Asserts the same counts of points evaluated, pruned, refused and
 * over the budget, of designs and of forms. */
void assert_same_work(const SyDseResult *a, const SyDseResult *b);

/* Exact search == brute force (top 3) with one thread and two, and with
 * forms on every class; the optimum's cycles as brute force finds
 * them. */
void check_kernel(const char *name, const char *const *sizes,
	const char *const *defines, const char *space, double cycles);
/* The same in one tile order (NULL: every one). */
void check_kernel_order(const char *name, const char *const *sizes,
	const char *const *defines, const char *space, const char *order,
	double cycles);

/* k's space on the tiny board: brute force == the search (forms, one
 * thread), which leaves pruned points out by their bounds and
 * evaluates over_budget over the budget; the optimum's cycles.  label
 * names k in the messages. */
void check_budget(Kernel *k, const char *label, const char *space,
	guint64 pruned, guint64 over_budget, double cycles);
