/* What a search knows of the designs evaluated so far, as much as its
 * pruning reads: the N best scores, and the (cycles, DSPs) of the
 * designs of no BRAM18K (the only ones whose dominance a point's
 * bounds can be held to: BRAM18K's bound is 0).
 *
 * Why a record apart from the best designs themselves: for the search
 * to be the same for any number of threads, a class prunes by what the
 * classes a fixed window before it found (dse/search.c) and by what it
 * found itself, never by what another thread happens to have found
 * meanwhile.  Each class keeps its own record, the classes' records
 * are merged in the classes' order, and a class starts from a copy of
 * the merged record of its window. */
#pragma once

#include <glib.h>

#include "base/own.h"

G_BEGIN_DECLS

typedef struct _SyDseKnown SyDseKnown;

/* Knowing nothing, keeping the top best scores (top >= 1). */
__isl_give SyDseKnown *sy_dse_known_new(guint top);
__isl_give SyDseKnown *sy_dse_known_copy(__isl_keep const SyDseKnown *k);
void sy_dse_known_free(__isl_take SyDseKnown *k);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyDseKnown, sy_dse_known_free)

/* A design within the budget: its score, cycles, DSPs and BRAM18K. */
void sy_dse_known_add(__isl_keep SyDseKnown *k, double score, double cycles,
	double dsp, double bram18k);
/* What from knows, added to to's (the same top). */
void sy_dse_known_merge(
	__isl_keep SyDseKnown *to, __isl_keep const SyDseKnown *from);
/* The top-th best score known, INFINITY while fewer. */
double sy_dse_known_incumbent(__isl_keep const SyDseKnown *k);
/* Whether a design known has cycles and DSPs at most lower's, one of
 * them less, and no BRAM18K: a point of these bounds is dominated. */
gboolean sy_dse_known_covers(
	__isl_keep const SyDseKnown *k, __isl_keep const double *lower);

G_END_DECLS
