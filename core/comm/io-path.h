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
	/* Interior paths: the space loop their L1 chains run along, the
	 * first (AutoSA's --int-io-dir=0, its default) or the last (=1). */
	guint chain;
	char *prefix; /* "A", "C_drain", "A_1": the names' stem */
	/* The accesses it moves (SyAccess, kept by the SCoP) where its
	 * array has several paths one way (syrk's A[i][k] along j and
	 * A[j][k] along i); NULL for every access of its array that way
	 * (and in a design read back, whose printers need none). */
	GPtrArray *accesses;
	/* AutoSA's --local-reduce on partial results carried PE to PE
	 * along a reduction space loop: the operator ("+") their I/O
	 * modules fold the tiles of that loop with on chip (the first
	 * tile fed from DRAM, the others the operator's identity; the
	 * collector adds each tile's values); "" for none. */
	char reduce_op[4];
	/* AutoSA's --hbm (comm/design-hbm.h): the DRAM ports its L2 chain
	 * is split into, each part below its own L3 module; 0 or 1 for
	 * one (sy_io_path_ports). */
	guint ports;
	/* --two-level-buffer: per band member, the tiles of one L2 tile
	 * its L3 module keeps in its L2 buffer (the path's data depends
	 * on the member's tiles: min(L2 factor, tiles) below the buffer's
	 * place, 1 above it), 0 where the L2 tile's tiles of that member
	 * read the same data (read from DRAM once, served again; the
	 * buffer is read above the first such member's tile loop); NULL
	 * without an L2 buffer (sy_io_plan_l2). */
	gint64 *l2_keep;
	/* array as the kernel declares it (one of SyDesign.arrays, which
	 * the interface shares; the only one in a design read back) */
	__isl_keep const SyDesignArray *plain_array;
} SyIoPath;

/* The space loop (index among the PE coordinates) an exterior path
 * moves along: the first its direction is not zero on; 0 for none. */
static inline guint sy_io_path_along(__isl_keep const SyIoPath *p)
{
	for (guint k = 0; k < p->n_space; k++)
		if (p->direction[k])
			return k;
	return 0;
}

/* A path's DRAM ports: 1 unless --hbm split its chain. */
static inline guint sy_io_path_ports(__isl_keep const SyIoPath *p)
{
	return p->ports > 1 ? p->ports : 1;
}

G_END_DECLS
