/* The number of integer points of a set without parameters, in closed
 * form, never by enumerating them: how many times a statement of the
 * original problem runs (its domain, the kernel's #defines fixed), for
 * the models' GFLOP/s and PE utilisation.
 *
 * The set is made disjoint and each basic set counted by eliminating its
 * dimensions innermost first: a dimension whose bounds all have
 * coefficient 1 or -1 sums to u - l + 1 over the projection; where it has
 * several lower or upper bounds, the basic set is split (by isl) into
 * disjoint pieces where one of each binds.  The weights are polynomials
 * with exact rational coefficients (GMP), summed over the next dimension
 * with Faulhaber's formulas.  So the work depends on the number of
 * constraints, not of points: a 2^20 x 2^20 triangle costs no more than
 * a 4 x 4 one.
 *
 * What is not counted exactly is refused with an error (no guess):
 * parameters, unbounded sets, existential variables (strides, mod),
 * bounds with another coefficient on the eliminated dimension, more
 * than SY_COUNT_MAX_PIECES pieces or SY_COUNT_MAX_DIMS dimensions, and
 * counts beyond 64 bits.  The isl work runs in the caller's budget
 * (isl_ctx_set_max_operations): a failed isl call is an error too. */
#pragma once

#include <glib.h>
#include <isl/set.h>

#include "base/own.h"

G_BEGIN_DECLS

#define SY_COUNT_ERROR (sy_count_error_quark())

typedef enum {
	SY_COUNT_ERROR_UNSUPPORTED, /* beyond what is counted exactly */
	SY_COUNT_ERROR_TOO_LARGE, /* too many pieces, dims or points */
	SY_COUNT_ERROR_ISL, /* an isl call failed (limit, abort) */
} SyCountError;

GQuark sy_count_error_quark(void);

/* Pieces per set: each dimension eliminated adds its lower bounds times
 * its upper bounds, counted before they are built. */
#define SY_COUNT_MAX_PIECES 4096
#define SY_COUNT_MAX_DIMS 16

/* Sets *count to the number of integer points of set.  On error, *count
 * is -1 and error says why. */
gboolean sy_count_points(
	__isl_keep isl_set *set, __isl_keep gint64 *count, GError **error);

G_END_DECLS
