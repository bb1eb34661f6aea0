/* The kernel's interface as plain data: what the generated top function,
 * its header, the testbench's main and the XRT host declare and call,
 * built once by the communication stage (comm/kernel-facts.h) and
 * printed by the HLS backend without looking at the analysis again.
 *
 * - arrays: the SCoP's arrays (and scalars) in the SCoP's order, with
 *   the fields of SyArray the printers read (name, n_dims, dims, local,
 *   read, written) and their type as the generated code spells it;
 * - the SCoP's function and its parameters, as the generated main
 *   declares, fills and passes them;
 * - the analysed file's path as given, byte for byte; the PE grid, the
 *   SIMD factor and the sizes are the design's (SyDesign.grid), which
 *   it points to, and Systole's command line;
 * - the DRAM ports of kernel0, in its order;
 * - the testbench around the kernel: the user's text (with the
 *   project's names) cut where the systolic version goes in, the
 *   -D options and the C keywords C++ spells otherwise;
 * - what the project calls differently from the kernel (identifiers,
 *   headers) and the kernel's headers as the project holds them.
 *
 * Every string is owned by its struct; design-kernel-json.h writes and
 * reads it. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "comm/design-grid.h"

G_BEGIN_DECLS

/* An array or scalar of the SCoP, as the generated code declares it. */
typedef struct {
	char *name; /* the user's */
	char *id; /* what the generated code calls it (poly/names.h) */
	guint n_dims; /* 0 for a scalar */
	gint64 *dims;
	gboolean local; /* declared in the SCoP: an on-chip temporary */
	gboolean read;
	gboolean written;
	char *ctype; /* element type, typedefs resolved: "float" */
	guint bits; /* its width; 32 for a type Systole does not know */
	gboolean integer; /* an integer element type */
	gboolean global; /* declared at file scope */
} SyDesignArray;

/* A parameter of the SCoP's function, as the generated main declares
 * it ("sy_arg_" and the user's name) or passes a null pointer. */
typedef struct {
	char *name; /* the user's */
	char *ctype;
	guint n_dims;
	gint64 *dims;
	gboolean integer;
	gboolean passes_null; /* a pointer, or an array without sizes,
				 the SCoP does not use */
	gboolean written; /* an array the SCoP writes */
} SyDesignParam;

/* A DRAM port of kernel0: an m_axi pointer to words. */
typedef struct {
	char *name; /* "A", or "C_out" for results of a stem that also
		       comes in */
	char *stem; /* its word type is "<stem>_word" */
	gboolean in; /* read by the kernel */
	gboolean declares; /* it has the stem's name: the header declares
			      the stem's word type with it */
	guint array; /* in SyDesignKernel.arrays */
	guint pack; /* elements per word of <stem>_word, the L3 FIFO's */
	/* <stem>_word's per DRAM word: 1, or more under --host-serialize
	 * (a "<name>_dram_word" of serial x pack elements, which the L3
	 * module splits or joins) */
	guint serial;
	/* DRAM words moved over the run: the m_axi depth, also where the
	 * host launches the kernel several times (a bound on a launch's:
	 * launches move different numbers where padding and copy-in sets
	 * differ by tile, and counting each would take every launch) */
	gint64 words;
	/* --hbm: kernel0's pointers for it (its path's ports, 0 or 1 for
	 * one): "<name>_0", "<name>_1", ..., words / ports each. */
	guint ports;
} SyDesignPort;

/* -D NAME[(params)][=VALUE] as the testbench defines it. */
typedef struct {
	char *id; /* NAME as the project calls it */
	char *params; /* "(a, b)" or "" */
	char *value; /* its first line; "1" without a value */
} SyDesignDefine;

/* An identifier the project calls otherwise (poly/names.h). */
typedef struct {
	char *user;
	char *id;
	char *why; /* "a C++ keyword", ... */
} SyDesignRename;

/* A header the kernel includes, as the project holds it under src/. */
typedef struct {
	char *path; /* where the analysis found it */
	char *place; /* under src/ */
	char *text; /* with the project's names and #include lines */
} SyDesignHeader;

