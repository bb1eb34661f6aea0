/* Communication management: the I/O network of a PE array, and with it
 * the one description of the architecture (SyDesign) that the explorer
 * draws, the models estimate and the backend prints.
 *
 * From the dataflow's I/O groups (AutoSA paper, section 6.1) each array
 * gets its paths between DRAM and the PEs:
 *
 * - exterior groups (a space loop carries the data): PE-to-PE FIFOs
 *   along the group's direction; the L1 modules are embedded in the PEs
 *   (AutoSA's embedding), so L2 modules feed the PEs where data enters
 *   the array, one per entry PE, daisy-chained, below one L3 module at
 *   the DRAM port; data that leaves the far edge goes to dummy modules;
 * - interior groups (each PE has its own data): an L1 module per PE with
 *   a local buffer, chained along the first space loop, one L2 module
 *   per chain, chained in turn, below one L3 module;
 * - results (output dependences) drain the same way outwards;
 * - partial results (flow dependences that stay in a PE) need no I/O
 *   when the next tile to use them is the next tile to run (AutoSA's
 *   pruning); otherwise they are written out and read back.
 *
 * The last module of every chain is its boundary ("A_IO_L2_in_boundary").
 * Buffers hold one tile's footprint on whole tiles (tile-boxes.h: what
 * the HLS backend's buffers hold), packed into words of the widest
 * power of two elements (at most 512 bits) that divides their innermost
 * dimension, double-buffered (ping-pong) unless switched off.  Names
 * follow AutoSA's. */
#pragma once

#include "base/own.h"
#include "comm/io-facts.h"
#include "comm/design-kernel.h"
#include "comm/design-options.h"
#include "comm/design-plain.h"
#include "comm/io-path.h"
#include "compute/code.h"

G_BEGIN_DECLS

/* The analysis objects a design is built on (compute/pe-array.h,
 * compute/tile-boxes.h): it points at them, its printers never look
 * inside, and need not include them. */
typedef struct _SyPeArray SyPeArray;
typedef struct _SyTileBoxes SyTileBoxes;

typedef enum {
	SY_MODULE_PE,
	SY_MODULE_IO,
	SY_MODULE_DRAIN,
	SY_MODULE_DUMMY,
} SyModuleKind;

/* Where a family of modules sits around the PE grid: rows run along the
 * first space loop, columns along the second. */
typedef enum {
	SY_EDGE_GRID, /* one per PE (the PEs, embedded or L1 modules) */
	SY_EDGE_NORTH, /* above the first row, one per column */
	SY_EDGE_SOUTH,
	SY_EDGE_WEST, /* left of the first column, one per row */
	SY_EDGE_EAST,
	SY_EDGE_CORNER, /* one, at the DRAM port */
} SyEdge;

typedef struct {
	char *name; /* "local_A" */
	guint elem_bits;
	guint n_dims;
	gint64 *shape; /* elements along each dimension */
	guint pack; /* elements per word */
	gint64 depth; /* words */
	gboolean ping_pong;
	gboolean uram; /* in UltraRAM (--uram), else by its depth */
} SyBuffer;

/* A loop of a module with its trip count; a leaf is a statement: a
 * transfer of words or the computation. */
typedef struct _SyLoopNode SyLoopNode;

struct _SyLoopNode {
	char *name; /* "c0", or the statement's name */
	char *role; /* "array_part", "space", "time", "latency",
			       "simd", "inter_trans", "intra_trans", ... */
	gint64 trip; /* iterations; 1 for a statement */
	GPtrArray *children; /* SyLoopNode */
};

/* A schedule dimension a module's code has fixed: a name its loops
 * take as given, which the module's function defines (an argument, or
 * computed from them: a tile, the PE it serves). */
typedef struct {
	char *name; /* "sy_t0" (a tile), "p0" or "idx" (a PE coordinate) */
	guint dim; /* in the schedule on whole tiles */
} SyCodeParam;

typedef struct {
	char *name; /* "A_IO_L2_in" */
	SyModuleKind kind;
	__isl_keep const SyArray *array; /* NULL for the PE */
	__isl_keep const SyIoPath
		*path; /* the path it is on (the design's), NULL for
				 the PE */
	guint level; /* 1 to 3 for I/O modules, else 0 */
	gboolean in; /* towards the PEs */
	gboolean boundary; /* the last of its chains */
	gint64 count;
	SyEdge edge;
	GPtrArray *buffers; /* SyBuffer */
	SyLoopNode *loops;
	/* Its statements' loops as printed (the PE's, an intra_trans's, a
	 * dropping dummy's), NULL for modules without statements and
	 * until sy_design_build_code (comm/module-code.h). */
	SyCode *code;
	GPtrArray *params; /* SyCodeParam: code's fixed dimensions, in
			      order; NULL without code */
	__isl_keep const SyDesignArray *plain_array; /* array as plain data:
							the design's, NULL
							for the PE */
} SyModule;

/* FIFOs of one name between one pair of module families; a name (as
 * "fifo_A_PE") may join several pairs. */
typedef struct {
	char *name;
	const SyArray *array;
	gint64 count;
	guint width_bits;
	guint depth;
	const SyModule *from;
	const SyModule *to;
	__isl_keep const SyDesignArray *plain_array; /* array, plain */
} SyFifo;

typedef struct {
	const SyArray *array;
	gboolean in;
	/* its path (one of SyDesign.paths), NULL in a design read back */
	const SyIoPath *path;
	guint width_bits;
	gint64 elements; /* moved over the whole run */
	/* --hbm: the parts it is split into (its path's ports), each its
	 * own port moving elements / ports; 0 or 1 for one. */
	guint ports;
	__isl_keep const SyDesignArray *plain_array; /* array, plain */
} SyDramPort;

