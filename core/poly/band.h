/* The outermost permutable band: the loops, from the outside in, on which
 * every dependence has a non-negative distance.  Systolic arrays are
 * carved out of this band.
 *
 * Systole does not reschedule: the band is made of the user's loops in
 * source order.  Sibling loops with the same iterator name are fused, and
 * a statement beside a loop (an initialisation before it, a store after
 * it) is aligned with the loop's first or last iteration, which is how
 * "C[i][j] = 0; for k ..." joins the band (i, j, k).  The band ends at the
 * first loop on which some dependence would run backwards.
 *
 * When that band has fewer than two loops, isl's scheduler is asked
 * (reschedule.h), as AutoSA does by default: its outermost band replaces
 * the source order's when it is longer and each of its members is, for
 * every statement, one of the statement's loops (the loops may be
 * interchanged and sibling loops fused) or a value of the loops already
 * in the band (the statement aligned).  A member is named after its
 * loops' iterator, or their names joined with '_' where they differ, or
 * "c<position>" (as isl's AST names loops) when that would be longer than
 * SY_BAND_NAME_JOINED_MAX; "_<position>" is added to a name an earlier
 * member has. */
#pragma once

#include "base/own.h"
#include "poly/deps.h"
#include "poly/scop.h"

G_BEGIN_DECLS

#define SY_BAND_NAME_JOINED_MAX 16

typedef struct {
	char *name; /* the iterator's name */
	GPtrArray *loops; /* __isl_keep const SyNode *: the loops it fuses */
	isl_union_pw_aff *value; /* per statement instance */
	gint64 min; /* range of the value over the domain */
	gint64 max;
	gboolean coincident; /* no dependence crosses its iterations */
} SyBandMember;

typedef struct _SyBand {
	guint n_members;
	SyBandMember *members;
	isl_union_map *map; /* S[i] -> [member values] */
	char *stop; /* why the band ends, NULL if no loop left */
	/* it ends at an anti or output dependence of an array declared in
	 * the SCoP, which --live-range-reordering would let go */
	gboolean stop_reorderable;
	GHashTable *absorbed; /* __isl_keep FOR nodes that are band members */
	GPtrArray *inner; /* names of the loops below the band */
	isl_schedule *schedule; /* the band above the rest, source order */
	gboolean rescheduled; /* the band is isl's scheduler's */
	char *source_order; /* rescheduled: the source order's band and
			       why it ends; else, if isl's band was longer
			       but not taken, why not; NULL otherwise */
} SyBand;

__isl_give SyBand *sy_band_compute(
	__isl_keep const SyScop *scop, __isl_keep const SyDeps *deps);
void sy_band_free(__isl_take SyBand *band);

/* band, or isl's outermost band in its place (band is then freed) if
 * band has fewer than two members and isl's is longer and made of the
 * statements' loops.  A stage of its own: isl's scheduler may fail. */
__isl_give SyBand *sy_band_reschedule(__isl_take SyBand *band,
	__isl_keep const SyScop *scop, __isl_keep const SyDeps *deps);

/* A space-time transform's band (space-time.h): the same statements,
 * below-band schedule and loops, with members the combinations rows
 * (n x n over band's members, row-major) of band's, named names.  A
 * member that is one old member keeps its loops; another has the
 * loops of the members it combines. */
__isl_give SyBand *sy_band_transform(__isl_keep const SyBand *band,
	__isl_keep const SyScop *scop, __isl_keep const SyDeps *deps,
	__isl_keep const gint64 *rows, __isl_keep const char *const *names);

int sy_band_member_index(
	__isl_keep const SyBand *band, __isl_keep const char *name);

/* The band's members' names, for messages: "(i, j)". */
__isl_give char *sy_band_members_text(__isl_keep const SyBand *band);

/* The member that FOR node loop is part of, or -1. */
int sy_band_member_of(
	__isl_keep const SyBand *band, __isl_keep const SyNode *loop);

/* The band's values for the statement of stmt_space:
 * S[i, j] -> [v0, v1, ...]. */
__isl_give isl_map *sy_band_map_of(
	__isl_keep const SyBand *band, __isl_take isl_space *stmt_space);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyBand, sy_band_free)

G_END_DECLS
