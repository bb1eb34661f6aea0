/* Dependences: flow, anti and output by isl's dataflow analysis on tagged
 * accesses, and read reuse (RAR) from the access functions, as AutoSA
 * computes it.  Relations come first (SyDeps); distances need the
 * outermost permutable band (band.h), so they are measured afterwards
 * with sy_deps_measure() (deps-measure.h): this stage knows no band. */
#pragma once

#include "base/own.h"
#include "poly/scop.h"

G_BEGIN_DECLS

typedef enum {
	SY_DEP_FLOW,
	SY_DEP_ANTI,
	SY_DEP_OUTPUT,
	SY_DEP_READ,
} SyDepKind;

/* One dependence between two references with one distance in the loops
 * of the band, or a non-uniform one (distance NULL). */
typedef struct {
	SyDepKind kind;
	__isl_keep const SyAccess *source;
	__isl_keep const SyAccess *sink;
	isl_map *relation; /* untagged: S0[i, j] -> S1[i', j'] */
	gboolean uniform;
	guint depth; /* band members: the length of distance */
	gint64 *distance; /* NULL if not uniform */
	char *distances; /* non-uniform: the set of distances */
} SyDep;

typedef struct {
	__isl_keep const SyScop *scop;
	isl_union_map *flow; /* tagged: [S -> R] -> [S' -> R'] */
	isl_union_map *anti;
	isl_union_map *output;
	isl_union_map *read;
	/* untagged flow + anti + output; with live-range reordering
	 * (sy_deps_reorder_live_ranges) the anti and output dependences
	 * of local arrays are left out */
	isl_union_map *validity;
	/* untagged flow + anti + output, always: what a coincident band
	 * member keeps at distance 0, and isl's scheduler's constraints */
	isl_union_map *coincidence;
	gboolean live_range_reordering;
	GPtrArray *deps; /* SyDep, once measured */
	GHashTable *by_ref; /* ref name -> __isl_keep SyAccess */
	GHashTable *live_in; /* __isl_keep SyAccess -> isl_set, see
				sy_deps_live_in() */
	GHashTable *reuse_choice; /* __isl_keep SyAccess -> 1 + the
				     chosen reuse loop's place */
} SyDeps;

__isl_keep const char *sy_dep_kind_name(SyDepKind kind);
/* Frees a SyDep (a GDestroyNotify, for the arrays of them). */
void sy_dep_free(__isl_take gpointer dep);

/* The dependences of scop, which must outlive them. */
__isl_give SyDeps *sy_deps_compute(__isl_keep const SyScop *scop);
void sy_deps_free(__isl_take SyDeps *deps);

/* AutoSA's (PPCG's) --live-range-reordering: the anti and output
 * dependences of arrays declared in the SCoP leave validity, so they no
 * longer limit the band; flow dependences (the live ranges) stay, and
 * so do the false dependences of the kernel's arguments.  A design must
 * still keep them in its own loop order (pe-array.h). */
void sy_deps_reorder_live_ranges(__isl_keep SyDeps *deps);
/* Whether a dependence of this kind ending at access was left out of
 * validity by sy_deps_reorder_live_ranges. */
gboolean sy_deps_relaxed(__isl_keep const SyDeps *deps, SyDepKind kind,
	__isl_keep const SyAccess *access);

/* The tagged relation of one kind. */
__isl_keep isl_union_map *sy_deps_relation(
	__isl_keep const SyDeps *deps, SyDepKind kind);

/* The references at the ends of a tagged dependence map. */
__isl_keep const SyAccess *sy_deps_source_of(
	__isl_keep const SyDeps *deps, __isl_keep isl_map *tagged);
__isl_keep const SyAccess *sy_deps_sink_of(
	__isl_keep const SyDeps *deps, __isl_keep isl_map *tagged);

/* The instances of a read whose value comes from outside the SCoP, or
 * NULL if every value is produced inside (or for locals and
 * arguments). */
__isl_keep isl_set *sy_deps_live_in(
	__isl_keep const SyDeps *deps, __isl_keep const SyAccess *read);

/* The loops a read's subscripts do not involve (its statement's
 * depths, outermost first) into loops (n_iters long): the reuse
 * vectors AutoSA lists as a reference's RAR candidates, in its order;
 * returns how many. */
guint sy_deps_reuse_loops(
	__isl_keep const SyAccess *access, __isl_keep guint *loops);
/* AutoSA's --select-rar-dep: the read's reuse runs along the nth of
 * those loops (the outermost by default); its read dependence is
 * rebuilt, to be measured again. */
void sy_deps_choose_reuse(__isl_keep SyDeps *deps,
	__isl_keep const SyAccess *access, guint nth);

/* A scalar the SCoP only reads: a kernel argument, passed by value. */
gboolean sy_access_is_argument(__isl_keep const SyAccess *access);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyDeps, sy_deps_free)

G_END_DECLS
