/* Dataflows: which loops of the band can be the space loops of a
 * systolic array, and what moves through it.
 *
 * A band member is a space-loop candidate when every flow and read
 * dependence has distance 0 or 1 on it (data moves to a neighbour or stays
 * put).  The arrays are listed as AutoSA numbers them: every 1D array,
 * then every pair, then (with max_dims 3) every triple, so that
 * space_time[N] in an AutoSA --sa-sizes string means the same array here.
 * Each candidate carries its I/O groups (AutoSA paper, section 6.1). */
#pragma once

#include "base/own.h"
#include "poly/band.h"
#include "poly/deps.h"

G_BEGIN_DECLS

typedef struct {
	__isl_keep const SyArray *array;
	SyDepKind kind; /* flow, read or output */
	guint n_space;
	gint64 *direction; /* distance on the space loops */
	gboolean exterior; /* carried by a space loop */
	/* The accesses whose dependences form the group (SyAccess, kept by
	 * the SCoP), in the order the dependences name them: which of an array's accesses a
	 * group moves, where the array has several groups one way. */
	GPtrArray *accesses;
} SyIoGroup;

typedef struct {
	guint id;
	guint n_space;
	guint space[3]; /* band member indices, ascending */
	GPtrArray *io; /* SyIoGroup */
} SyCandidate;

/* Whether band member m is one of c's space loops. */
gboolean sy_candidate_is_space(__isl_keep const SyCandidate *c, guint m);

/* Whether a dependence of this distance (over the band) crosses PEs:
 * it is not zero on some space loop of c. */
gboolean sy_candidate_crosses_pes(
	__isl_keep const SyCandidate *c, __isl_keep const gint64 *distance);

/* Whether a band member can be a space loop; if not, why (a sentence,
 * or NULL when it can). */
gboolean sy_dataflow_space_ok(__isl_keep const SyDeps *deps, guint member);
__isl_give char *sy_dataflow_space_problem(__isl_keep const SyDeps *deps,
	__isl_keep const SyBand *band, guint member);

/* The candidate whose space loops are space (n band member indices, any
 * order), one of candidates, or NULL with the reason in *why (given:
 * g_free it). */
__isl_keep const SyCandidate *sy_dataflow_find(__isl_keep GPtrArray *candidates,
	__isl_keep const SyDeps *deps, __isl_keep const SyBand *band,
	guint max_dims, __isl_keep const guint *space, guint n, char **why);

/* The candidates, 1D then 2D (then 3D), each with its I/O groups. */
__isl_give GPtrArray *sy_dataflow_candidates(__isl_keep const SyScop *scop,
	__isl_keep const SyDeps *deps, __isl_keep const SyBand *band,
	guint max_dims);

/* Legality of a systolic mapping; reasons gets one string per problem
 * (given to reasons). */
gboolean sy_dataflow_legal(__isl_keep const SyDeps *deps,
	__isl_keep const SyBand *band, __isl_keep GPtrArray *reasons);

G_END_DECLS
