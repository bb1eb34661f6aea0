/* What each loop of a design's code runs over, as a function of the
 * sizes: the size-parametric form of the latency model (model/form.h)
 * re-sets a built design's numbers from these.
 *
 * The PE array's schedule (compute/pe-array.h) names every band it
 * inserts by a mark ("array_part[i,j,k]", "space[i,j]", "time[k]",
 * "latency[i,j]", "simd[k]"); isl's AST names the loop of schedule
 * dimension N "cN", so the role of "cN" is the role of dimension N.
 * The other names the modules' code reads are fixed dimensions: tiles
 * ("sy_t0", and "t0" in the I/O paths' tile loops, in the tile loops'
 * order) and PE coordinates ("idx" in the PE, "p0" elsewhere). */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "compute/config.h"
#include "compute/pe-array.h"
#include "model/tape.h"

G_BEGIN_DECLS

typedef enum {
	SY_FORM_FIXED, /* a loop below the band: the sizes do not change it */
	SY_FORM_TILES, /* the tiles of a band member: ceil(extent / tile) */
	SY_FORM_POINTS, /* a space or time loop inside a tile: tile /
			   latency (/ SIMD width on the SIMD member) */
	SY_FORM_LATENCY, /* a latency-hiding loop: the factor */
	SY_FORM_SIMD, /* the SIMD loop: the width */
	SY_FORM_STRIP, /* the vectors of a SIMD loop below the band: its
			  iterations / the width */
	SY_FORM_PES, /* a PE coordinate: PEs along a space loop */
	SY_FORM_AMBIGUOUS, /* several roles at one depth */
} SyFormRole;

typedef struct {
	SyFormRole role;
	guint member; /* band member (TILES, POINTS, LATENCY); space loop
			 (PES); FOR node of the SIMD loop (STRIP) */
} SyFormDim;

/* Band members a form takes. */
#define SY_FORM_MAX_MEMBERS 12

/* A configuration's sizes as numbers: while tape records, its inputs
 * (tile m is input m, latency factor m input SY_FORM_MAX_MEMBERS + m,
 * the SIMD width input 2 SY_FORM_MAX_MEMBERS), so that what the form
 * computes from them is recorded too. */
typedef struct {
	__isl_keep SyTape *tape;
	SyNum tile[SY_FORM_MAX_MEMBERS], latency[SY_FORM_MAX_MEMBERS];
	SyNum simd;
} SyFormNums;

#define SY_FORM_N_INPUTS (2 * SY_FORM_MAX_MEMBERS + 1)

/* config's sizes, as tape's inputs where tape is not NULL; FALSE where
 * config has more members than a form takes. */
gboolean sy_form_nums_init(__isl_keep SyFormNums *nums,
	__isl_keep const SyConfig *config, __isl_keep SyTape *tape);

/* config's sizes as a replay's inputs (SY_FORM_N_INPUTS of them). */
void sy_form_nums_inputs(
	__isl_keep const SyConfig *config, __isl_keep gint64 *inputs);

/* The sizes a form is evaluated at: a configuration of its choices,
 * and its sizes as numbers (NULL: the configuration's, constants). */
typedef struct {
	__isl_keep const SyChoices *choices;
	__isl_keep const SyConfig *config;
	__isl_keep const SyFormNums *nums;
} SyFormSizes;

/* The tape the sizes record on, or NULL. */
__isl_keep SyTape *sy_form_sizes_tape(__isl_keep const SyFormSizes *sizes);

/* Tile and latency factor of band member m, and the SIMD width (1
 * without SIMD). */
SyNum sy_form_tile(__isl_keep const SyFormSizes *sizes, guint m);
SyNum sy_form_latency(__isl_keep const SyFormSizes *sizes, guint m);
SyNum sy_form_simd(__isl_keep const SyFormSizes *sizes);

/* The iterations of band member m's loop. */
gint64 sy_form_member_extent(__isl_keep const SyFormSizes *sizes, guint m);

/* The SIMD width on band member m's points (1 where the SIMD loop is
 * another). */
SyNum sy_form_member_simd(__isl_keep const SyFormSizes *sizes, guint m);

/* Whether the vectors of config's SIMD loop, where it is below the
 * band, are a role (STRIP) the sizes set: every statement of each of
 * its FOR nodes runs all of the node's iterations, the same for every
 * instance, so that its strip-mined loop runs them / the width, from
 * 0, and no guard splits it.  TRUE where the SIMD loop is none or a
 * band member. */
gboolean sy_form_strip_whole(
	__isl_keep const SyChoices *choices, __isl_keep const SyConfig *config);

/* The trips of a dimension at the sizes (FIXED and AMBIGUOUS: -1). */
SyNum sy_form_dim_trip(
	__isl_keep const SyFormDim *dim, __isl_keep const SyFormSizes *sizes);

/* The stride of a dimension in its band member's points (point =
 * latency x (SIMD x time + lane) + latency loop): what a subscript
 * multiplies its iterator by (STRIP: the width, a vector's lanes
 * being the SIMD loop's); -1 for FIXED and AMBIGUOUS. */
SyNum sy_form_dim_stride(
	__isl_keep const SyFormDim *dim, __isl_keep const SyFormSizes *sizes);

/* The value of a dimension at its band member's last iteration of the
 * kernel (not of the padding): where the last tile's guards stop; -1
 * for roles that have none (FIXED, AMBIGUOUS, STRIP, TILES: the last
 * tile is the trip count's). */
SyNum sy_form_dim_last(
	__isl_keep const SyFormDim *dim, __isl_keep const SyFormSizes *sizes);

/* Per statement of the SCoP, the role of each dimension of the flat
 * schedule the modules' code is printed from (compute/tile-boxes.h:
 * shallower leaves padded with zeros, the leaf loops last), on its path
 * through the array's schedule.  Statements below a sequence can have
 * different roles at one depth: in the tree, conv's init has its
 * latency loop where its update has the filter's; in the flat schedule
 * both have it last. */
typedef struct _SyFormRoles SyFormRoles;

/* NULL where the schedule cannot be read. */
__isl_give SyFormRoles *sy_form_roles_new(__isl_keep const SyPeArray *array);
void sy_form_roles_free(__isl_take SyFormRoles *roles);

/* The role of an identifier of the modules' code in code that runs the
 * statements stmts (n of them, SCoP indices; 0: any): "cN" by the
 * statements' roles (AMBIGUOUS where they differ), tile and PE
 * coordinates by the config; FALSE for any other name. */
gboolean sy_form_role_of(__isl_keep const char *name,
	__isl_keep const SyFormRoles *roles, __isl_keep const guint *stmts,
	guint n, __isl_keep const SyConfig *config, __isl_keep SyFormDim *dim);

G_END_DECLS
