/* Checked arithmetic where sizes meet: extents, tiles, PEs, trip counts,
 * words, elements and bytes are 64-bit signed counts, and a product or a
 * sum of them that does not fit must be an error the user sees, never a
 * wrapped value in a table or a generated project.  gcc and clang both
 * detect the overflow of the exact result (__builtin_*_overflow). */
#pragma once

#include <glib.h>

#include "base/own.h"

G_BEGIN_DECLS

/* TRUE if a + b (a - b, a * b) does not fit in a gint64; otherwise
 * *result holds it. */
static inline gboolean sy_add_overflow(gint64 a, gint64 b, gint64 *result)
{
	return __builtin_add_overflow(a, b, result);
}

static inline gboolean sy_sub_overflow(gint64 a, gint64 b, gint64 *result)
{
	return __builtin_sub_overflow(a, b, result);
}

static inline gboolean sy_mul_overflow(gint64 a, gint64 b, gint64 *result)
{
	return __builtin_mul_overflow(a, b, result);
}

/* The iterations of a loop from min to max, a step apart (step > 0);
 * FALSE if they do not fit in a gint64. */
gboolean sy_checked_span(gint64 min, gint64 max, gint64 step, gint64 *count);

/* A computation that combines many sizes keeps its first overflow here,
 * so that it can go on (with G_MAXINT64 in place of the value that did
 * not fit) and fail once at the end with the quantity named. */
#define SY_CHECKED_ERROR (sy_checked_error_quark())

typedef enum {
	SY_CHECKED_ERROR_OVERFLOW,
} SyCheckedError;

GQuark sy_checked_error_quark(void);

typedef struct {
	GError *error; /* the first overflow, or NULL */
} SyChecked;

/* a + b and a * b, or G_MAXINT64 and the overflow recorded in ck as
 * "WHAT overflows 64 bits (a x b); ...", what printf-formatted. */
gint64 sy_checked_add(__isl_keep SyChecked *ck, gint64 a, gint64 b,
	__isl_keep const char *what, ...) G_GNUC_PRINTF(4, 5);
gint64 sy_checked_mul(__isl_keep SyChecked *ck, gint64 a, gint64 b,
	__isl_keep const char *what, ...) G_GNUC_PRINTF(4, 5);

/* Records an overflow the caller detected: "WHAT overflows 64 bits
 * (operands); ..." (an SY_CHECKED_ERROR). */
void sy_checked_fail(__isl_keep SyChecked *ck, __isl_keep const char *operands,
	__isl_keep const char *what, ...) G_GNUC_PRINTF(3, 4);

/* TRUE if nothing overflowed; otherwise moves the first overflow to
 * error (which may be NULL) and returns FALSE. */
gboolean sy_checked_ok(__isl_keep SyChecked *ck, GError **error);

G_END_DECLS
