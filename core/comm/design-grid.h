/* The PE array as design.json describes it (its top-level "kernel",
 * "candidate", "sizes", "padded_sizes" and "pe"): what was chosen, and
 * its grid.  The design owns it (SyDesign.grid; built and freed in
 * comm/design-plain.h); the kernel's interface points to it for the
 * grid and the sizes it prints (comm/design-kernel.h). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
	char *kernel; /* the path of the kernel's source, as given */
	guint candidate; /* the dataflow's id */
	char *sizes; /* AutoSA's --sa-sizes string */
	guint n_members; /* band members */
	gint64 *padded; /* per member: its extent in whole tiles */
	guint n_space; /* space loops, 1 to 3 */
	gint64 pe[3]; /* PEs along each space loop */
	gint64 count; /* PEs (G_MAXINT64 if it does not fit) */
	guint simd; /* the SIMD factor */
} SyDesignGrid;

G_END_DECLS
