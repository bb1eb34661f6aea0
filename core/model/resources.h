/* The resource model: DSP, block RAM (18K and 36K tiles), UltraRAM,
 * LUT and FF of the code the HLS backend prints for a design
 * (core/hls), read from the design alone (SyDesign: modules with their
 * buffers, FIFOs, DRAM ports, the PE's facts), so that a design read
 * back from design.json estimates the same.
 *
 * - DSP: per PE, each statement's multiplies and adds (SyPeStmt.ops)
 *   on its written array's element type, times the SIMD lanes, times
 *   the PEs (resources.c lists the cost per operator and its source).
 * - Memories: the PE's buffers as declared (a bank per lane along the
 *   partitioned dimensions, cyclic), the I/O modules' buffers of
 *   words (elem_bits x pack), twice for ping-pong, the DRAM ports'
 *   AXI burst buffers; each memory on its primitives
 *   (model/resources-memory.h).
 * - FIFOs (hls::stream of width x depth): a shift register (SRL) up to
 *   fifo_srl_bits bits, a memory above.
 * - LUT and FF: per module kind and per operator, from constants that
 *   resources.c states and fits to AutoSA's measured U250 designs. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "comm/design.h"
#include "comm/pe-facts.h"
#include "model/estimate.h"
#include "model/tape.h"

G_BEGIN_DECLS

/* The default of fifo_srl_bits: a FIFO of 2 words of 512 bits, the
 * widest the backend prints at the default depth, is a shift register
 * (AutoSA's model said 512 bits; resources.c says why not). */
#define SY_FIFO_SRL_BITS 1024

typedef struct {
	gboolean int8_packing; /* 0.5 DSP per int8 MAC */
	/* FIFOs of at most this many bits go to shift registers (SRL) */
	guint fifo_srl_bits;
} SyResourceOptions;

/* Options with no int8 packing and SY_FIFO_SRL_BITS. */
void sy_resource_options_init(__isl_keep SyResourceOptions *options);

/* options, or defaults set by sy_resource_options_init where options
 * is NULL. */
__isl_keep const SyResourceOptions *sy_resource_options_or(
	__isl_keep const SyResourceOptions *options,
	__isl_keep SyResourceOptions *defaults);

/* Fills per module family `resources` and `bram36`, e->fifos, e->total
 * and e->bram36 (adding the families, the design's modules in order,
 * if e has none; else e must have one per module).  options may be
 * NULL (the defaults).  Fails (SY_DESIGN_ERROR_INVALID) on a design
 * without its PE's facts (built with its code) or whose families do
 * not match e's. */
gboolean sy_resources_estimate(__isl_keep const SyDesign *design,
	__isl_keep const SyResourceOptions *options, __isl_keep SyEstimate *e,
	GError **error);

/* sy_resources_estimate's e->total (total[SY_N_RESOURCES], by
 * SyResourceKind), its arithmetic and decisions recorded on t
 * (model/tape.h): a tape of the form's numbers followed by this gives
 * the resources from the sizes.  Fails as sy_resources_estimate. */
gboolean sy_resources_record(__isl_keep const SyDesign *design,
	__isl_keep const SyResourceOptions *options, __isl_keep SyTape *t,
	__isl_keep SyReal *total, GError **error);

G_END_DECLS