/* A function of the analysed file that the SCoP's statements call
 * (or one it calls), as the file defines it, with the project's names:
 * the kernel's code defines it before the PE, which calls it. */
typedef struct {
	char *name; /* the user's */
	char *text;
} SyDesignFunction;

/* The testbench's text around the systolic version of the SCoP: before
 * it, the user's file up to the SCoP (and, when the SCoP is not in
 * main, the original SCoP and the copies of its inputs, check.h); after
 * it, the rest.  The version goes at indent, one unit deeper inside. */
typedef struct {
	gboolean in_main; /* the user's main decides, no generated one */
	char *before;
	char *after;
	char *indent;
	char *unit;
} SyDesignTestbench;

typedef struct {
	char *source; /* the analysed file's path, as given */
	char *function; /* the SCoP's function, NULL if none */
	char *function_id; /* as the project calls it */
	gboolean params_known; /* its parameters could be read */
	GPtrArray *params; /* SyDesignParam, in order */
	GPtrArray *arrays; /* SyDesignArray, in the SCoP's order: the
			     design's (SyDesign.arrays), shared */
	const SyDesignGrid *grid; /* the PE grid, the SIMD factor and the
				     sizes: the design's (SyDesign.grid),
				     kept by it */
	char *flags; /* systole-cli's options that made the design, as a
			shell takes them: -D, -I, then the sizes */
	char *device; /* the device it was exported for ("u250"), NULL
			 until an export prints it */
	GPtrArray *ports; /* SyDesignPort, in kernel0's order */
	guint widest_word; /* bits of the widest ap_uint declared */
	char *keywords; /* #defines of C keywords C++ spells otherwise */
	GPtrArray *defines; /* SyDesignDefine */
	SyDesignTestbench testbench;
	GPtrArray *renamed; /* SyDesignRename, sorted by the user's name */
	GPtrArray *headers; /* SyDesignHeader, in the order included */
	GPtrArray *functions; /* SyDesignFunction, in the file's order */
	/* The tile loops the host runs (the first n_launch of the tile
	 * order, comm/hls-model.h's n_launch): the tiles of each; kernel0
	 * runs once per combination, given them as sy_l0, sy_l1, ...
	 * None: one launch. */
	guint n_launch;
	gint64 *launch;
} SyDesignKernel;

__isl_give SyDesignKernel *sy_design_kernel_new(void);
void sy_design_array_free(__isl_take SyDesignArray *x);
void sy_design_kernel_free(__isl_take SyDesignKernel *kernel);

/* Whether an array is a scalar the kernel only reads: then it is an
 * argument of kernel0, of every PE and of the host's run. */
gboolean sy_design_array_is_argument(__isl_keep const SyDesignArray *x);

/* The kernel's arguments in order (SyDesignArray, the kernel's). */
__isl_give GPtrArray *sy_design_kernel_arguments(
	__isl_keep const SyDesignKernel *kernel);

/* The C type of a port's DRAM words: "<stem>_word", or
 * "<name>_dram_word" where it packs several of them (serial > 1). */
__isl_give char *sy_design_port_word(__isl_keep const SyDesignPort *port);

/* The kernel's launches: the product of SyDesignKernel.launch, 1 for
 * none. */
gint64 sy_design_kernel_launches(__isl_keep const SyDesignKernel *kernel);

/* Its pointers (SyDesignPort.ports), at least 1. */
guint sy_design_port_parts(__isl_keep const SyDesignPort *port);

/* kernel0's pointer j of a port: its name, or "<name>_<j>" where --hbm
 * splits it. */
__isl_give char *sy_design_port_part(
	__isl_keep const SyDesignPort *port, guint j);

/* The PE coordinates of line (or chain) n of the grid: the space loops
 * other than skip in row-major order, skip's own coordinate at at. */
void sy_design_kernel_unit_coords(__isl_keep const SyDesignKernel *kernel,
	guint skip, gint64 at, gint64 n, __isl_keep gint64 *coord);

/* What the project calls the user's identifier user: its rename
 * (renamed), or user itself. */
__isl_keep const char *sy_design_kernel_id(
	__isl_keep const SyDesignKernel *kernel, __isl_keep const char *user);

G_END_DECLS