typedef struct _SyPeFacts SyPeFacts;

typedef struct {
	__isl_keep const SyPeArray *array; /* it must outlive the design; NULL
					      in a design read from
					      design.json */
	SyModule *pe; /* also in modules, first */
	GPtrArray *modules; /* SyModule */
	GPtrArray *fifos; /* SyFifo */
	GPtrArray *dram; /* SyDramPort */
	/* Built with --host-serialize or --data-pack-sizes: DRAM words
	 * and packing by divisibility rules the models' fast path
	 * (model/form.h) does not follow. */
	gboolean capped;
	/* The options as the command line spells them (sy_design_options_
	 * flags): what the command that made the design repeats. */
	char *option_flags;
	GPtrArray *paths; /* SyIoPath: the I/O plan the modules are on */
	/* The statements on whole tiles the buffers are sized on; NULL
	 * where the HLS backend cannot run on them, tiles_error saying
	 * why (the buffers then hold the kernel's own footprints). */
	SyTileBoxes *tiles;
	GError *tiles_error;
	/* What the testbench prints (comm/tb-facts.h), built with the
	 * modules' code; NULL without it. */
	struct _SyTbFacts *tb;
	/* What the HLS backend prints the I/O modules from, with the
	 * modules' code (sy_design_fill_code). */
	SyIoFacts *io;
	/* The PE as its printer and the models read it (comm/pe-facts.h),
	 * built with the modules' code; NULL without. */
	SyPeFacts *pe_facts;
	/* The kernel's interface as the backend prints it; NULL until
	 * sy_design_complete (comm/kernel-facts.h). */
	SyDesignKernel *kernel;
	/* Plain data (comm/design-plain.h): what design.json says of the
	 * PE array and of the kernel's arrays (SyDesignArray, what the
	 * plain_array members point at).  A design read from design.json
	 * (comm/design-load.h) has these, and no array or tiles. */
	SyDesignGrid *grid;
	GPtrArray *arrays;
} SyDesign;

/* options may be NULL.  Fails (SY_DESIGN_ERROR) on a packing factor
 * that does not fit. */
__isl_give SyDesign *sy_design_new(__isl_keep const SyPeArray *array,
	__isl_keep const SyDesignOptions *options, GError **error);
void sy_design_free(__isl_take SyDesign *design);

/* For readers of design.json (comm/design-load.h): a design with no
 * modules, FIFOs or DRAM ports (and nothing else), a module added to
 * it (a boundary if its name says so, no buffers yet, no loops), and a
 * loop node with no children. */
__isl_give SyDesign *sy_design_alloc(void);
__isl_keep SyModule *sy_design_add_module(__isl_keep SyDesign *design,
	__isl_keep const char *name, SyModuleKind kind);
__isl_give SyLoopNode *sy_loop_node_new(
	__isl_keep const char *name, __isl_keep const char *role, gint64 trip);
void sy_loop_node_free(__isl_take SyLoopNode *node);

/* Drops every module's code (see sy_design_build_code). */
void sy_design_clear_code(__isl_keep SyDesign *design);

/* The design's twin of an array of its analysis (the design's arrays
 * are the SCoP's, in its order), NULL for NULL. */
__isl_keep const SyDesignArray *sy_design_plain(
	__isl_keep const SyDesign *design, __isl_keep const SyArray *x);

/* The module of that name, or NULL. */
__isl_keep const SyModule *sy_design_find(
	__isl_keep const SyDesign *design, __isl_keep const char *name);

/* The elements per word of a path's buffers (those of its first module
 * with buffers), 1 if it has none. */
guint sy_design_path_pack(
	__isl_keep const SyDesign *design, __isl_keep const SyIoPath *path);

/* The packing factor a buffer of bits-bit elements gets where the
 * user gives none: the widest power of two that divides its innermost
 * dimension and fits a 512-bit word. */
guint sy_design_pack_widest(guint bits, gint64 innermost);

/* FIFOs of a name, summed over their pairs. */
gint64 sy_design_fifo_count(
	__isl_keep const SyDesign *design, __isl_keep const char *name);

/* The width of a C type in bits (float 32, double 64, ...), 0 if it is
 * not a scalar type Systole knows. */
guint sy_type_bits(__isl_keep const char *base_type);

/* --two-level-buffer: the L2 buffer an L3 module holds ("l2_A", named
 * SY_L2_BUFFER_PREFIX and its path's prefix), NULL where it holds none
 * (an L3 module of a path without reuse across the tiles of an L2
 * tile, or under --host-serialize, which turns the buffers off). */
#define SY_L2_BUFFER_PREFIX "l2_"
__isl_keep const SyBuffer *sy_module_l2_buffer(__isl_keep const SyModule *m);

/* --local-reduce: the buffer an L3 module out folds the tiles' partial
 * results in ("acc_C", named SY_FOLD_BUFFER_PREFIX and its path's
 * prefix), NULL where it folds none. */
#define SY_FOLD_BUFFER_PREFIX "acc_"
__isl_keep const SyBuffer *sy_module_fold_buffer(__isl_keep const SyModule *m);

/* A buffer's size in bytes: its words of pack elements. */
gint64 sy_buffer_bytes(__isl_keep const SyBuffer *b);

__isl_keep const char *sy_module_kind_name(SyModuleKind kind);
__isl_keep const char *sy_edge_name(SyEdge edge);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyDesign, sy_design_free)

G_END_DECLS
