/* An estimate of a design: what a model says it costs (cycles and FPGA
 * resources) and how it fits a device, as plain data.  The latency
 * model (model/latency.h) fills the timing, the resource model
 * (model/resources.h) the resources, sy_estimate_fit the comparison
 * with a device; `systole-cli estimate`, the export (design.json, the
 * project's README) and the explorer's panel print or draw it.
 *
 * Cycles are doubles: the models count fractional cycles where a
 * tile's words do not fill whole beats (as Odyssey's does), and a
 * design's total may pass 2^53 only in designs no device holds. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "comm/design.h"

G_BEGIN_DECLS

/* The resources the models count, in this order wherever they are
 * listed (JSON members: "dsp", "bram18k", "uram", "lut", "ff"). */
typedef enum {
	SY_RESOURCE_DSP,
	SY_RESOURCE_BRAM18K,
	SY_RESOURCE_URAM,
	SY_RESOURCE_LUT,
	SY_RESOURCE_FF,
	SY_N_RESOURCES
} SyResourceKind;

/* Amounts of each resource.  Doubles: int8 MACs cost half a DSP, and
 * sums of millions of LUTs stay exact in a double. */
typedef struct {
	double v[SY_N_RESOURCES];
} SyResources;

/* A family of modules (SyModule): one module's timing, all of them
 * together's resources. */
typedef struct {
	char *name; /* "A_IO_L2_in", as in the design */
	SyModuleKind kind;
	gint64 count;
	/* One module's run over the whole problem, its prologue part (the
	 * first tile in, input modules) and its epilogue part (the last
	 * tile out, output modules), in cycles. */
	double cycles;
	double first, last;
	/* The initiation interval its innermost pipelined loop achieves,
	 * and why it is over 1 (NULL at 1): "fifo_A_in read 2 times per
	 * iteration", "accumulation: 4 independent sums for an adder of
	 * latency 7". */
	guint ii;
	char *ii_reason;
	guint depth; /* its pipeline's depth, cycles */
	double share; /* cycles over the design's steady state */
	SyResources resources; /* the count modules together */
	/* Its block RAM as 36K tiles (published reports count either):
	 * Vivado's count for one module, ceil(bram18k / 2)
	 * (sy_memory_bram36), times count. */
	double bram36;
} SyModuleEstimate;

/* A resource against the device: used, available (what the platform
 * leaves to the user), and the budget the design must stay under. */
typedef struct {
	double used, available, budget;
	gboolean over; /* used > budget */
} SyResourceFit;

typedef struct {
	char *model; /* "systole" or "odyssey" */

	/* Timing. */
	double cycles; /* prologue + steady + epilogue */
	double prologue, steady, epilogue;
	/* The kernel's launches (the host runs tile loops that partial
	 * results cross through DRAM): prologue and epilogue count each
	 * launch's.  1 for one. */
	double launches;
	double mhz;
	double seconds;
	/* The original (unpadded) problem's operations, counted on the
	 * statements' instances; floating point (GFLOP/s) or not (GOP/s). */
	double ops;
	gboolean flops;
	double gops; /* ops / seconds / 1e9 */
	/* MACs per cycle achieved over what the DSPs could give. */
	double dsp_efficiency;
	/* Statement instances of the original problem over the PE lanes'
	 * slots in the steady state: idle PEs of triangular and padded
	 * spaces count against it. */
	double pe_utilisation;
	double offchip_bytes; /* moved to and from DRAM */
	double bandwidth_gbps; /* offchip_bytes / seconds / 1e9 */
	double device_gbps; /* what the device's memory gives */
	int bottleneck; /* the slowest module family (index), -1 */

	GPtrArray *modules; /* SyModuleEstimate, the design's order */
	SyResources fifos; /* every FIFO together */
	SyResources total; /* modules and FIFOs */
	double bram36; /* total's block RAM as 36K tiles, FIFOs'
			  included: ceil(bram18k / 2) of the whole design,
			  RAMB18 of different modules sharing tiles (so at
			  most the families' sum) */

	/* Against a device (sy_estimate_fit); n_slrs 0 before. */
	char *device; /* "u250" */
	SyResourceFit fit[SY_N_RESOURCES];
	guint n_slrs; /* the device's SLRs the design spans */
	SyResources *slr; /* n_slrs: used per SLR */
	/* n_slrs each: what SLR k leaves to the user (the device
	 * profile's figures), and its budget (that x the budget
	 * fraction).  sy_estimate_fit fills slr and these together. */
	SyResources *slr_available;
	SyResources *slr_budget;
} SyEstimate;

/* An estimate with nothing counted (model "systole", bottleneck -1). */
__isl_give SyEstimate *sy_estimate_new(void);
void sy_estimate_free(__isl_take SyEstimate *estimate);

/* Adds a module family (no cycles, no resources yet) and returns it. */
__isl_keep SyModuleEstimate *sy_estimate_add_module(
	__isl_keep SyEstimate *estimate, __isl_keep const char *name,
	SyModuleKind kind, gint64 count);

/* Resource kind of SLR slr (< e->n_slrs) against that SLR: used,
 * available, budget and over as e->fit gives them for the whole
 * device. */
SyResourceFit sy_estimate_slr_fit(__isl_keep const SyEstimate *e,
	guint slr, SyResourceKind kind);

/* The JSON member of each resource ("dsp", "bram18k", ...). */
__isl_keep const char *sy_resource_name(SyResourceKind kind);

/* a += b. */
void sy_resources_add(__isl_keep SyResources *a, __isl_keep const SyResources *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyEstimate, sy_estimate_free)

G_END_DECLS
