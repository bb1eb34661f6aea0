/* The testbench's facts: what the generated testbench prints to move
 * the user's arrays into the words the L3 modules read, and the results
 * back out of the words the drains write, as plain data.  The
 * communication stage computes them once, with the modules' code
 * (comm/tb-loops.h), so that the HLS backend prints the testbench from
 * the design alone; design.json keeps them (comm/tb-facts-json.h).
 *
 * Per DRAM path, in the order of the kernel's ports: the loops over the
 * path's tiles and units (lines or PEs) in the order its L3 module
 * moves their boxes, as code whose statement ("U") stands for one box.
 * Its arguments are the box's offset along each dimension of the array,
 * then, on a path out, the condition under which an element of the box
 * (sy_a0, sy_a1, ...: the element's coordinates) is written back into
 * the user's array, NULL where every element is (only what the SCoP
 * writes there and leaves comes back). */
#pragma once

#include "comm/io-plan.h"
#include "compute/code.h"

G_BEGIN_DECLS

typedef struct {
	__isl_keep const SyIoPath *path; /* the design's: array, way, prefix */
	char *port; /* its DRAM port: "A", or "C_out" for results of an
		       array that also comes in under that stem */
	gint64 port_words; /* the port's words: tiles x units x box_words */
	guint n_dims; /* the array's */
	gint64 *box; /* elements of a box along each dimension */
	guint pack; /* elements per word */
	gint64 box_words; /* words of a box */
	SyCode *loops;
} SyTbPath;

typedef struct _SyTbFacts SyTbFacts;

struct _SyTbFacts {
	GPtrArray *paths; /* SyTbPath */
};

__isl_give SyTbFacts *sy_tb_facts_new(void);
void sy_tb_facts_free(__isl_take SyTbFacts *facts);

/* A path's facts (box: n_dims sizes, copied; loops taken), added at
 * the end of facts. */
void sy_tb_facts_add(__isl_keep SyTbFacts *facts,
	__isl_keep const SyIoPath *path, __isl_keep const char *port,
	gint64 port_words, guint n_dims, __isl_keep const gint64 *box,
	guint pack, gint64 box_words, __isl_take SyCode *loops);

/* The same facts: paths, numbers and code; two NULLs are equal. */
gboolean sy_tb_facts_is_equal(
	__isl_keep const SyTbFacts *a, __isl_keep const SyTbFacts *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyTbFacts, sy_tb_facts_free)

G_END_DECLS
