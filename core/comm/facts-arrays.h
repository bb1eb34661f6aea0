/* The facts' arrays as the kernel declares them: the I/O paths and the
 * PE's accesses, buffers and streams point at the analysis' arrays
 * (SyArray, which the facts' builders and readers work on) and, once
 * the design has its kernel's interface (sy_design_complete), at the
 * kernel's SyDesignArray too (their plain_array), which is all the HLS
 * backend reads of an array. */
#pragma once

#include "comm/design.h"

G_BEGIN_DECLS

/* Points the plain_array of the design's paths and of its PE facts at
 * design->kernel's arrays (in the SCoP's order, as the analysis' are).
 * Facts put in the design after this (read back from design.json) need
 * it again. */
void sy_design_bind_arrays(__isl_keep SyDesign *design);

G_END_DECLS
