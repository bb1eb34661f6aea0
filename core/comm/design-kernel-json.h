/* The kernel's interface (design-kernel.h) as JSON, the member
 * "interface" of design.json, and back, exactly.
 *
 * Strings are JSON strings when they are UTF-8 without NUL, else
 * {"base64": "..."} of their bytes: the user's text (a comment in
 * Latin-1, say) comes back byte for byte. */
#pragma once

#include <json-glib/json-glib.h>

#include "base/own.h"
#include "comm/design-kernel.h"

G_BEGIN_DECLS

/* Adds the kernel's object to b (after a member name, or in an
 * array). */
void sy_design_kernel_build_json(
	__isl_keep JsonBuilder *b, __isl_keep const SyDesignKernel *kernel);

/* The member "interface" of design.json, for a design that has it (kernel
 * may be NULL: nothing). */
void sy_design_kernel_add_member(
	__isl_keep JsonBuilder *b, __isl_keep const SyDesignKernel *kernel);

/* The kernel read back from node (keep), on the design's arrays
 * (SyDesignArray, design.json's "arrays", which it shares) and grid
 * (design.json's "kernel", "sizes" and "pe", which it points to).  Fails
 * (SY_DESIGN_ERROR_INVALID) on anything sy_design_kernel_build_json
 * does not write, saying where (comm/design-read.h):
 * "interface/ports/2: \"array\" is 4, not one of the 4 arrays". */
__isl_give SyDesignKernel *sy_design_kernel_from_json(__isl_keep JsonNode *node,
	__isl_keep GPtrArray *arrays, __isl_keep const SyDesignGrid *grid,
	GError **error);

G_END_DECLS
