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

#include "poly/band.h"
#include "poly/deps.h"

G_BEGIN_DECLS

typedef struct {
	const SyArray *array;
	SyDepKind kind; /* flow, read or output */
	guint n_space;
	gint64 *direction; /* distance on the space loops */
	gboolean exterior; /* carried by a space loop */
} SyIoGroup;

typedef struct {
	guint id;
	guint n_space;
	guint space[3]; /* band member indices, ascending */
	GPtrArray *io; /* SyIoGroup */
} SyCandidate;

/* Whether band member m is one of c's space loops. */
gboolean sy_candidate_is_space(const SyCandidate *c, guint m);

/* Whether a dependence of this distance (over the band) crosses PEs:
 * it is not zero on some space loop of c. */
gboolean sy_candidate_crosses_pes(const SyCandidate *c, const gint64 *distance);

/* Whether a band member can be a space loop; if not, why (a sentence,
 * or NULL when it can). */
gboolean sy_dataflow_space_ok(const SyDeps *deps, guint member);
char *sy_dataflow_space_problem(
	const SyDeps *deps, const SyBand *band, guint member);

/* The candidate whose space loops are space (n band member indices, any
 * order), or NULL with the reason in why (to free). */
const SyCandidate *sy_dataflow_find(GPtrArray *candidates, const SyDeps *deps,
	const SyBand *band, guint max_dims, const guint *space, guint n,
	char **why);

/* The candidates, 1D then 2D (then 3D), each with its I/O groups. */
GPtrArray *sy_dataflow_candidates(const SyScop *scop, const SyDeps *deps,
	const SyBand *band, guint max_dims);

/* Legality of a systolic mapping; reasons gets one string per problem. */
gboolean sy_dataflow_legal(
	const SyDeps *deps, const SyBand *band, GPtrArray *reasons);

G_END_DECLS
