/* An I/O path between DRAM and the PEs, as the I/O analysis finds it
 * (comm/io-plan.h) and the design, its facts and the HLS backend name
 * it: plain data, which points at the analysis' array (opaque here:
 * poly/scop.h) and, once the design has its kernel's interface, at the
 * array as the kernel declares it. */
#pragma once

#include "base/own.h"
#include "comm/design-kernel.h"

G_BEGIN_DECLS

typedef struct _SyArray SyArray;

typedef enum {
	SY_PATH_READ, /* data the PEs read: inputs */
	SY_PATH_DRAIN, /* results: output dependences */
	SY_PATH_PARTIAL, /* partial results written out and read back */
	SY_PATH_PASS, /* temporaries passed PE to PE, no DRAM */
} SyPathRole;

typedef struct {
	__isl_keep const SyArray *array;
	SyPathRole role;
	gboolean in; /* towards the PEs */
	gboolean exterior; /* carried by a space loop: PE to PE */
	gint64 *direction; /* per space loop; zero for interior */
	guint n_space;
	char *prefix; /* "A", "C_drain", "A_1": the names' stem */
	/* array as the kernel declares it (one of SyDesign.arrays, which
	 * the interface shares; the only one in a design read back) */
	__isl_keep const SyDesignArray *plain_array;
} SyIoPath;

G_END_DECLS
