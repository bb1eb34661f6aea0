/* Space-time transforms (issue 16): an integer matrix over the loops of
 * the outermost permutable band, space rows first, then time rows, as
 * T2SP's space_time_transform takes it.  The band's schedule becomes
 * T x (old members): the first n_space members are the array's space
 * loops, the rest its time, compared lexicographically.
 *
 * Written forms ("--space-time"):
 *   "[[1,1],[0,1]]"      k = c + q, t = q over the band (c, q);
 *   "[[1,0,0],[1,1,10]]" a chained projection's flattened time row
 *                        t = i + j + 10 k, read as the lexicographic
 *                        time (k, i + j) when 10 covers the span of
 *                        i + j within a PE (the reverse transform's
 *                        (t - s) % 10 and (t - s) / 10);
 * the last row given is time, the others space (at most 3).  A matrix
 * with fewer rows than loops is completed with the loops it leaves out,
 * in band order, as inner time rows; the completed matrix must be
 * unimodular (|det| = 1), so every member value is an integer function
 * of the new ones (its inverse is the reverse transform). */
#pragma once

#include "base/own.h"
#include "poly/band.h"

G_BEGIN_DECLS

#define SY_SPACE_TIME_MAX_SPACE 3
/* Loops a transform can be over. */
#define SY_SPACE_TIME_MAX_LOOPS 8

typedef enum {
	SY_SPACE_TIME_ERROR_SYNTAX, /* not a matrix of integers */
	SY_SPACE_TIME_ERROR_SHAPE, /* rows and loops do not match */
	SY_SPACE_TIME_ERROR_SINGULAR, /* not unimodular once completed */
	SY_SPACE_TIME_ERROR_ILLEGAL, /* a dependence runs backwards */
	SY_SPACE_TIME_ERROR_REQUEST, /* transforms.h: dims or coefficients
					out of range, or too many */
} SySpaceTimeError;

#define SY_SPACE_TIME_ERROR (sy_space_time_error_quark())
GQuark sy_space_time_error_quark(void);

typedef struct {
	guint n_loops; /* the band's members it is over */
	guint n_space; /* the first n_space rows are space */
	/* n_loops x n_loops, row-major: the rows as applied (after
	 * reading a flattened time row and completing) */
	gint64 *rows;
	/* the same size: old member values from the new ones (the
	 * reverse transform) */
	gint64 *inverse;
	guint n_given; /* rows as given (a flattened row counts once) */
	/* rows added to complete the matrix, as "inner time rows: j",
	 * and flattened time rows read lexicographically, as "t = i + j
	 * + 10 k read as (k, i + j)"; NULL if neither */
	char *note;
	/* the text given, as the command of a design repeats it */
	char *text;
	/* every row a unit vector: a loop permutation (loop-aligned);
	 * then space_time is AutoSA's space_time[N] for it, or -1 */
	gboolean loop_aligned;
	gint space_time;
	/* the names of the new members: k (k0, k1, k2) then t (t0, t1,
	 * ...), with '_' added until no identifier of the kernel and no
	 * old member has it */
	char **names; /* n_loops, NULL-terminated */
} SySpaceTime;

/* text read as a transform over band's members; scop gives the names
 * the new members must avoid.  Errors name the row, the numbers and
 * the band's loops, with a hint. */
__isl_give SySpaceTime *sy_space_time_parse(__isl_keep const char *text,
	__isl_keep const SyBand *band, __isl_keep const SyScop *scop,
	GError **error);
/* A transform from its rows (n_rows x n_loops, space rows first), as
 * the parser's second half: completed and checked. */
__isl_give SySpaceTime *sy_space_time_new(__isl_keep const gint64 *rows,
	guint n_rows, guint n_space, __isl_keep const SyBand *band,
	__isl_keep const SyScop *scop, GError **error);
/* The loop-aligned transform of a candidate's space loops (space,
 * n_space band members, ascending): those rows, then the other members
 * in band order as time rows, as AutoSA's space_time[N] schedules. */
__isl_give SySpaceTime *sy_space_time_new_aligned(__isl_keep const guint *space,
	guint n_space, __isl_keep const SyBand *band,
	__isl_keep const SyScop *scop);
void sy_space_time_free(__isl_take SySpaceTime *st);

/* Row r of st (n_loops numbers). */
__isl_keep const gint64 *sy_space_time_row(
	__isl_keep const SySpaceTime *st, guint r);
/* v (n_loops numbers over the old members) mapped: out = T v. */
void sy_space_time_map(__isl_keep const SySpaceTime *st,
	__isl_keep const gint64 *v, __isl_keep gint64 *out);
/* The rows as "[[1,1],[0,1]]" (as applied, after completion). */
__isl_give char *sy_space_time_to_string(__isl_keep const SySpaceTime *st);
/* n_rows rows of n numbers as "[[1,1],[0,1]]". */
__isl_give char *sy_space_time_rows_text(
	__isl_keep const gint64 *rows, guint n_rows, guint n);
/* Each new member as an expression of the old: "k = c + q, t = q". */
__isl_give char *sy_space_time_describe(
	__isl_keep const SySpaceTime *st, __isl_keep const SyBand *old_band);

/* Whether the HLS back end's projects are known to compute st's
 * designs right: st is loop-aligned, or its space rows are loops (unit
 * rows) and its time rows add loops (no negative coefficient).  Other
 * transforms compile (their PE-array C, --emit check, is right) but
 * their I/O modules may not match (skewed PE grids, time running
 * backwards over a loop); if not, why (a sentence). */
gboolean sy_space_time_exportable(
	__isl_keep const SySpaceTime *st, __isl_give char **why);

/* The determinant of an n x n matrix (n <= SY_SPACE_TIME_MAX_LOOPS). */
gint64 sy_space_time_det(__isl_keep const gint64 *m, guint n);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SySpaceTime, sy_space_time_free)

G_END_DECLS
