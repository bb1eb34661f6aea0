/* The code of a design's modules: per module with statements (the PE,
 * the intra_trans of each buffered I/O path, the dummies that drop
 * what leaves an input's lines) the loops isl builds for the PE array's
 * schedule on whole tiles, with the loops' pragmas and per statement
 * the arguments its printer reads: the statement's iterators (the
 * PE's), then the values and conditions the module asked for (SIMD
 * lane, guards, places in a buffer), simplified on the statement's
 * points.  sy_design_build_code stores them in SyModule.code, and
 * the testbench's facts with them in SyDesign.tb (comm/tb-loops.h). */
#pragma once

#include "comm/design.h"
#include "comm/hls-model.h"
#include "comm/module-code-access.h"
#include "compute/code.h"

G_BEGIN_DECLS

/* The names of the PE coordinates in the modules' code are
 * comm/io-facts.h's (the printers define them). */

/* Fills SyModule.code of every module with statements (a design whose
 * code is built is left as it is).  Its own isl stage: fails, with
 * the stage's error or the model's (SY_HLS error of sy_hls_model_new),
 * leaving no code. */
gboolean sy_design_build_code(__isl_keep SyDesign *design, GError **error);

/* The same with a model of the design the caller has built (and
 * checks isl's errors of); FALSE where isl failed.  Without testbench,
 * design->tb stays NULL: what the testbench prints is a fifth of a
 * design's isl time, and no model reads it (sy_design_complete_models
 * of comm/kernel-facts.h). */
gboolean sy_design_fill_code(__isl_keep SyDesign *design,
	__isl_keep const SyHlsModel *m, gboolean testbench);

/* Sets the pragmas of the loops at and below code, and returns how many
 * real loops nest there (degenerate ones, and the SIMD lanes' loop at
 * schedule dimension lanes, -1 for none, do not count): the lanes' loop
 * is unrolled, a loop with no real loop below pipelined at II=1.  Loops
 * that are neither (an I/O module's innermost loop is often not the
 * lanes') get nothing.  A loop's schedule dimension is the number its
 * iterator ends with ("c7"). */
guint sy_module_code_set_pragmas(__isl_keep SyCode *code, int lanes);


G_END_DECLS
