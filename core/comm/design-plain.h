/* The plain data a design owns in place of the analysis objects it
 * was built from: the PE array as design.json describes it, and the
 * kernel's arrays as the generated code declares them.  A design built
 * by sy_design_new has both next to its analysis (design.h); a design
 * read back from design.json (comm/design-load.h) has only them.
 *
 * The arrays are the interface's (comm/design-kernel.h): SyDesignArray
 * has the fields of the analysis' SyArray that the backend reads (name,
 * n_dims, dims, local, read, written), its element type as C spells it,
 * and, once an export completed the design, its name in generated
 * code. */
#pragma once

#include <json-glib/json-glib.h>

#include "base/own.h"
#include "comm/design-kernel.h"

G_BEGIN_DECLS

typedef struct _SyPeArray SyPeArray;

/* The PE array and its grid (comm/design-grid.h). */
__isl_give SyDesignGrid *sy_design_grid_new(__isl_keep const SyPeArray *array);
void sy_design_grid_free(__isl_take SyDesignGrid *grid);

/* The scop's arrays (SyArray), in its order, as SyDesignArray. */
__isl_give GPtrArray *sy_design_arrays_new(
	__isl_keep const GPtrArray *scop_arrays);

/* The array of that name in arrays (SyDesignArray), or NULL. */
__isl_keep const SyDesignArray *sy_design_array_find(
	__isl_keep const GPtrArray *arrays, __isl_keep const char *name);

/* Member "arrays" of design.json (SyDesignArray), and "renamed" when
 * renamed (SyDesignRename, may be NULL) has any. */
void sy_design_arrays_build_json(
	__isl_keep JsonBuilder *b, __isl_keep const GPtrArray *arrays);
void sy_design_renamed_build_json(
	__isl_keep JsonBuilder *b, __isl_keep const GPtrArray *renamed);

G_END_DECLS
